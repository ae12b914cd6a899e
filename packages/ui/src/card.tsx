import type { HTMLAttributes, ReactNode } from 'react'
import { cn } from './cn'

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode
  description?: ReactNode
  /** Shown at the right of the title row. */
  actions?: ReactNode
  /** Footer row (actions of a settings section). */
  footer?: ReactNode
  bodyClassName?: string
}

/** A titled surface. Renders a <section> labelled by its title so screen readers can jump to it. */
export function Card({
  title,
  description,
  actions,
  footer,
  className,
  bodyClassName,
  children,
  ...props
}: CardProps) {
  return (
    <section
      className={cn('flex flex-col rounded-card border border-line bg-surface shadow-card', className)}
      {...props}
    >
      {title || actions ? (
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-5 pt-4.5 pb-0">
          <div className="min-w-0">
            {title ? <h2 className="text-base font-semibold text-ink">{title}</h2> : null}
            {description ? <p className="mt-0.5 text-sm text-ink-muted">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      <div className={cn('flex flex-1 flex-col p-5', bodyClassName)}>{children}</div>
      {footer ? (
        <footer className="flex flex-wrap items-center justify-end gap-2 rounded-b-card border-t border-line bg-surface-sunken/50 px-5 py-3">
          {footer}
        </footer>
      ) : null}
    </section>
  )
}
