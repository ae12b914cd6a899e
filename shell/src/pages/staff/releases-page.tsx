import type { ReleaseSlice, ReleaseSwitch, SliceReleases } from '@pinpoint/api'
import { currentUserAtom } from '@pinpoint/state'
import { Badge, Button, Card, ErrorState, Skeleton } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { ArrowLeft, Undo2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { PageContainer } from '../../layout/app-layout'
import { errorMessage } from '../../lib/errors'
import { releaseEndpoints } from '../../staff/api'
import { NotStaff } from './not-staff'

const RELEASES_KEY = ['staff', 'releases'] as const
const SLICE_NAMES: Record<ReleaseSlice, string> = {
  dashboard: 'Dashboard',
  review: 'Review',
  billing: 'Billing',
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : null

/**
 * /staff/releases (decision 051): per front-end slice, the versions published, which is live, who switched
 * and when; Switch and Roll back call the staff API, and the shell loads the new version on the next navigation.
 */
export function ReleasesPage() {
  const user = useAtomValue(currentUserAtom)
  const releases = useQuery({
    queryKey: RELEASES_KEY,
    queryFn: ({ signal }) => releaseEndpoints.list({ signal }),
    select: (data) => data.slices,
    enabled: user?.isStaff === true,
  })
  if (!user) return null
  if (!user.isStaff) return <NotStaff />
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <Link
          to="/staff"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Staff tools
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Front-end releases</h1>
        <p className="text-sm text-ink-muted">
          Each slice is released on its own (<code>bun run release</code> in its folder). Switching makes a
          version live for everyone’s next page load; pages already open keep the version they loaded.
        </p>
      </div>
      {releases.isPending ? (
        <Card>
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ) : releases.isError ? (
        <ErrorState
          title="The releases could not be loaded"
          message={errorMessage(releases.error)}
          onRetry={() => void releases.refetch()}
        />
      ) : (
        releases.data.map((slice) => <SliceCard key={slice.slice} slice={slice} />)
      )}
    </PageContainer>
  )
}

function liveText(live: ReleaseSwitch): string {
  const version = live.version ?? 'the build shipped with the server'
  if (!live.switchedAt) return `Live: ${version}.`
  return `Live: ${version}, switched by ${live.switchedBy ?? 'a former staff member'} on ${when(live.switchedAt)}.`
}

function SliceCard({ slice }: { slice: SliceReleases }) {
  const name = SLICE_NAMES[slice.slice]
  const queryClient = useQueryClient()
  const [done, setDone] = useState<string | null>(null)
  const change = useMutation({
    mutationFn: (action: { version: string | null } | 'rollback') =>
      action === 'rollback'
        ? releaseEndpoints.rollback(slice.slice)
        : releaseEndpoints.switchTo(slice.slice, action.version),
    onMutate: () => setDone(null),
    onSuccess: async () => {
      const fresh = await queryClient.fetchQuery({
        queryKey: RELEASES_KEY,
        queryFn: () => releaseEndpoints.list(),
        // Always from the server: what is live now, not the list from before the switch.
        staleTime: 0,
      })
      const live = fresh.slices.find((row) => row.slice === slice.slice)?.live.version
      setDone(`${name} now runs ${live ?? 'the shipped build'}; the next page load gets it.`)
    },
  })
  const rows: { version: string | null; detail: string; contract: string | null }[] = [
    ...slice.versions.map((release) => ({
      version: release.version,
      detail: `${release.publishedBy}, ${when(release.publishedAt)}`,
      contract: release.contract,
    })),
    { version: null, detail: 'Ships with the server', contract: null },
  ]
  const headingId = `release-${slice.slice}`
  return (
    <Card
      title={<span id={headingId}>{name}</span>}
      description={liveText(slice.live)}
      data-testid={`releases-${slice.slice}`}
      actions={
        slice.switches.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            loading={change.isPending && change.variables === 'rollback'}
            disabled={change.isPending}
            onClick={() => change.mutate('rollback')}
          >
            <Undo2 aria-hidden />
            Roll back {name}
          </Button>
        ) : null
      }
      bodyClassName="p-0 pt-3"
    >
      {change.isError ? (
        <p role="alert" className="mx-5 mb-3 rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700">
          {errorMessage(change.error)}
        </p>
      ) : null}
      <p role="status" className="mx-5 mb-3 text-sm text-success-700 empty:hidden">
        {done}
      </p>
      <ul className="divide-y divide-line border-t border-line" aria-labelledby={headingId}>
        {rows.map((row) => {
          const live = row.version === slice.live.version
          const label = row.version ?? 'Shipped build'
          return (
            <li
              key={row.version ?? 'shipped'}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <span className="break-all">{label}</span>
                  {live ? <Badge tone="success">Live</Badge> : null}
                </p>
                <p className="text-xs text-ink-muted">
                  {row.detail}
                  {row.contract ? ` · contract ${row.contract}` : ''}
                </p>
              </div>
              {live ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Switch ${name} to ${label}`}
                  loading={
                    change.isPending &&
                    change.variables !== 'rollback' &&
                    change.variables?.version === row.version
                  }
                  disabled={change.isPending}
                  onClick={() => change.mutate({ version: row.version })}
                >
                  Switch
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      {slice.switches.length > 0 ? (
        <details className="border-t border-line px-5 py-3 text-sm">
          <summary className="cursor-pointer font-medium">Switch history</summary>
          <ol className="mt-2 space-y-1 text-ink-muted">
            {slice.switches.map((row) => (
              <li key={`${row.switchedAt}-${row.version}`}>
                {when(row.switchedAt)}: {row.version ?? 'shipped build'} by{' '}
                {row.switchedBy ?? 'a former staff member'}
                {row.forced ? ' (forced)' : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </Card>
  )
}
