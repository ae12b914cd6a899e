import type { HTMLAttributes } from 'react'
import { cn } from './cn'

/** A placeholder block with a soft shimmer, shown while content loads. Hidden from screen readers. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'rounded-md bg-[linear-gradient(90deg,var(--pp-surface-sunken)_25%,var(--pp-hover)_50%,var(--pp-surface-sunken)_75%)] bg-[length:200%_100%] animate-shimmer motion-reduce:animate-none',
        className,
      )}
      {...props}
    />
  )
}
