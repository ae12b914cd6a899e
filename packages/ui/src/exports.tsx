/**
 * What the export screens have in common: the plan gate (SPEC 6: exports need a team on a plan other than
 * team49) and the results of one export, comment by comment. Used by the review screen's export panels,
 * the dashboard's Export comments dialog and Settings › Connected accounts. A subpath of its own
 * (`@pinpoint/ui/exports`) like the share dialog: the index is built whole into the shell's first
 * download, and these are wanted only once an export screen opens. The design system is imported by its
 * package name, so federated slices use the shell's copy.
 */
import { Badge, EmptyState } from '@pinpoint/ui'
import { Plug } from 'lucide-react'
import type { ReactNode } from 'react'

/** The answer of an export for one comment (the shape of @pinpoint/api's SyncResult). */
export type ExportResult = {
  annotationId: string
  status: 'created' | 'failed' | 'skipped'
  taskUrl?: string | null
  message?: string | null
}

export type ExportsPlanGateProps = {
  /** Whether the user may change the plan (sees the way to upgrade) or must ask the owner. */
  owner: boolean
  /** The way to the plans for an owner; by default a link that loads /billing/plans. */
  upgrade?: ReactNode
}

export function ExportsPlanGate({ owner, upgrade }: ExportsPlanGateProps) {
  return (
    <EmptyState
      icon={<Plug />}
      title="Exports come with the enterprise plans"
      description={
        owner
          ? 'Sending comments to task tools, a webhook or a CSV file needs a team on an enterprise plan.'
          : 'Sending comments to task tools, a webhook or a CSV file needs a team on an enterprise plan. Ask your team owner to upgrade.'
      }
      action={
        owner
          ? (upgrade ?? (
              <a className="font-medium text-brand-700 underline" href="/billing/plans">
                Upgrade the plan
              </a>
            ))
          : undefined
      }
    />
  )
}

const TONE = { created: 'success', failed: 'danger', skipped: 'neutral' } as const
const WORD = { created: 'Created', failed: 'Failed', skipped: 'Skipped' } as const

export type ExportResultsProps = {
  results: readonly ExportResult[]
  /** How a comment is named in the list ("#3 Logo is blurry"). */
  describe: (annotationId: string) => string
}

/** What an export did, comment by comment: created (with a link to the task), failed (why), skipped (why). */
export function ExportResults({ results, describe }: ExportResultsProps) {
  const created = results.filter((result) => result.status === 'created').length
  return (
    <div role="status" className="space-y-2" data-testid="export-results">
      <p className="text-sm font-medium">
        {created} of {results.length} exported
      </p>
      <ul className="max-h-56 space-y-1.5 overflow-y-auto text-sm">
        {results.map((result) => (
          <li key={result.annotationId} className="flex items-start gap-2">
            <Badge tone={TONE[result.status]}>{WORD[result.status]}</Badge>
            <span className="min-w-0 flex-1">
              <span className="block truncate">{describe(result.annotationId)}</span>
              {result.taskUrl ? (
                <a
                  className="text-brand-700 underline"
                  href={result.taskUrl}
                  target="_blank"
                  rel="noreferrer"
                >
                  Open the task
                </a>
              ) : null}
              {result.message ? <span className="block text-xs text-ink-muted">{result.message}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
