/**
 * What is measured of a candidate's surroundings, for the rules of `evidence.ts` and `winner.ts`: the
 * text right next to it on each side (exact, and "near": the characters closest to it), the text of its
 * own siblings, the stored wide context around it (measured lazily: it is the costly part), and whether it
 * sits in the second of two equal blocks (a pasted copy).
 */
import { type WideKept, wideKept } from '@pinpoint/domain/anchoring'
import type { ResolveContext } from './context'
import { contextOf, type TextCache } from './fingerprint'
import { normalizeText, similarity } from './text'
import type { Anchor } from './types'

/** Context shorter than this proves nothing (the start of a page, a lone word). */
const MIN_CONTEXT = 8
/** How many characters right next to the element must be unchanged for a side to agree "near". */
const NEAR = 12
/** Less of its parent's text than this next to an element tells nothing of its siblings. */
const MIN_SIBLING_TEXT = 3

/** How a candidate's surroundings agree with the stored ones (see AnchorEvidence). */
export interface Surroundings {
  /** Sides (0-2) whose stored context is exactly the candidate's. */
  sides: number
  /** Sides (0-2) whose stored context agrees with the candidate's for the NEAR characters next to it. */
  near: number
  prefixExact: boolean
  suffixExact: boolean
  prefixWithin: boolean
  suffixWithin: boolean
  /** Sides (0-2) where the text of its own parent next to it (its siblings' text) is still as stored. */
  siblingSides: number
}

/** How a candidate sits in the stored wide context (measured only when a rule asks: see `wideEvidenceOf`). */
export interface WideFields {
  /** What of the stored wide context still surrounds it; null for anchors without one. */
  wide: WideKept | null
  /** Shares of the stored wide context kept before and after it, each alone (null: too short to tell). */
  before: number | null
  after: number | null
  /** Its own text is part of the stored wide context (a neighbour of the pinned element). */
  textInContext: boolean
  /**
   * Likeness (0..1) of its text to the stored text right after and right before the pinned element, over
   * its own length (see readsAsItsNeighbour); null when either is shorter than MIN_CONTEXT.
   */
  likeNext: number | null
  likePrevious: number | null
  /** The same likeness measured for the stored text of the pinned element itself (see readsAsItsNeighbour). */
  pinnedLikeNext: number | null
  pinnedLikePrevious: number | null
}

const NO_WIDE: WideFields = {
  wide: null,
  before: null,
  after: null,
  textInContext: false,
  likeNext: null,
  likePrevious: null,
  pinnedLikeNext: null,
  pinnedLikePrevious: null,
}

/**
 * The wide evidence of a candidate, measured once and only when asked: word triples of a few hundred
 * characters cost more than all the other evidence, and most pins are decided before any rule needs them.
 */
export function wideEvidenceOf(element: Element, anchor: Anchor, context: ResolveContext): () => WideFields {
  let measured: WideFields | undefined
  return () => {
    measured ??= (anchor.quote && wideOf(element, anchor.quote, anchor.fingerprint, context)) || NO_WIDE
    return measured
  }
}

/** Length of the common run of two context strings, counted from the element outwards. */
function commonRun(stored: string, found: string, side: 'prefix' | 'suffix'): number {
  const length = Math.min(stored.length, found.length)
  let run = 0
  while (run < length) {
    const a = side === 'prefix' ? stored[stored.length - 1 - run] : stored[run]
    const b = side === 'prefix' ? found[found.length - 1 - run] : found[run]
    if (a !== b) break
    run += 1
  }
  return run
}

/** How many ancestors up a pasted copy of a block holding the element is looked for. */
const COPY_DEPTH = 4

/**
 * Whether the element, or one of its nearest ancestors, comes right after an identical sibling (same tag
 * and text): it sits in the second of two equal blocks, where a copy pasted below its original sits.
 */
export function followsTwin(element: Element, texts: TextCache): boolean {
  let node: Element | null = element
  for (let depth = 0; node && depth <= COPY_DEPTH && node.localName !== 'body'; depth += 1) {
    const previous: Element | null = node.previousElementSibling
    if (previous?.localName === node.localName && texts.of(previous) === texts.of(node)) return true
    node = node.parentElement
  }
  return false
}

/** A candidate's window is this much wider than the stored context: inserted content pushes it out. */
const WIDE_WINDOW = 1.5
const SIDE_BREAK = ' \u2016 '

function wideOf(
  element: Element,
  quote: NonNullable<Anchor['quote']>,
  fingerprint: Anchor['fingerprint'],
  context: ResolveContext,
): WideFields | null {
  const { widePrefix, wideSuffix } = quote
  if (widePrefix === undefined || wideSuffix === undefined) return null
  const range = context.index.rangeOf(element)
  if (!range) return null
  const { text } = context.index
  const before = text.slice(
    Math.max(0, range.start - Math.ceil(widePrefix.length * WIDE_WINDOW)),
    range.start,
  )
  const after = text.slice(range.end, range.end + Math.ceil(wideSuffix.length * WIDE_WINDOW))
  const own = context.texts.of(element)
  const share = (kept: WideKept | null) => (kept ? kept.kept.size / kept.total : null)
  const next = normalizeText(wideSuffix)
  const previous = normalizeText(widePrefix)
  // The start of a text against the start of the text after it, its end against the end of the text before.
  const startLike = (a: string) => {
    const length = Math.min(a.length, next.length)
    return length < MIN_CONTEXT ? null : similarity(a.slice(0, length), next.slice(0, length))
  }
  const endLike = (a: string) => {
    const length = Math.min(a.length, previous.length)
    return length < MIN_CONTEXT ? null : similarity(a.slice(-length), previous.slice(-length))
  }
  // The stored text is cut after its first characters: only a whole one has its own end.
  const pinned = fingerprint.text
  const whole = pinned.length === fingerprint.textLength
  return {
    wide: wideKept(widePrefix + SIDE_BREAK + wideSuffix, before + SIDE_BREAK + after),
    before: share(wideKept(widePrefix, before)),
    after: share(wideKept(wideSuffix, after)),
    textInContext: own.length >= 3 && (widePrefix.includes(own) || wideSuffix.includes(own)),
    likeNext: startLike(own),
    likePrevious: endLike(own),
    pinnedLikeNext: startLike(pinned),
    pinnedLikePrevious: whole ? endLike(pinned) : null,
  }
}

/** The exact and near agreement of a candidate's surroundings with the stored ones. */
export function surroundings(element: Element, anchor: Anchor, context: ResolveContext): Surroundings {
  const { quote } = anchor
  const around = quote ? contextOf(element, context.index) : null
  const result = {
    sides: 0,
    near: 0,
    prefixExact: false,
    suffixExact: false,
    prefixWithin: false,
    suffixWithin: false,
    siblingSides: 0,
  }
  if (!quote || !around) return result
  // How much text its own parent has on each side of it: its siblings' text, which moves with it.
  const own = context.index.rangeOf(element)
  const parent = element.parentElement ? context.index.rangeOf(element.parentElement) : null
  const inParent = {
    prefix: own && parent ? own.start - parent.start : 0,
    suffix: own && parent ? parent.end - own.end : 0,
  }
  for (const side of ['prefix', 'suffix'] as const) {
    const stored = quote[side]
    if (stored.length < MIN_CONTEXT) continue
    const exact = around[side] === stored
    if (exact) {
      result.sides += 1
      result[side === 'prefix' ? 'prefixExact' : 'suffixExact'] = true
      result[side === 'prefix' ? 'prefixWithin' : 'suffixWithin'] = inParent[side] >= NEAR
    }
    const run = commonRun(stored, around[side], side)
    if (run >= Math.min(NEAR, stored.length)) result.near += 1
    if (inParent[side] >= MIN_SIBLING_TEXT && run >= Math.min(NEAR, inParent[side])) result.siblingSides += 1
  }
  return result
}
