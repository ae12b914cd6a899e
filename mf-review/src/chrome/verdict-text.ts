/** The verdicts a reviewer can give a revision, and which one the header shows. */
import type { CanvasReview } from '@pinpoint/api'

export const VERDICTS = [
  { status: 'approved', label: 'Approve', shown: 'Approved', tone: 'success' },
  { status: 'changes-requested', label: 'Request changes', shown: 'Changes requested', tone: 'warning' },
] as const

export type VerdictStatus = (typeof VERDICTS)[number]['status']

/** The latest verdict on `revisionId` (the revision on screen), or null when it has none yet. */
export function latestVerdict(
  reviews: readonly CanvasReview[] | undefined,
  revisionId: string | null,
): CanvasReview | null {
  let latest: CanvasReview | null = null
  for (const review of reviews ?? []) {
    if (review.CanvasRevisionId !== revisionId) continue
    if (!latest || review.createdAt > latest.createdAt) latest = review
  }
  return latest
}

export function verdictName(status: string): string {
  if (status === 'rejected') return 'Rejected'
  return VERDICTS.find((v) => v.status === status)?.shown ?? status
}
