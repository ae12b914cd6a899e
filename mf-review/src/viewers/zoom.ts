/**
 * Zoom of design and PDF viewers (SPEC: percentage, default 100; fit to width; fit to height): the scale
 * for a surface of `natural` size in a viewport of `available` size. Pins are placed in percent of the
 * surface, so any scale keeps them on their spot.
 */
import type { Zoom } from '../state'

export const ZOOM_STEPS = [25, 50, 75, 100, 125, 150, 200, 300, 400] as const

/** Room kept around the surface so it does not touch the edges. */
const GUTTER = 48

export function scaleFor(
  zoom: Zoom,
  natural: { width: number; height: number },
  available: { width: number; height: number },
): number {
  if (zoom.mode === 'percent') return zoom.percent / 100
  if (natural.width <= 0 || natural.height <= 0) return 1
  if (zoom.mode === 'fit-width') return Math.max(0.05, (available.width - GUTTER) / natural.width)
  return Math.max(0.05, (available.height - GUTTER) / natural.height)
}

/** The next zoom step in a direction, from the scale in effect now. */
export function stepZoom(current: number, direction: 1 | -1): number {
  const percent = Math.round(current * 100)
  if (direction === 1) return ZOOM_STEPS.find((step) => step > percent) ?? 400
  return [...ZOOM_STEPS].reverse().find((step) => step < percent) ?? 25
}
