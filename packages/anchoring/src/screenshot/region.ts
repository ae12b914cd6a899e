/**
 * Which part of the page a pin's screenshot shows (decision 055): the pinned element with a margin of
 * context around it, never more than a comfortable picture, and always the pin's own point. Pure, in
 * document coordinates (CSS pixels from the top left of the page), so it is tested without a browser.
 */

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Context shown around the pinned element. */
export const CONTEXT_PX = 48
/** The largest picture taken: enough to recognise the spot, small enough to upload at once. */
export const MAX_WIDTH_PX = 960
export const MAX_HEIGHT_PX = 640
/** The smallest: a tiny element (an icon, a word) still gets its surroundings. */
export const MIN_WIDTH_PX = 320
export const MIN_HEIGHT_PX = 200

function clampSpan(start: number, length: number, min: number, max: number, centre: number, limit: number) {
  let size = Math.min(Math.max(length, min), max, limit)
  // Too long: centred on the pin's point; too short: grown evenly around the element.
  let from = length > size ? centre - size / 2 : start - (size - length) / 2
  from = Math.max(0, Math.min(from, limit - size))
  size = Math.max(0, Math.min(size, limit - from))
  return { from, size }
}

/**
 * The region of the picture: `element` (its box) grown by the context, at least the minimum and at most
 * the maximum size, centred on `point` when it must be cut, and inside the page (`page` width/height).
 */
export function captureRegion(
  element: Box,
  point: { x: number; y: number },
  page: { width: number; height: number },
): Box {
  const grown = {
    x: element.x - CONTEXT_PX,
    y: element.y - CONTEXT_PX,
    width: element.width + 2 * CONTEXT_PX,
    height: element.height + 2 * CONTEXT_PX,
  }
  const horizontal = clampSpan(grown.x, grown.width, MIN_WIDTH_PX, MAX_WIDTH_PX, point.x, page.width)
  const vertical = clampSpan(grown.y, grown.height, MIN_HEIGHT_PX, MAX_HEIGHT_PX, point.y, page.height)
  return {
    x: Math.round(horizontal.from),
    y: Math.round(vertical.from),
    width: Math.round(horizontal.size),
    height: Math.round(vertical.size),
  }
}

/** Whether `outer` holds all of `inner`. */
export function contains(outer: Box, inner: Box): boolean {
  return (
    outer.x <= inner.x &&
    outer.y <= inner.y &&
    outer.x + outer.width >= inner.x + inner.width &&
    outer.y + outer.height >= inner.y + inner.height
  )
}
