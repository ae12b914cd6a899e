import { createApiClient, type HealthResponse } from '@pinpoint/api'
import { authAtom } from '@pinpoint/state'
import { cn } from '@pinpoint/ui'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import './styles.css'

const api = createApiClient()

function ApiStatus() {
  // Runs on the shell's QueryClient: @tanstack/react-query is a shared singleton.
  const health = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => api.get<HealthResponse>('/health', { signal }),
    retry: false,
  })
  const state = health.isPending ? 'checking' : health.isError ? 'down' : 'up'
  const database = health.data?.database?.kind
  return (
    <p className="flex items-center gap-2 text-sm text-ink-muted" data-testid="api-status" data-state={state}>
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          state === 'up' && 'bg-success-500',
          state === 'down' && 'bg-danger-600',
          state === 'checking' && 'bg-line',
        )}
      />
      {state === 'checking' && 'Checking the service…'}
      {state === 'up' && `Service online${database ? ` · ${database}` : ''}`}
      {state === 'down' && 'Service unreachable'}
    </p>
  )
}

/** Dashboard entry panel: greets the user and shows whether the service answers. */
export default function DashboardHome() {
  const { user, loaded } = useAtomValue(authAtom)
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard-home">
      <div>
        <p className="text-lg font-semibold text-ink">Dashboard ready</p>
        <p className="text-sm text-ink-muted">
          {user
            ? `Canvases and folders of ${user.name}.`
            : loaded
              ? 'Sign in to see your canvases and folders.'
              : 'Loading your workspace…'}
        </p>
      </div>
      <ApiStatus />
    </div>
  )
}

export { DashboardHome }
