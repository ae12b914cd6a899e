/**
 * What a pin stores about the spot it was placed on (in `annotation.metadata.anchor`). Several independent
 * selectors, so that when one breaks (a new section shifts every `nth-of-type`, a resize moves everything,
 * a copy edit changes a word) the others still find the element, and a scorer decides between candidates.
 */

/** The element's own features, compared against candidates. */
export interface ElementFingerprint {
  /** Lower-case tag name. */
  tag: string
  /** Normalised text content, first 300 characters. */
  text: string
  /** Length of the whole normalised text. */
  textLength: number
  /** Hash of the whole normalised text. */
  textHash: string
  id?: string
  /** Up to 8 class names, sorted (framework-generated ones included: they still help break ties). */
  classes?: string[]
  /** Identifying attributes: src and href (as written), alt, name, type, role, aria-label, title, ... */
  attrs?: Record<string, string>
  /**
   * How many elements of the page had this same tag, text and attributes when the pin was placed. Above 1
   * ("Read more" in every card), a candidate must be confirmed by its surroundings, not only by itself.
   */
  dupes?: number
}

/**
 * A text-quote selector (W3C Web Annotation style): the element's text and what surrounds it. An element
 * without text (an image) has an empty `exact` and still its surroundings.
 */
export interface TextQuote {
  /** The element's normalised text (first 160 characters). */
  exact: string
  /** Up to 40 characters of document text just before the element's text. */
  prefix: string
  /** Up to 40 characters of document text just after the element's text. */
  suffix: string
  /**
   * Up to 240 characters of document text before and after the element: told apart from look-alikes
   * whose near surroundings are the same (decision 049). Anchors stored before it lack them.
   */
  widePrefix?: string
  wideSuffix?: string
}

export interface Anchor {
  v: 1
  /** 'page' when the pin is on the page itself (body, or a wrapper as large as the page). */
  kind: 'element' | 'page'
  /** CSS path from the nearest element with a unique id (or the root). */
  css: string
  quote: TextQuote | null
  fingerprint: ElementFingerprint
  /** Where in the element the pin sits, as a fraction of its box (0..1). */
  offset: { x: number; y: number }
  /** Last resort: document coordinates and the document size when the pin was placed. */
  page: { x: number; y: number; width: number; height: number }
  /** The element's box in document coordinates when the pin was placed (a hint between equal candidates). */
  box: { x: number; y: number; width: number; height: number }
  /** Viewport size when the pin was placed. */
  viewport: { width: number; height: number }
}

export type ResolveMethod = 'css' | 'quote' | 'fingerprint' | 'page'

export type Resolution =
  | {
      status: 'found'
      element: Element
      /** The pin's point in document coordinates. */
      point: { x: number; y: number }
      /** Score of the chosen candidate, 0..1. */
      confidence: number
      method: ResolveMethod
    }
  | { status: 'inactive'; reason: InactiveReason }

/** Why a pin could not be placed; stored as the annotation's `inactiveReason`. */
export type InactiveReason = 'element-removed' | 'element-changed' | 'invalid-anchor' | 'needs-new-spot'

export const INACTIVE_REASON_TEXT: Record<InactiveReason, string> = {
  'element-removed': 'The element this comment was pinned to is no longer on the page.',
  'element-changed': 'The element this comment was pinned to changed too much to be found with confidence.',
  'invalid-anchor': 'This comment has no usable position on the page.',
  'needs-new-spot': 'Carried over from an earlier revision: its spot is not on this one.',
}
