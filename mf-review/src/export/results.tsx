/** What an export did, comment by comment: created (with a link to the task), failed (why), skipped (why). */
import type { SyncResult } from '@pinpoint/api'
import { Badge } from '@pinpoint/ui'
import type { Annotation } from '../data/types'
import { plainComment } from '../lib/list'

const TONE = { created: 'success', failed: 'danger', skipped: 'neutral' } as const
const WORD = { created: 'Created', failed: 'Failed', skipped: 'Skipped' } as const

export function ExportResults({
  results,
  annotations,
  numbers,
}: {
  results: readonly SyncResult[]
  annotations: readonly Annotation[]
  numbers: Map<string, number>
}) {
  const byId = new Map(annotations.map((annotation) => [annotation.id, annotation]))
  const created = results.filter((result) => result.status === 'created').length
  return (
    <div role="status" className="space-y-2" data-testid="export-results">
      <p className="text-sm font-medium">
        {created} of {results.length} exported
      </p>
      <ul className="max-h-56 space-y-1.5 overflow-y-auto text-sm">
        {results.map((result) => {
          const annotation = byId.get(result.annotationId)
          return (
            <li key={result.annotationId} className="flex items-start gap-2">
              <Badge tone={TONE[result.status]}>{WORD[result.status]}</Badge>
              <span className="min-w-0 flex-1">
                <span className="block truncate">
                  #{numbers.get(result.annotationId) ?? '?'}{' '}
                  {annotation ? plainComment(annotation.comment) || 'No text' : 'Comment'}
                </span>
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
                {result.message ? (
                  <span className="block text-xs text-ink-muted">{result.message}</span>
                ) : null}
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
