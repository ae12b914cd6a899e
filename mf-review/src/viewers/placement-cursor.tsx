/**
 * Placing a comment by keyboard (issue 19 item 8): when the canvas is reached with Tab in comment mode, a
 * crosshair appears in the middle of what is in view; the arrow keys move it (Shift for bigger steps) and
 * Enter comments at it. Before, Enter always commented at the centre of the view, and on a website the
 * only way to a spot was to Tab through every link of the page.
 *
 * The cursor is kept in fractions (0..1) of the area it moves over (a PDF page, an image, a video frame,
 * the frame of a website), so it stays on its spot when the view scrolls or zooms. The viewer says what
 * "placing" means there: a pin at that spot, or for a website the element under it.
 */
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useId, useState } from 'react'

export interface CursorPoint {
  x: number
  y: number
}

/** One arrow press moves the cursor this share of the area; with Shift, five times as far. */
export const CURSOR_STEP = 0.02

const MOVES: Record<string, CursorPoint> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
}

/** The next cursor spot for an arrow key, kept inside the area; null for any other key. */
export function moveCursor(point: CursorPoint, key: string, big: boolean): CursorPoint | null {
  const move = MOVES[key]
  if (!move) return null
  const step = CURSOR_STEP * (big ? 5 : 1)
  const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000))
  return { x: clamp(point.x + move.x * step), y: clamp(point.y + move.y * step) }
}

/** The centre of the part of `area` that `view` shows, in fractions of `area`. */
export function centreInView(area: DOMRect, view: DOMRect): CursorPoint {
  const left = Math.max(area.left, view.left)
  const right = Math.min(area.right, view.right)
  const top = Math.max(area.top, view.top)
  const bottom = Math.min(area.bottom, view.bottom)
  const fraction = (value: number, start: number, size: number) =>
    size > 0 ? Math.min(1, Math.max(0, (value - start) / size)) : 0.5
  return {
    x: fraction(right > left ? (left + right) / 2 : area.left + area.width / 2, area.left, area.width),
    y: fraction(bottom > top ? (top + bottom) / 2 : area.top + area.height / 2, area.top, area.height),
  }
}

/**
 * The props of an element that exists to take the cursor's keys (a video frame, the layer over a
 * website): a Tab stop whose role says the arrow keys belong to it.
 */
export function cursorStop(label: string) {
  return { tabIndex: 0, role: 'application', 'aria-label': label } as const
}

export interface PlacementCursorOptions {
  /** Comment mode is on and this person may comment. */
  enabled: boolean
  /** The element that takes the focus and the keys (the scrolling view, the video frame). */
  focusable: RefObject<HTMLElement | null>
  /** The area the cursor moves over, in whose fractions it is kept. */
  area: RefObject<HTMLElement | null>
  /** Enter: comment at this point (viewport coordinates of the review screen). */
  onPlace(clientX: number, clientY: number): void
  /** The cursor moved (a website outlines the element under it). */
  onMove?(point: CursorPoint): void
  /** An arrow pushed the cursor against the area's edge (a website's page scrolls that way). */
  onEdge?(direction: CursorPoint): void
}

/**
 * The cursor's state and handlers. Spread `focusProps` on the focusable element, render `overlay` inside
 * the area (positioned relative to it) and `status` anywhere (a polite live region with the position).
 */
export function usePlacementCursor({
  enabled,
  focusable,
  area,
  onPlace,
  onMove,
  onEdge,
}: PlacementCursorOptions) {
  const [point, setPoint] = useState<CursorPoint | null>(null)
  const hintId = useId()

  useEffect(() => {
    if (!enabled) setPoint(null)
  }, [enabled])

  const show = useCallback(() => {
    const element = focusable.current
    const target = area.current
    // Only for the keyboard: a mouse click that focuses the view places its own pin.
    if (!enabled || !element || !target || !element.matches(':focus-visible')) return
    const start = centreInView(target.getBoundingClientRect(), element.getBoundingClientRect())
    setPoint(start)
    onMove?.(start)
  }, [enabled, focusable, area, onMove])

  const onKeyDown = (event: KeyboardEvent) => {
    if (!enabled || event.target !== focusable.current || event.ctrlKey || event.metaKey || event.altKey)
      return
    const target = area.current
    if (!target) return
    if (event.key === 'Enter') {
      event.preventDefault()
      const rect = target.getBoundingClientRect()
      const at = point ?? centreInView(rect, focusable.current.getBoundingClientRect())
      onPlace(rect.left + at.x * rect.width, rect.top + at.y * rect.height)
      return
    }
    const from =
      point ?? centreInView(target.getBoundingClientRect(), focusable.current.getBoundingClientRect())
    const next = moveCursor(from, event.key, event.shiftKey)
    if (!next) return
    // The arrows move the cursor, not the view (or the page, for ← and →); the view follows the cursor.
    event.preventDefault()
    if (next.x === from.x && next.y === from.y) {
      const direction = MOVES[event.key]
      if (direction) onEdge?.(direction)
    }
    setPoint(next)
    onMove?.(next)
  }

  const overlay =
    point && enabled ? (
      <span
        aria-hidden="true"
        data-testid="placement-cursor"
        ref={(element) => element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
        className="pointer-events-none absolute z-30 size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-[#f59e0b] bg-[#f59e0b]/15 shadow-[0_0_0_2px_white]"
        style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
      >
        <span className="absolute top-1/2 left-[-10px] h-0.5 w-[48px] -translate-y-1/2 bg-[#b45309]" />
        <span className="absolute top-[-10px] left-1/2 h-[48px] w-0.5 -translate-x-1/2 bg-[#b45309]" />
      </span>
    ) : null

  const status = enabled ? (
    <>
      <span id={hintId} className="sr-only">
        Arrow keys move the placement cursor, Shift with an arrow moves it further, Enter comments there.
      </span>
      <span className="sr-only" aria-live="polite" data-testid="placement-cursor-position">
        {point ? `Cursor at ${Math.round(point.x * 100)} % across, ${Math.round(point.y * 100)} % down` : ''}
      </span>
    </>
  ) : null

  return {
    point,
    overlay,
    status,
    focusProps: enabled
      ? {
          onKeyDown,
          onFocus: (event: { target: EventTarget }) => {
            if (event.target === focusable.current) show()
          },
          onBlur: (event: { target: EventTarget }) => {
            if (event.target === focusable.current) setPoint(null)
          },
          'aria-describedby': hintId,
        }
      : {},
  }
}
