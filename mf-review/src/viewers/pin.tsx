/**
 * A comment's pin on an image, PDF page or video frame: a numbered teardrop whose point marks the spot,
 * placed in percent of its surface so it stays on its spot at any zoom. Focusable, labelled with the
 * comment, and opened with a click or Enter.
 */
import { cn } from '@pinpoint/ui'
import type { Annotation } from '../data/types'
import { plainComment } from '../lib/list'

export const PIN_TONES: Record<string, string> = {
  active: 'bg-brand-600',
  'in-progress': 'bg-[#d97706]',
  'in-review': 'bg-[#0284c7]',
  resolved: 'bg-[#059669]',
}

/** How long around its moment a video comment's pin shows (the video viewer and the compare view). */
export const VIDEO_PIN_WINDOW_S = 0.75

export function pinLabel(annotation: Annotation, number: number | undefined): string {
  const text = plainComment(annotation.comment).slice(0, 80)
  return `Comment ${number ?? ''} by ${annotation.userName}${text ? `: ${text}` : ''}`
}

export function Pin({
  annotation,
  number,
  selected,
  onSelect,
  x,
  y,
}: {
  annotation: Annotation
  number: number | undefined
  selected: boolean
  onSelect: (id: string) => void
  /** Position in 0..1 of the surface. */
  x: number
  y: number
}) {
  return (
    <button
      type="button"
      data-pin-id={annotation.id}
      aria-label={pinLabel(annotation, number)}
      aria-pressed={selected}
      onClick={(event) => {
        event.stopPropagation()
        onSelect(annotation.id)
      }}
      className={cn(
        'absolute z-10 -mt-[30px] grid size-[30px] place-items-center rounded-[50%_50%_50%_3px] border-2 border-white text-xs font-bold text-white shadow-[0_2px_6px_rgb(15_23_42/0.35)]',
        'transition-[box-shadow,filter] hover:brightness-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[#f59e0b]',
        PIN_TONES[annotation.status] ?? 'bg-brand-600',
        selected && 'z-20 shadow-[0_0_0_4px_rgb(79_70_229/0.35),0_4px_10px_rgb(15_23_42/0.4)]',
      )}
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
    >
      {number}
    </button>
  )
}

/** The spot being commented on, before the comment is saved. */
export function DraftPin({ x, y }: { x: number; y: number }) {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute z-20 -mt-[30px] grid size-[30px] place-items-center rounded-[50%_50%_50%_3px] border-2 border-white bg-ink text-sm font-bold text-white shadow-pop"
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
    >
      +
    </span>
  )
}
