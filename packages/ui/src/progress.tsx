import { Progress as RadixProgress } from 'radix-ui'
import { cn } from './cn'

export type ProgressProps = {
  /** 0..100; null for indeterminate. */
  value: number | null
  label: string
  className?: string
  tone?: 'brand' | 'success' | 'danger'
}

const tones = { brand: 'bg-brand-600', success: 'bg-success-500', danger: 'bg-danger-600' }

/** A determinate progress bar (Radix, role=progressbar with aria-valuenow). */
export function Progress({ value, label, className, tone = 'brand' }: ProgressProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, value))
  return (
    <RadixProgress.Root
      value={clamped}
      aria-label={label}
      className={cn('relative h-1.5 w-full overflow-hidden rounded-full bg-surface-sunken', className)}
    >
      <RadixProgress.Indicator
        className={cn(
          'h-full rounded-full transition-[width] duration-200 ease-out',
          tones[tone],
          clamped === null && 'w-1/3 animate-pulse',
        )}
        style={clamped === null ? undefined : { width: `${clamped}%` }}
      />
    </RadixProgress.Root>
  )
}
