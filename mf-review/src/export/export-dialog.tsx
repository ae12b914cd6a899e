/**
 * The export panels of the review screen (SPEC 2): Trello, monday.com, Asana, Jira, ClickUp, the webhook
 * and CSV. Pick the comments (the list's current filter, or the batch selection), pick the destination,
 * export, and see what happened to each comment. Exports need a team on a plan other than team49 (SPEC 6):
 * others see the plan gate with the way to upgrade.
 */
import { type AccountType, csvBlob, type SyncResult } from '@pinpoint/api'
import { canUseExports, canViewBilling } from '@pinpoint/domain'
import { Button, Dialog, Spinner, Tabs } from '@pinpoint/ui'
import { ExportResults, ExportsPlanGate } from '@pinpoint/ui/exports'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { reviewKeys } from '../data/cache'
import { plainComment } from '../lib/list'
import { useListedAnnotations } from '../listing'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { downloadBlob, integrations, useAccounts } from './accounts'
import { ToolPanel } from './tool-panel'

const PANELS: ReadonlyArray<{ type: AccountType | 'csv'; label: string }> = [
  { type: 'trello', label: 'Trello' },
  { type: 'monday', label: 'monday.com' },
  { type: 'asana', label: 'Asana' },
  { type: 'jira', label: 'Jira' },
  { type: 'clickup', label: 'ClickUp' },
  { type: 'webhook', label: 'Webhook' },
  { type: 'csv', label: 'CSV' },
]

export function ExportDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { user } = useReview()
  const allowed = canUseExports(user)
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Export comments" size="lg">
      {open ? allowed ? <ExportPanels /> : <ExportsPlanGate owner={canViewBilling(user)} /> : null}
    </Dialog>
  )
}

function ExportPanels() {
  const { canvas, annotations, numbers } = useReview()
  const listed = useListedAnnotations()
  const atoms = useReviewAtoms()
  const batch = useAtomValue(atoms.batchSelection)
  const accounts = useAccounts(true)
  const initial = listed.filter((a) => batch.size === 0 || batch.has(a.id)).map((a) => a.id)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial))
  const [results, setShownResults] = useState<SyncResult[] | null>(null)
  const client = useQueryClient()
  // The exported mark also arrives by the live channel; asking now shows the badges without waiting.
  const setResults = (next: SyncResult[] | null) => {
    setShownResults(next)
    if (next) void client.invalidateQueries({ queryKey: reviewKeys.annotations(canvas.id) })
  }
  const byId = new Map(annotations.map((annotation) => [annotation.id, annotation]))
  const describe = (id: string) => {
    const annotation = byId.get(id)
    return `#${numbers.get(id) ?? '?'} ${annotation ? plainComment(annotation.comment) || 'No text' : 'Comment'}`
  }
  const [panel, setPanel] = useState<string>('trello')
  const ids = listed.filter((a) => chosen.has(a.id)).map((a) => a.id)
  const csv = async () => {
    const text = await integrations.csv(canvas.id, ids)
    downloadBlob(csvBlob(text), `${canvas.title || 'comments'}.csv`)
    setResults(ids.map((annotationId) => ({ annotationId, status: 'created' as const })))
  }
  return (
    <div className="space-y-4">
      <fieldset className="rounded-md border border-line p-2">
        <legend className="px-1 text-sm font-medium">
          Comments to export ({ids.length} of {listed.length} in the list)
        </legend>
        <label className="flex items-center gap-2 px-1 py-0.5 text-sm">
          <input
            type="checkbox"
            className="accent-brand-600"
            checked={ids.length === listed.length && listed.length > 0}
            onChange={(event) => setChosen(new Set(event.target.checked ? listed.map((a) => a.id) : []))}
          />
          All listed comments
        </label>
        <ul className="max-h-36 overflow-y-auto">
          {listed.map((annotation) => (
            <li key={annotation.id}>
              <label className="flex items-center gap-2 px-1 py-0.5 text-sm">
                <input
                  type="checkbox"
                  className="accent-brand-600"
                  checked={chosen.has(annotation.id)}
                  onChange={(event) => {
                    const next = new Set(chosen)
                    if (event.target.checked) next.add(annotation.id)
                    else next.delete(annotation.id)
                    setChosen(next)
                  }}
                />
                <span className="truncate">
                  #{numbers.get(annotation.id)} {plainComment(annotation.comment) || 'No text'}
                </span>
                {annotation.lastExportDate ? <span className="text-xs text-ink-muted">exported</span> : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {accounts.isPending ? (
        <Spinner label="Loading your connected accounts" />
      ) : accounts.isError ? (
        <p className="text-sm text-danger-700">{accounts.error.message}</p>
      ) : (
        <Tabs
          label="Export to"
          value={panel}
          onValueChange={(value) => {
            setPanel(value)
            setResults(null)
          }}
          tabs={PANELS.map(({ type, label }) => ({
            value: type,
            label,
            content:
              type === 'csv' ? (
                <div className="space-y-3">
                  <p className="text-sm text-ink-muted">
                    A spreadsheet file (UTF-8, opens in Excel, Numbers and Google Sheets) of the chosen
                    comments.
                  </p>
                  <Button disabled={ids.length === 0} onClick={() => void csv()}>
                    Download CSV
                  </Button>
                </div>
              ) : (
                <ToolPanel
                  type={type}
                  label={label}
                  tool={accounts.data.tools.find((tool) => tool.type === type) ?? null}
                  view={accounts.data}
                  canvasId={canvas.id}
                  annotationIds={ids}
                  onResults={setResults}
                />
              ),
          }))}
        />
      )}
      {results ? <ExportResults results={results} describe={describe} /> : null}
    </div>
  )
}
