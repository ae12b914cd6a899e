/**
 * Export annotations (SPEC 2 dashboard dialog): a canvas's comments — all of them, or only those not
 * exported yet — to a connected task tool, the webhook or a CSV file, with what happened to each. Exports
 * need a team on a plan other than team49 (SPEC 6): others see the plan gate with the way to upgrade.
 */
import { type AccountType, csvBlob, type SyncResult, type TaskToolType } from '@pinpoint/api'
import { canUseExports, canViewBilling, mentionsAsNames } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import { DestinationFields, Field, FormDialog, Select, Spinner } from '@pinpoint/ui'
import { ExportResults, ExportsPlanGate } from '@pinpoint/ui/exports'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useCallback, useState } from 'react'
import { api, endpoints } from '../../api'
import type { CanvasDialogsProps } from './types'

const LABELS: Record<AccountType | 'csv', string> = {
  trello: 'Trello',
  monday: 'monday.com',
  asana: 'Asana',
  jira: 'Jira',
  clickup: 'ClickUp',
  webhook: 'Webhook',
  csv: 'CSV file',
}

export function ExportDialog({ canvas, onClose }: CanvasDialogsProps) {
  const user = toDomainUser(useAtomValue(currentUserAtom))
  if (!canUseExports(user)) {
    return (
      <FormDialog onClose={onClose} title="Export comments">
        <ExportsPlanGate owner={canViewBilling(user)} />
      </FormDialog>
    )
  }
  return <ExportForm canvas={canvas} onClose={onClose} />
}

function ExportForm({ canvas, onClose }: Pick<CanvasDialogsProps, 'canvas' | 'onClose'>) {
  const [target, setTarget] = useState<AccountType | 'csv'>('csv')
  const [which, setWhich] = useState<'all' | 'new'>('new')
  const [picked, setPicked] = useState<Record<string, string>>({})
  const [results, setResults] = useState<SyncResult[] | null>(null)
  const queryClient = useQueryClient()
  const accounts = useQuery({
    queryKey: ['users', 'me', 'accounts'],
    queryFn: ({ signal }) => endpoints.accounts.list({ signal }),
  })
  const comments = useQuery({
    queryKey: ['canvases', canvas.id, 'annotations', 'export'],
    queryFn: ({ signal }) =>
      api.get<{ annotations: { id: string; comment: string; lastExportDate?: string | null }[] }>(
        `/canvases/${canvas.id}/annotations`,
        { signal },
      ),
  })
  const connected = new Set(accounts.data?.accounts.map((account) => account.type) ?? [])
  const tool = accounts.data?.tools.find((t) => t.type === target) ?? null
  const steps = tool?.fields ?? []
  const ids = (comments.data?.annotations ?? [])
    .filter((annotation) => which === 'all' || !annotation.lastExportDate)
    .map((annotation) => annotation.id)
  const loadChoices = useCallback(
    async (field: string, earlier: Record<string, string>) =>
      (await endpoints.accounts.choices(target as TaskToolType, field, earlier)).choices,
    [target],
  )
  const run = useMutation({
    mutationFn: async (): Promise<SyncResult[]> => {
      if (target === 'csv') {
        const text = await endpoints.accounts.csv(canvas.id, ids)
        const url = URL.createObjectURL(csvBlob(text))
        const link = document.createElement('a')
        link.href = url
        link.download = `${canvas.title || 'comments'}.csv`
        document.body.append(link)
        link.click()
        link.remove()
        setTimeout(() => URL.revokeObjectURL(url), 1000)
        return ids.map((annotationId) => ({ annotationId, status: 'created' as const }))
      }
      const body: Record<string, string> = {}
      for (const step of steps) if (step.sent && picked[step.name]) body[step.name] = picked[step.name] ?? ''
      return (await endpoints.accounts.sync(target, { ...body, annotationIds: ids })).results
    },
    onSuccess: async (answer) => {
      setResults(answer)
      await queryClient.invalidateQueries({ queryKey: ['canvases', canvas.id, 'annotations', 'export'] })
    },
  })
  const ready =
    ids.length > 0 &&
    (target === 'csv' || (connected.has(target) && steps.every((step) => step.optional || picked[step.name])))
  // A comment is named by its text (the numbers of the review screen belong to one revision's list).
  const texts = new Map((comments.data?.annotations ?? []).map((a) => [a.id, mentionsAsNames(a.comment)]))
  const describe = (id: string) => texts.get(id) || 'No text'
  return (
    <FormDialog
      onClose={onClose}
      title="Export comments"
      description={`The comments of “${canvas.title}”.`}
      confirmLabel={results ? 'Export again' : 'Export'}
      onConfirm={() => run.mutate()}
      pending={run.isPending}
      disabled={!ready}
      size="lg"
    >
      {accounts.isPending || comments.isPending ? (
        <Spinner label="Loading" />
      ) : (
        <div className="flex flex-col gap-4">
          <Field label="Comments">
            <Select value={which} onChange={(e) => setWhich(e.target.value as 'all' | 'new')}>
              <option value="new">
                Not exported yet ({(comments.data?.annotations ?? []).filter((a) => !a.lastExportDate).length}
                )
              </option>
              <option value="all">All comments ({comments.data?.annotations.length ?? 0})</option>
            </Select>
          </Field>
          <Field label="Export to">
            <Select
              value={target}
              onChange={(e) => {
                setTarget(e.target.value as AccountType | 'csv')
                setPicked({})
                setResults(null)
              }}
            >
              {(Object.keys(LABELS) as Array<AccountType | 'csv'>).map((type) => (
                <option key={type} value={type}>
                  {LABELS[type]}
                  {type !== 'csv' && !connected.has(type) ? ' (not connected)' : ''}
                </option>
              ))}
            </Select>
          </Field>
          {target !== 'csv' && !connected.has(target) ? (
            <p className="text-sm text-ink-muted">
              <a className="font-medium text-brand-700 underline" href="/settings/integrations">
                Connect {LABELS[target]} in Settings
              </a>{' '}
              first.
            </p>
          ) : null}
          {target !== 'csv' && connected.has(target) && steps.length > 0 ? (
            <DestinationFields
              key={target}
              steps={steps}
              value={picked}
              onChange={setPicked}
              loadChoices={loadChoices}
            />
          ) : null}
          {run.isError ? <p className="text-sm text-danger-700">{run.error.message}</p> : null}
          {results ? <ExportResults results={results} describe={describe} /> : null}
        </div>
      )}
    </FormDialog>
  )
}
