import type { ReactNode } from 'react'
import { Button } from './button'
import { cn } from './cn'

export type ErrorStateProps = {
  title: ReactNode
  /** What went wrong, in words the user can act on. */
  message?: ReactNode
  /** Technical detail (an error message) for support, folded away by default. */
  details?: string
  onRetry?: () => void
  retryLabel?: string
  className?: string
}

/** A failure the user can see and act on: never leave a blank area when something did not load. */
export function ErrorState({
  title,
  message,
  details,
  onRetry,
  retryLabel = 'Retry',
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-control border border-danger-600/20 bg-danger-50 p-4',
        className,
      )}
    >
      <div className="min-w-0 max-w-full">
        <p className="text-sm font-semibold text-danger-600">{title}</p>
        {message ? <p className="mt-1 text-sm text-ink-muted">{message}</p> : null}
        {details ? (
          <details className="mt-2 text-xs text-ink-muted">
            <summary className="cursor-pointer select-none">Technical details</summary>
            <p className="mt-1 font-mono [overflow-wrap:anywhere]">{details}</p>
          </details>
        ) : null}
      </div>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  )
}
