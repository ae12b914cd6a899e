/**
 * The overlay's swipe handle: a vertical line over the stage; left of it the earlier revision shows, right
 * of it the later one. Dragged with a pointer or a finger, moved with the arrow keys (a slider).
 */
import { ChevronsLeftRight } from 'lucide-react'
import { type KeyboardEvent, type PointerEvent, useRef } from 'react'

export function SwipeHandle({
  value,
  onChange,
  leftLabel,
  rightLabel,
}: {
  value: number
  onChange(value: number): void
  leftLabel: string
  rightLabel: string
}) {
  const track = useRef<HTMLDivElement>(null)
  const moveTo = (clientX: number) => {
    const rect = track.current?.getBoundingClientRect()
    if (!rect || rect.width === 0) return
    onChange(Math.round(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100))))
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    moveTo(event.clientX)
    try {
      // The drag goes on outside the thin handle (and over the frames) until the pointer is released.
      event.currentTarget.setPointerCapture(event.pointerId)
    } catch {
      // A pointer that is already gone cannot be captured: the move above still counts.
    }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event.clientX)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 2
    if (event.key === 'ArrowLeft') onChange(Math.max(0, value - step))
    else if (event.key === 'ArrowRight') onChange(Math.min(100, value + step))
    else if (event.key === 'Home') onChange(0)
    else if (event.key === 'End') onChange(100)
    else return
    event.preventDefault()
  }
  return (
    <div ref={track} className="pointer-events-none absolute inset-0 z-20">
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Swipe between ${leftLabel} and ${rightLabel}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${leftLabel} on the left ${value}%`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onKeyDown={onKeyDown}
        data-testid="swipe-handle"
        className="pointer-events-auto absolute top-0 flex h-full w-6 -translate-x-1/2 cursor-ew-resize touch-none justify-center focus-visible:outline-2 focus-visible:outline-brand-500"
        style={{ left: `${value}%` }}
      >
        <span className="h-full w-0.5 bg-brand-600" />
        <span className="absolute top-1/2 grid size-7 -translate-y-1/2 place-items-center rounded-full bg-brand-600 text-white shadow-pop">
          <ChevronsLeftRight className="size-4" aria-hidden="true" />
        </span>
      </div>
    </div>
  )
}
