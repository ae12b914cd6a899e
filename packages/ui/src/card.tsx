import type { HTMLAttributes, ReactNode } from 'react'
import { cn } from './cn'

export type CardProps = HTMLAttributes<HTMLElement> & {
  title?: ReactNode
  description?: ReactNode
  /** Shown at the right of the title row. */
  actions?: ReactNode
}

/** A titled surface. Renders a <section> labelled by its title so screen readers can jump to it. */
export function Card({ title, description, actions, className, children, ...props }: CardProps) {
  return (
    <section
      className={cn('flex flex-col rounded-card border border-line bg-surface shadow-card', className)}
      {...props}
    >
      {title || actions ? (
        <header className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
          <div className="min-w-0">
            {title ? <h2 className="text-base font-semibold text-ink">{title}</h2> : null}
            {description ? <p className="mt-0.5 text-sm text-ink-muted">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      <div className="flex flex-1 flex-col p-5">{children}</div>
    </section>
  )
}
