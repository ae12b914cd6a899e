import type { ImpersonationRecord } from '@pinpoint/api'
import { currentUserAtom } from '@pinpoint/state'
import { Button, Card, ErrorState, Field, Input, Skeleton } from '@pinpoint/ui'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { Rocket, Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { PageContainer } from '../../layout/app-layout'
import { errorMessage } from '../../lib/errors'
import { staffEndpoints } from '../../staff/api'
import { AccountRow } from './account-row'
import { NotStaff } from './not-staff'

/** /staff: find a customer's account, switch its beta features, impersonate it; the audit trail (decision 043). */
export function StaffPage() {
  const user = useAtomValue(currentUserAtom)
  if (!user) return null
  if (!user.isStaff) return <NotStaff />
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Staff tools</h1>
        <p className="text-sm text-ink-muted">
          Find a customer’s account to see the product as they do, or to turn beta features on for them. Every
          impersonation is recorded below.
        </p>
        <Link
          to="/staff/releases"
          className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline"
        >
          <Rocket aria-hidden className="size-4" />
          Front-end releases: which version of each slice is live
        </Link>
      </div>
      <AccountSearch selfId={user.id} />
      <ImpersonationLog />
    </PageContainer>
  )
}

function AccountSearch({ selfId }: { selfId: string }) {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const results = useQuery({
    queryKey: ['staff', 'users', query],
    queryFn: ({ signal }) => staffEndpoints.searchUsers(query, { signal }),
    enabled: query.length > 0,
    select: (data) => data.users,
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setQuery(text.trim())
  }
  return (
    <Card title="Find an account" bodyClassName="p-0 pt-3">
      <form onSubmit={onSubmit} className="flex items-end gap-2 px-5 pb-4">
        <Field label="E-mail, name or user id" className="min-w-0 flex-1">
          <Input
            type="search"
            name="query"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="someone@company.com"
          />
        </Field>
        <Button type="submit" disabled={!text.trim()}>
          <Search />
          Search
        </Button>
      </form>
      {!query ? null : results.isPending ? (
        <div className="space-y-2 px-5 pb-5">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : results.isError ? (
        <div className="px-5 pb-5">
          <ErrorState
            title="The search failed"
            message={errorMessage(results.error)}
            onRetry={() => void results.refetch()}
          />
        </div>
      ) : results.data.length === 0 ? (
        <p className="border-t border-line px-5 py-4 text-sm text-ink-muted" role="status">
          No account matches “{query}”.
        </p>
      ) : (
        <ul className="divide-y divide-line border-t border-line" aria-label="Accounts found">
          {results.data.map((account) => (
            <AccountRow key={account.id} account={account} selfId={selfId} />
          ))}
        </ul>
      )}
    </Card>
  )
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

const END_REASONS: Record<NonNullable<ImpersonationRecord['endReason']>, string> = {
  stopped: 'stopped',
  switched: 'switched to another account',
  logout: 'signed out',
}

function ImpersonationLog() {
  const log = useQuery({
    queryKey: ['staff', 'impersonations'],
    queryFn: ({ signal }) => staffEndpoints.impersonations({ signal }),
    select: (data) => data.impersonations,
  })
  return (
    <Card title="Recent impersonations" description="Who acted as whom, and when." bodyClassName="p-0 pt-3">
      {log.isPending ? (
        <div className="px-5 pb-5">
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : log.isError ? (
        <div className="px-5 pb-5">
          <ErrorState
            title="The log could not be loaded"
            message={errorMessage(log.error)}
            onRetry={() => void log.refetch()}
          />
        </div>
      ) : log.data.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-ink-muted">Nobody has impersonated anyone yet.</p>
      ) : (
        <ul className="divide-y divide-line border-t border-line" data-testid="impersonation-log">
          {log.data.map((row) => (
            <li key={row.id} className="px-5 py-3 text-sm">
              <p>
                <span className="font-medium">{row.staffEmail}</span> acted as{' '}
                <span className="font-medium">
                  {row.targetName} ({row.targetEmail})
                </span>
              </p>
              <p className="text-xs text-ink-muted">
                {when(row.startedAt)} –{' '}
                {row.endedAt
                  ? `${when(row.endedAt)}, ${row.endReason ? END_REASONS[row.endReason] : 'ended'}`
                  : 'still going'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
