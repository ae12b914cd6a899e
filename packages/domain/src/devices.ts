/**
 * Device buckets and the view a comment opens in (SPEC 4 and 9).
 */
import { DEVICE_WIDTHS, MOBILE_WIDTH_LIMIT, NARROW_WINDOW_MAX_WIDTH, TABLET_MAX_WIDTH } from './constants'

/** Device bucket of a window width. */
export type DeviceBucket = 'mobile' | 'tablet' | 'desktop'

/** A browser window size in CSS pixels, as stored in `annotation.metadata.window`. */
export interface WindowSize {
  width: number
  height: number
}

/** The view a comment is shown in: mobile at a preset width, or desktop. */
export type CommentView = { viewMode: 'mobile'; width: number } | { viewMode: 'desktop' }

/**
 * Bucket of a width: mobile below 500, tablet from 500 to 768 inclusive, desktop above 768. A missing or
 * non-finite width counts as desktop ("all else").
 */
export function deviceBucket(width: number | null | undefined): DeviceBucket {
  if (typeof width !== 'number' || !Number.isFinite(width)) return 'desktop'
  if (width < MOBILE_WIDTH_LIMIT) return 'mobile'
  if (width <= TABLET_MAX_WIDTH) return 'tablet'
  return 'desktop'
}

/** Mobile comment view: the window is narrower than 500 and taller than wide. */
export function isMobileCommentView({ width, height }: WindowSize): boolean {
  return width < MOBILE_WIDTH_LIMIT && height > width
}

/**
 * The widest device preset not wider than `width`. Decision: a window narrower than every preset gets the
 * smallest preset (320), so a comment from a tiny window still opens in mobile view.
 */
export function widestPresetFor(width: number): number {
  let best: number = DEVICE_WIDTHS[0]
  for (const preset of DEVICE_WIDTHS) if (preset <= width) best = preset
  return best
}

/**
 * The view a comment opens in: a window 768 wide or less and taller than wide switches to the mobile view
 * at the widest preset that fits; any other window (or a missing one) uses the desktop view.
 */
export function viewForCommentWindow(window: WindowSize | null | undefined): CommentView {
  if (!window || !(window.width <= NARROW_WINDOW_MAX_WIDTH) || !(window.height > window.width)) {
    return { viewMode: 'desktop' }
  }
  return { viewMode: 'mobile', width: widestPresetFor(window.width) }
}
