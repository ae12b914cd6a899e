/**
 * Capturing an anchor where a reviewer clicked: the element under the pointer (an icon's `<svg>` rather than
 * one of its paths), all its selectors, and where in its box the click was.
 */
import { cssPath } from './css-path'
import { countDuplicates, fingerprintOf, TextCache } from './fingerprint'
import { BRIDGE_ATTRIBUTE, buildTextIndex, type TextIndex } from './text-index'
import type { Anchor } from './types'

const QUOTE_EXACT = 160
const QUOTE_CONTEXT = 40
/** Wide context, for look-alikes sharing their near surroundings (see TextQuote). */
export const WIDE_CONTEXT = 240

/** The element a pin attaches to for a click on `target`. */
export function anchorElementFor(target: Element): Element {
  // Paths and groups of an inline icon are indistinguishable; the icon itself is not.
  const svg = target.closest('svg')
  if (svg && svg !== target) return svg.parentElement?.closest('svg') ?? svg
  return target
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5
}

export interface CaptureOptions {
  /** Reuse a text index built for this document state. */
  index?: TextIndex
}

/**
 * The anchor of a click at viewport point (clientX, clientY) on `target`. A click on the page itself (the
 * body, or a wrapper covering most of the page) gives a 'page' anchor, placed by coordinates.
 */
export function captureAnchor(
  target: Element,
  clientX: number,
  clientY: number,
  { index }: CaptureOptions = {},
): Anchor {
  const element = anchorElementFor(target)
  if (element.closest(`[${BRIDGE_ATTRIBUTE}]`)) throw new Error('Cannot anchor to a pin')
  const doc = element.ownerDocument
  const view = doc.defaultView
  const scrollX = view?.scrollX ?? 0
  const scrollY = view?.scrollY ?? 0
  const root = doc.documentElement
  const docWidth = Math.max(root.scrollWidth, root.clientWidth)
  const docHeight = Math.max(root.scrollHeight, root.clientHeight)
  const rect = element.getBoundingClientRect()
  // A document without layout (nothing rendered yet) has no page to cover.
  const coversPage = docWidth * docHeight > 0 && rect.width * rect.height >= 0.85 * docWidth * docHeight
  const texts = new TextCache()
  const fingerprint = fingerprintOf(element, texts)
  const dupes = countDuplicates(element, texts)
  if (dupes > 1) fingerprint.dupes = dupes
  let quote: Anchor['quote'] = null
  const textIndex = index ?? buildTextIndex(doc)
  const range = textIndex.rangeOf(element)
  if (range) {
    quote = {
      exact: textIndex.text.slice(range.start, Math.min(range.end, range.start + QUOTE_EXACT)),
      prefix: textIndex.text.slice(Math.max(0, range.start - QUOTE_CONTEXT), range.start),
      suffix: textIndex.text.slice(range.end, range.end + QUOTE_CONTEXT),
      widePrefix: textIndex.text.slice(Math.max(0, range.start - WIDE_CONTEXT), range.start),
      wideSuffix: textIndex.text.slice(range.end, range.end + WIDE_CONTEXT),
    }
  }
  return {
    v: 1,
    kind: element === doc.body || element === root || coversPage ? 'page' : 'element',
    css: cssPath(element),
    quote,
    fingerprint,
    offset: { x: clamp((clientX - rect.left) / rect.width), y: clamp((clientY - rect.top) / rect.height) },
    page: { x: clientX + scrollX, y: clientY + scrollY, width: docWidth, height: docHeight },
    box: { x: rect.left + scrollX, y: rect.top + scrollY, width: rect.width, height: rect.height },
    viewport: { width: view?.innerWidth ?? docWidth, height: view?.innerHeight ?? docHeight },
  }
}
