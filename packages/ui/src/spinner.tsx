import { cn } from './cn'

export type SpinnerProps = { label?: string; className?: string; size?: 'sm' | 'md'; hideLabel?: boolean }

/** An indeterminate progress indicator with an accessible label (visible next to the ring). */
export function Spinner({ label = 'Loading…', className, size = 'md', hideLabel = false }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center gap-3 text-sm text-ink-muted', className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-2 border-brand-200 border-t-brand-600 motion-reduce:animate-none',
          size === 'sm' ? 'size-4' : 'size-5',
        )}
      />
      <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
    </div>
  )
}
