/**
 * One destination of the export dialog: a task tool (pick where the tasks go, loaded from the tool) or the
 * webhook. Not connected: the way to Settings. Asana, ClickUp and the webhook can also keep this canvas in
 * sync (auto-sync): new comments and replies follow by themselves, task statuses come back.
 */
import type { AccountsView, AccountType, SyncResult, TaskToolType, ToolInfo } from '@pinpoint/api'
import { Badge, Button, DestinationFields } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { accountsKey, integrations } from './accounts'

const AUTO_SYNC = new Set<AccountType>(['asana', 'clickup', 'webhook'])

export function ToolPanel({
  type,
  label,
  tool,
  view,
  canvasId,
  annotationIds,
  onResults,
}: {
  type: AccountType
  label: string
  tool: ToolInfo | null
  view: AccountsView
  canvasId: string
  annotationIds: readonly string[]
  onResults: (results: SyncResult[]) => void
}) {
  const account = view.accounts.find((a) => a.type === type) ?? null
  const [picked, setPicked] = useState<Record<string, string>>({})
  const queryClient = useQueryClient()
  const steps = tool?.fields ?? []
  const complete = steps.every((step) => step.optional || picked[step.name])
  const loadChoices = useCallback(
    async (field: string, earlier: Record<string, string>) =>
      (await integrations.choices(type as TaskToolType, field, earlier)).choices,
    [type],
  )
  const body = () => {
    const sent: Record<string, string> = {}
    for (const step of steps) {
      const value = picked[step.name]
      if (step.sent && value) sent[step.name] = value
    }
    return sent
  }
  const exportNow = useMutation({
    mutationFn: () => integrations.sync(type, { ...body(), annotationIds: [...annotationIds] }),
    onSuccess: (answer) => onResults(answer.results),
  })
  const autoSync = view.autoSyncs.find((sync) => sync.canvasId === canvasId && sync.type === type) ?? null
  const link = useMutation({
    mutationFn: () =>
      autoSync
        ? integrations.removeAutoSync(canvasId)
        : integrations.setAutoSync(type as 'asana' | 'clickup' | 'webhook', { ...body(), canvasId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  })
  if (!account) {
    return (
      <p className="text-sm text-ink-muted">
        {label} is not connected.{' '}
        <a className="font-medium text-brand-700 underline" href="/settings/integrations">
          Connect {label} in Settings
        </a>
        , then come back to export.
      </p>
    )
  }
  return (
    <div className="space-y-4">
      {account.status === 'reconnect' ? (
        <p className="text-sm text-danger-700">
          {label} refused the saved token.{' '}
          <a className="underline" href="/settings/integrations">
            Reconnect it in Settings
          </a>
          .
        </p>
      ) : null}
      {steps.length > 0 ? (
        <DestinationFields steps={steps} value={picked} onChange={setPicked} loadChoices={loadChoices} />
      ) : (
        <p className="text-sm text-ink-muted">
          Each comment is sent as a signed message to {account.accountName}.
        </p>
      )}
      {exportNow.isError ? <p className="text-sm text-danger-700">{exportNow.error.message}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={!complete || annotationIds.length === 0}
          loading={exportNow.isPending}
          onClick={() => exportNow.mutate()}
        >
          Export {annotationIds.length} {annotationIds.length === 1 ? 'comment' : 'comments'} to {label}
        </Button>
        {AUTO_SYNC.has(type) ? (
          <Button
            variant="secondary"
            disabled={!autoSync && !complete}
            loading={link.isPending}
            onClick={() => link.mutate()}
          >
            {autoSync ? 'Stop syncing this canvas' : 'Keep this canvas in sync'}
          </Button>
        ) : null}
        {autoSync ? (
          <Badge
            tone={autoSync.syncStatus === 'failed' ? 'danger' : 'success'}
            title={autoSync.lastError ?? undefined}
          >
            Auto-sync {autoSync.syncStatus}
          </Badge>
        ) : null}
      </div>
      {autoSync?.lastError ? <p className="text-xs text-danger-700">{autoSync.lastError}</p> : null}
    </div>
  )
}
