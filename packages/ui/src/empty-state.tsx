import type { ReactNode } from 'react'
import { cn } from './cn'

export type EmptyStateProps = {
  icon?: ReactNode
  title: ReactNode
  description?: ReactNode
  /** Primary action(s): what to do to fill this space. */
  action?: ReactNode
  className?: string
}

/** What an empty list says and offers: never a blank area. */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-14 text-center', className)}>
      {icon ? (
        <div className="relative mb-5">
          <div
            aria-hidden="true"
            className="absolute inset-0 -m-3 rounded-full bg-brand-100/50 blur-xl dark:bg-brand-900/30"
          />
          <div className="relative grid size-14 place-items-center rounded-2xl border border-line bg-surface text-brand-600 shadow-card [&_svg]:size-6">
            {icon}
          </div>
        </div>
      ) : null}
      <h2 className="text-lg font-semibold tracking-tight text-ink">{title}</h2>
      {description ? <p className="mt-1.5 max-w-sm text-sm text-ink-muted">{description}</p> : null}
      {action ? <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  )
}
