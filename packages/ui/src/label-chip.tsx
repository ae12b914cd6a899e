import { X } from 'lucide-react'
import type { HTMLAttributes } from 'react'
import { cn } from './cn'

export type LabelChipProps = HTMLAttributes<HTMLSpanElement> & {
  name: string
  /** The label's colour, the chip's background. */
  color: string
  /**
   * The text colour on `color`. The caller passes `labelTextColor(color)` of `@pinpoint/domain`, which
   * picks black or white for AA contrast (this package may not import the domain).
   */
  textColor: string
  size?: 'sm' | 'md'
  /** Shown as a small × button inside the chip when given. */
  onRemove?: () => void
  removeLabel?: string
}

/** A team label: its name on its colour, the text colour chosen for contrast. */
export function LabelChip({
  name,
  color,
  textColor,
  size = 'sm',
  onRemove,
  removeLabel,
  className,
  ...props
}: LabelChipProps) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full font-medium',
        size === 'sm' ? 'h-5 px-2 text-2xs' : 'h-6 px-2.5 text-xs',
        className,
      )}
      style={{ background: color, color: textColor }}
      data-label-chip=""
      {...props}
    >
      <span className="truncate">{name}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel ?? `Remove ${name}`}
          className="-mr-1 grid size-4 place-items-center rounded-full hover:bg-black/15 focus-visible:outline-2 focus-visible:outline-current"
        >
          <X className="size-3" aria-hidden="true" />
        </button>
      ) : null}
    </span>
  )
}
