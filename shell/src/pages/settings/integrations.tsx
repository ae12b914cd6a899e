/**
 * Settings › Connected accounts (SPEC 7): connect the five task tools (checked against the tool before
 * they are saved) and the webhook (its signing secret shown once), see which need reconnecting, send the
 * webhook a test event and read its delivery log. Exports need a team on a plan other than team49 (SPEC 6):
 * others see the plan gate with the way to upgrade.
 */
import type { AccountsView, ConnectedAccount, TaskToolType, ToolInfo } from '@pinpoint/api'
import { canViewBilling } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import { Badge, Button, buttonClasses, Card, ErrorState, Field, Input, Skeleton } from '@pinpoint/ui'
import { ExportsPlanGate } from '@pinpoint/ui/exports'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { endpoints } from '../../api'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { accountsKey, useDisconnect } from './accounts-data'
import { WebhookCard } from './webhook-card'

const TOKEN_HELP: Record<TaskToolType, string> = {
  trello: 'A Trello token (trello.com/app-key → Token).',
  monday: 'A monday.com personal API token (Profile → Developers → My access tokens).',
  asana: 'An Asana personal access token (My settings → Apps → Developer apps).',
  jira: 'A Jira API token (id.atlassian.com → Security → API tokens), or a personal access token on Jira Server.',
  clickup: 'A ClickUp personal token (Settings → Apps → API token), starting with pk_.',
}

export function IntegrationSettingsPage() {
  const accounts = useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => endpoints.accounts.list({ signal }),
  })
  return (
    <>
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Connected accounts</h2>
        <p className="text-sm text-ink-muted">
          Send comments to the task tool your team uses, or to your own webhook. Tokens are stored encrypted
          and never shown again.
        </p>
      </div>
      {accounts.isPending ? (
        <Skeleton className="h-40" />
      ) : accounts.isError ? (
        <Card>
          <ErrorState
            title="Connected accounts could not be loaded"
            message={errorMessage(accounts.error)}
            onRetry={() => void accounts.refetch()}
          />
        </Card>
      ) : accounts.data.exportsAllowed ? (
        <AccountList view={accounts.data} />
      ) : (
        <ExportsPlanGateCard />
      )}
    </>
  )
}

/** SPEC 6: exports need a team on a plan other than team49. Owners get the way to upgrade. */
export function ExportsPlanGateCard() {
  const user = toDomainUser(useAtomValue(currentUserAtom))
  return (
    <Card>
      <ExportsPlanGate
        owner={canViewBilling(user)}
        upgrade={
          <Link to="/billing/plans" className={buttonClasses({ variant: 'primary' })}>
            Upgrade the plan
          </Link>
        }
      />
    </Card>
  )
}

function AccountList({ view }: { view: AccountsView }) {
  const byType = new Map(view.accounts.map((account) => [account.type, account]))
  return (
    <>
      {view.tools.map((tool) => (
        <ToolCard key={tool.type} tool={tool} account={byType.get(tool.type) ?? null} />
      ))}
      <WebhookCard account={byType.get('webhook') ?? null} />
    </>
  )
}

function StatusBadge({ account }: { account: ConnectedAccount | null }) {
  if (!account) return <Badge>Not connected</Badge>
  if (account.status === 'reconnect') return <Badge tone="danger">Reconnect needed</Badge>
  return (
    <Badge tone="success" dot>
      Connected
    </Badge>
  )
}

function ToolCard({ tool, account }: { tool: ToolInfo; account: ConnectedAccount | null }) {
  const [editing, setEditing] = useState(false)
  const [form, setForm] = useState({ token: '', username: '', url: '' })
  const [error, setError] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const toast = useToast()
  const connect = useMutation({
    mutationFn: () =>
      endpoints.accounts.connect(tool.type, tool.type === 'jira' ? form : { token: form.token }),
    onSuccess: async ({ account: saved }) => {
      setForm({ token: '', username: '', url: '' })
      setEditing(false)
      setError(null)
      toast({ type: 'success', message: `${tool.label} connected as ${saved.accountName ?? 'your account'}` })
      await queryClient.invalidateQueries({ queryKey: accountsKey })
    },
    onError: (err) => setError(errorMessage(err)),
  })
  const disconnect = useDisconnect(tool.type, tool.label)
  const showForm = editing || !account || account.status === 'reconnect'
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!form.token.trim()) return setError('Paste the token from the tool.')
    setError(null)
    connect.mutate()
  }
  return (
    <form onSubmit={onSubmit} aria-label={`${tool.label} account`}>
      <Card
        title={tool.label}
        description={
          account?.accountName
            ? `Connected as ${account.accountName}`
            : `Export comments as ${taskWord(tool.type)}.`
        }
        actions={<StatusBadge account={account} />}
        footer={
          <div className="flex flex-wrap gap-2">
            {showForm ? (
              <Button type="submit" loading={connect.isPending}>
                {account ? `Reconnect ${tool.label}` : `Connect ${tool.label}`}
              </Button>
            ) : (
              <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
                Change token
              </Button>
            )}
            {account ? (
              <Button
                type="button"
                variant="ghost"
                loading={disconnect.isPending}
                onClick={() => disconnect.mutate()}
              >
                Disconnect
              </Button>
            ) : null}
          </div>
        }
      >
        {account?.status === 'reconnect' && account.lastError ? (
          <p className="mb-3 text-sm text-danger-700">{account.lastError}</p>
        ) : null}
        {showForm ? (
          <div className="grid gap-3">
            {tool.type === 'jira' ? (
              <>
                <Field
                  label="Jira address"
                  hint="https://your-site.atlassian.net, or your Jira Server address."
                >
                  <Input
                    type="url"
                    value={form.url}
                    onChange={(e) => setForm({ ...form, url: e.target.value })}
                    autoComplete="url"
                  />
                </Field>
                <Field label="User name or e-mail">
                  <Input
                    value={form.username}
                    onChange={(e) => setForm({ ...form, username: e.target.value })}
                  />
                </Field>
              </>
            ) : null}
            <Field label={`${tool.label} token`} hint={TOKEN_HELP[tool.type]} error={error}>
              <Input
                type="password"
                autoComplete="off"
                value={form.token}
                onChange={(e) => setForm({ ...form, token: e.target.value })}
              />
            </Field>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">
            Pick {tool.label} in a review's export panel to send comments.
          </p>
        )}
      </Card>
    </form>
  )
}

const taskWord = (type: TaskToolType) =>
  ({
    trello: 'Trello cards',
    monday: 'monday.com items',
    asana: 'Asana tasks',
    jira: 'Jira issues',
    clickup: 'ClickUp tasks',
  })[type]
