/**
 * Canvas review verdicts (SPEC 3 CanvasReview.status; SPEC 4 leaves the values to us). A reviewer approves
 * a revision or asks for changes; 'rejected' is accepted from the API for tools that say no outright.
 * The dashboard filters canvases by the latest verdict on their current revision.
 */

export const REVIEW_VERDICTS = ['approved', 'changes-requested', 'rejected'] as const
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number]

/** Dashboard filter by verdict: any canvas, one verdict, or none on the current revision yet. */
export const VERDICT_FILTERS = ['any', 'approved', 'changes-requested', 'rejected', 'unreviewed'] as const
export type VerdictFilter = (typeof VERDICT_FILTERS)[number]

export function isReviewVerdict(value: unknown): value is ReviewVerdict {
  return typeof value === 'string' && (REVIEW_VERDICTS as readonly string[]).includes(value)
}

/** The verdict as shown on a badge: 'Approved', 'Changes requested', 'Rejected'. */
export function verdictLabel(status: string): string {
  switch (status) {
    case 'approved':
      return 'Approved'
    case 'changes-requested':
      return 'Changes requested'
    case 'rejected':
      return 'Rejected'
    default:
      return status
  }
}

/** The sentence of the owner's notification: 'Ann approved revision 2 of “Home”'. */
export function verdictSentence(input: {
  actorName: string | null
  status: string
  revisionNumber: number | null
  canvasTitle: string
}): string {
  const name = input.actorName?.trim() || 'Someone'
  const revision = input.revisionNumber ? `revision ${input.revisionNumber} of ` : ''
  const verb =
    input.status === 'approved'
      ? 'approved'
      : input.status === 'rejected'
        ? 'rejected'
        : 'requested changes to'
  return `${name} ${verb} ${revision}“${input.canvasTitle}”`
}
