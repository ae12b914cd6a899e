import { ErrorState, Spinner } from '@pinpoint/ui'
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  useCallback,
  useEffect,
  useState,
} from 'react'
import type { FitNotice } from './fit'
import { loadRemoteModule, remoteNotice } from './remotes'

// biome-ignore lint/suspicious/noExplicitAny: a remote's props are its own; the page passes what it documents
type RemoteModule = { default: ComponentType<any> }

type SlotState =
  | { status: 'loading' }
  // biome-ignore lint/suspicious/noExplicitAny: see RemoteModule
  | { status: 'ready'; Component: ComponentType<any>; notice: FitNotice | null }
  | { status: 'error'; error: unknown }

export type RemoteSlotProps = {
  /** Name of the remote in remotes.json. */
  remote: string
  /** Exposed module, without the leading './'. Its default export is rendered. */
  module: string
  /** Human name used in loading and error messages ("Billing"). */
  label: string
  /** Shown while the remote loads (a skeleton of its page); a spinner by default. */
  fallback?: ReactNode
  /** Wraps the error message (centres it on a full page). */
  errorClassName?: string
  /** Props for the remote's component (the invoice id of an invoice page). */
  props?: Record<string, unknown>
}

function describe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error'
}

/**
 * Renders a component of a micro-frontend found at run time. While loading it shows a spinner;
 * when the remote cannot be fetched or throws while rendering it shows what failed and a Retry
 * button: a missing remote never leaves a blank area.
 */
export function RemoteSlot({ remote, module, label, fallback, errorClassName, props }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<SlotState>({ status: 'loading' })

  useEffect(() => {
    let active = true
    setState({ status: 'loading' })
    loadRemoteModule<RemoteModule>(remote, module, { fresh: attempt > 0 })
      .then((loaded) => {
        if (!active) return
        if (typeof loaded.default !== 'function') throw new Error(`${remote}/${module} has no default export`)
        setState({ status: 'ready', Component: loaded.default, notice: remoteNotice(remote) })
      })
      .catch((error: unknown) => {
        if (!active) return
        console.error(`Remote ${remote}/${module} failed to load`, error)
        setState({ status: 'error', error })
      })
    return () => {
      active = false
    }
  }, [remote, module, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  if (state.status === 'loading') return fallback ?? <Spinner label={`Loading ${label}…`} />
  if (state.status === 'error') {
    return (
      <ErrorState
        className={errorClassName}
        title={`${label} could not be loaded`}
        message="Check your connection and try again."
        details={describe(state.error)}
        onRetry={retry}
      />
    )
  }
  const { Component: Loaded, notice } = state
  return (
    <>
      {notice && <FallbackNotice label={label} notice={notice} />}
      <RemoteErrorBoundary key={attempt} label={label} onRetry={retry} className={errorClassName}>
        <Loaded {...props} />
      </RemoteErrorBoundary>
    </>
  )
}

/** Says that the live version of a slice was refused and which one is shown instead (never silent). */
function FallbackNotice({ label, notice }: { label: string; notice: FitNotice }) {
  const shown = notice.using ? `version ${notice.using}` : 'the version shipped with the server'
  return (
    <div
      role="status"
      data-testid="remote-fallback-notice"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <p>
        {label} {notice.refused} does not fit this version of Pinpoint, so {shown} is shown.
      </p>
      <p className="text-xs">{notice.problems.join('; ')}</p>
    </div>
  )
}

type BoundaryProps = { label: string; onRetry: () => void; children: ReactNode; className?: string }

/** Catches a remote that loads but throws while rendering, so the rest of the page keeps working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.label} crashed while rendering`, error, info.componentStack)
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          className={this.props.className}
          title={`${this.props.label} stopped working`}
          message="Something went wrong while showing this section."
          details={describe(this.state.error)}
          onRetry={this.props.onRetry}
        />
      )
    }
    return this.props.children
  }
}
