import type { HTMLAttributes } from 'react'
import { cn } from './cn'

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info'
export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; dot?: boolean }

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-sunken text-ink-muted ring-line',
  brand:
    'bg-brand-50 text-brand-700 ring-brand-200 dark:bg-brand-900/40 dark:text-brand-200 dark:ring-brand-800',
  success: 'bg-success-50 text-success-700 ring-success-500/30',
  warning: 'bg-warning-50 text-warning-700 ring-warning-500/40',
  danger: 'bg-danger-50 text-danger-700 ring-danger-600/25',
  info: 'bg-info-50 text-info-600 ring-info-600/25',
}

/** A short status label. */
export function Badge({ tone = 'neutral', dot = false, className, children, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex h-5 items-center gap-1 whitespace-nowrap rounded-full px-2 text-2xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    >
      {dot ? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" /> : null}
      {children}
    </span>
  )
}
