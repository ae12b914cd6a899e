/**
 * Finding a pin's element again. Selectors are tried from the cheapest to the most thorough, and every
 * candidate is scored against the stored fingerprint and text context:
 *
 * 1. the CSS path (exact when nothing moved; accepted at once when its score is strong);
 * 2. the text quote: every place the element's text occurs, mapped back to an element of the same tag;
 * 3. the fingerprint: elements of the same tag (with the same text first), judged by text and attributes.
 *
 * The best candidate wins when its score reaches ACCEPT and it is confirmed (see `confirmed`). Otherwise
 * the pin is inactive with a reason: a misplaced pin is worse than an honest "this element is gone".
 * Page anchors use their coordinates.
 */
import approxSearch from 'approx-string-match'
import {
  anchorIdentity,
  contextOf,
  countDuplicates,
  identityKey,
  type ScoreParts,
  scoreParts,
  TextCache,
} from './fingerprint'
import { stepsOfPath } from './structure'
import { findAll, textHash } from './text'
import { BRIDGE_ATTRIBUTE, buildTextIndex, type TextIndex } from './text-index'
import type { Anchor, Resolution, ResolveMethod } from './types'

/** Candidates scoring at least this are accepted. */
export const ACCEPT = 0.7
/** Below this the element is considered removed rather than changed. */
const CHANGED = 0.45
const MAX_QUOTE_HITS = 20
const MAX_TAG_SCAN = 4000

/** State shared by the pins of one resolution pass (one text index, one text cache). */
export interface ResolveContext {
  doc: Document
  index: TextIndex
  texts: TextCache
}

export function createResolveContext(doc: Document): ResolveContext {
  return { doc, index: buildTextIndex(doc), texts: new TextCache() }
}

/** Whether a stored value is a usable anchor (it comes from the database, written by any client). */
export function isAnchor(value: unknown): value is Anchor {
  if (typeof value !== 'object' || value === null) return false
  const anchor = value as Partial<Anchor>
  return (
    anchor.v === 1 &&
    typeof anchor.css === 'string' &&
    typeof anchor.fingerprint?.tag === 'string' &&
    typeof anchor.offset?.x === 'number' &&
    typeof anchor.page?.x === 'number' &&
    typeof anchor.box?.y === 'number'
  )
}

function pointIn(element: Element, anchor: Anchor) {
  const rect = element.getBoundingClientRect()
  const view = element.ownerDocument.defaultView
  return {
    x: rect.left + (view?.scrollX ?? 0) + anchor.offset.x * rect.width,
    y: rect.top + (view?.scrollY ?? 0) + anchor.offset.y * rect.height,
  }
}

function isUsable(element: Element): boolean {
  return element.isConnected && !element.closest(`[${BRIDGE_ATTRIBUTE}]`)
}

/** The element of `tag` around a text position: the nearest ancestor of the text node with that tag. */
function elementAtText(
  context: ResolveContext,
  position: number,
  length: number,
  tag: string,
  slack: number,
): Element | null {
  const node = context.index.nodeAt(position + Math.min(slack, 2))
  for (let element = node?.parentElement ?? null; element; element = element.parentElement) {
    if (element.localName !== tag) continue
    const range = context.index.rangeOf(element)
    if (range && range.start <= position + slack && range.end >= position + length - slack) return element
  }
  return null
}

interface Candidate {
  element: Element
  score: number
  method: ResolveMethod
}

/** Context shorter than this proves nothing (the start of a page, a lone word). */
const MIN_CONTEXT = 8

/**
 * Whether a candidate is confirmed by more than its own likeness:
 *
 * - one that is not identical to the stored element (its text or, for an image, its source changed) must
 *   be the element at the stored CSS path or keep its exact surroundings on one side;
 * - one of several identical elements ("Read more" in every card, a repeated table cell) must keep its
 *   exact surroundings, or be at the CSS path while just as many identical elements remain;
 * - when fewer identical elements remain than there were, one of them was deleted, and the candidate must
 *   keep its surroundings on both sides and be the only one that does: otherwise nobody can tell which one
 *   went, and the honest answer is "inactive".
 *
 * This is what keeps a pin off the next card when its own card was deleted.
 */
function confirmed(
  element: Element,
  anchor: Anchor,
  context: ResolveContext,
  cssElement: Element | null,
  parts: ScoreParts,
): boolean {
  const { fingerprint } = anchor
  const identical = identityKey(element, context.texts) === anchorIdentity(anchor)
  const cssHit = element === cssElement
  const sides = exactSides(element, anchor, context)
  if (!identical) {
    // A short text or an image that changed (a price, "Safari 1.3", another src) is as likely a neighbour
    // of a deleted element: only the very same place with the same text on one side proves it.
    if (fingerprint.text.length < 30 || parts.text === 1)
      return cssHit && sides > 0 && parts.structure >= 0.99
    // A longer text changed by a few words: the same place in the tree, or the same text on one side.
    return cssHit || sides > 0 ? parts.text >= 0.6 : parts.structure >= 0.75 && parts.text >= 0.8
  }
  const dupes = fingerprint.dupes ?? 1
  if (dupes <= 1) return true
  const now = countDuplicates(element, context.texts)
  if (now >= dupes) return sides > 0 || cssHit
  if (sides < 2) return false
  // Fewer equal elements than before: this one must be the only equal one with both sides unchanged.
  let matching = 0
  for (const other of Array.from(context.doc.getElementsByTagName(fingerprint.tag))) {
    if (
      identityKey(other, context.texts) === identityKey(element, context.texts) &&
      exactSides(other, anchor, context) === 2
    )
      matching += 1
  }
  return matching === 1
}

/** On how many sides (0, 1 or 2) the text around `element` is exactly the stored one. */
function exactSides(element: Element, anchor: Anchor, context: ResolveContext): number {
  const { quote } = anchor
  const around = quote ? contextOf(element, context.index) : null
  if (!quote || !around) return 0
  const prefix = quote.prefix.length >= MIN_CONTEXT && around.prefix === quote.prefix ? 1 : 0
  const suffix = quote.suffix.length >= MIN_CONTEXT && around.suffix === quote.suffix ? 1 : 0
  return prefix + suffix
}

/** How much the winner must beat the best other candidate by; closer than this, nobody can tell them apart. */
const MARGIN = 0.03
/** Approximate quote search: at most this share of the quote's characters may differ. */
const APPROX_ERRORS = 0.25
const APPROX_PATTERN = 64
const MAX_APPROX_HITS = 12

interface Scored extends Candidate {
  text: number
  structure: number
  confirmed: boolean
}

/**
 * Places of the page text where the start of the quote occurs with a bounded number of errors (Myers'
 * bit-vector algorithm, as web annotation tools do), for a quote whose exact text is no longer anywhere.
 */
function approximateHits(context: ResolveContext, exact: string): { start: number; end: number }[] {
  const pattern = exact.slice(0, APPROX_PATTERN)
  if (pattern.length < 8) return []
  const hits = approxSearch(context.index.text, pattern, Math.floor(pattern.length * APPROX_ERRORS))
  hits.sort((a, b) => a.errors - b.errors)
  const kept: { start: number; end: number }[] = []
  for (const hit of hits) {
    if (kept.some((other) => Math.abs(other.start - hit.start) < pattern.length)) continue
    kept.push(hit)
    if (kept.length >= MAX_APPROX_HITS) break
  }
  return kept
}

export function resolveAnchor(anchor: unknown, context: ResolveContext): Resolution {
  if (!isAnchor(anchor)) return { status: 'inactive', reason: 'invalid-anchor' }
  const { doc } = context
  if (anchor.kind === 'page') {
    const width = Math.max(doc.documentElement.scrollWidth, 1)
    return {
      status: 'found',
      element: doc.body ?? doc.documentElement,
      point: { x: (anchor.page.x / Math.max(anchor.page.width, 1)) * width, y: anchor.page.y },
      confidence: 1,
      method: 'page',
    }
  }
  const scrollY = doc.defaultView?.scrollY ?? 0
  let cssElement: Element | null = null
  try {
    cssElement = doc.querySelector(anchor.css)
  } catch {
    // A selector stored by an older client that this browser rejects: the other selectors still apply.
  }
  const steps = stepsOfPath(anchor.css)
  const scored: Scored[] = []
  const seen = new Set<Element>()
  const consider = (element: Element | null, method: ResolveMethod) => {
    if (!element || seen.has(element) || !isUsable(element)) return
    seen.add(element)
    const top = element.getBoundingClientRect().top + scrollY
    const parts = scoreParts({ element, anchor, texts: context.texts, index: context.index, top, steps })
    if (parts.score < CHANGED) return
    scored.push({
      element,
      method,
      ...parts,
      confirmed: confirmed(element, anchor, context, cssElement, parts),
    })
  }
  const identicalFound = () => scored.some((c) => c.text === 1)

  consider(cssElement, 'css')
  // Nothing changed around it (the common reload): the element at the path, with its text and both
  // sides, and as many identical elements as when the pin was placed.
  const first = scored[0]
  if (
    first?.confirmed &&
    first.text === 1 &&
    first.score >= ACCEPT &&
    unchanged(first.element, anchor, context)
  )
    return found(first, anchor)
  const exact = anchor.quote?.exact
  if (exact) {
    for (const position of findAll(context.index.text, exact, MAX_QUOTE_HITS))
      consider(elementAtText(context, position, exact.length, anchor.fingerprint.tag, 0), 'quote')
  }
  if (anchor.fingerprint.id) consider(doc.getElementById(anchor.fingerprint.id), 'fingerprint')
  if (exact && !identicalFound()) {
    for (const hit of approximateHits(context, exact)) {
      const slack = Math.max(0, hit.end - hit.start - 4)
      consider(elementAtText(context, hit.start, hit.end - hit.start, anchor.fingerprint.tag, slack), 'quote')
    }
  }
  if (!scored.some((c) => c.confirmed && c.score >= ACCEPT)) scanByTag(anchor, context, consider)

  scored.sort((a, b) => b.score - a.score)
  const winner = pickWinner(scored, anchor, context)
  if (!winner) {
    const closest = scored[0]?.score ?? 0
    return { status: 'inactive', reason: closest >= CHANGED ? 'element-changed' : 'element-removed' }
  }
  return found(winner, anchor)
}

function found(winner: Candidate, anchor: Anchor): Resolution {
  return {
    status: 'found',
    element: winner.element,
    point: pointIn(winner.element, anchor),
    confidence: Math.round(winner.score * 100) / 100,
    method: winner.method,
  }
}

function unchanged(element: Element, anchor: Anchor, context: ResolveContext): boolean {
  if (identityKey(element, context.texts) !== anchorIdentity(anchor)) return false
  const quote = anchor.quote
  const around = quote ? contextOf(element, context.index) : null
  if (!quote || !around || around.prefix !== quote.prefix || around.suffix !== quote.suffix) return false
  return (
    (anchor.fingerprint.dupes ?? 1) ===
    ((anchor.fingerprint.dupes ?? 1) > 1 ? countDuplicates(element, context.texts) : 1)
  )
}

/**
 * The best confirmed candidate, if it clearly wins. Rivals scoring within MARGIN of it must be beaten on
 * evidence, not on a rounding: more sides of exactly the stored surroundings, else a clearly closer place
 * in the tree (an identical twin pasted next to it sits one index further). Otherwise nobody can tell
 * them apart, and the pin is inactive rather than on a look-alike.
 */
function pickWinner(scored: Scored[], anchor: Anchor, context: ResolveContext): Scored | null {
  // The stored text, unchanged, somewhere confirmed beats any element whose text changed (rows swapped:
  // the row now at the path says "Mozilla 1.3", the pinned "Mozilla 1.2" is one row further).
  const identical = scored.find((c) => c.confirmed && c.text === 1 && c.score >= ACCEPT)
  const winner = identical ?? scored.find((c) => c.confirmed)
  if (!winner || winner.score < ACCEPT) return null
  const key = identityKey(winner.element, context.texts)
  // Identical twins are rivals whatever their score: only evidence tells them apart.
  const rivals = scored.filter(
    (c) =>
      c !== winner &&
      (c.score >= Math.max(ACCEPT, winner.score - MARGIN) || identityKey(c.element, context.texts) === key),
  )
  if (rivals.length === 0) return winner
  const ranked = [winner, ...rivals].map((c) => ({ c, sides: exactSides(c.element, anchor, context) }))
  ranked.sort((a, b) => b.sides - a.sides || b.c.structure - a.c.structure)
  const [top, next] = ranked
  if (!top || !next || !top.c.confirmed) return null
  if (top.sides > next.sides || top.c.structure - next.c.structure >= 0.05) return top.c
  return null
}

/**
 * The fingerprint scan: elements of the anchor's tag. Those with exactly the stored text are scored first
 * (and alone when any exist); otherwise only those of a comparable text length, so a paragraph is never
 * compared with a whole section.
 */
function scanByTag(
  anchor: Anchor,
  context: ResolveContext,
  consider: (element: Element, method: ResolveMethod) => void,
) {
  const { fingerprint } = anchor
  const all = context.doc.getElementsByTagName(fingerprint.tag)
  if (all.length > MAX_TAG_SCAN) return
  const sameText: Element[] = []
  const comparable: Element[] = []
  for (const element of Array.from(all)) {
    const text = context.texts.of(element)
    if (
      fingerprint.text &&
      text.length === fingerprint.textLength &&
      textHash(text) === fingerprint.textHash
    ) {
      sameText.push(element)
    } else if (
      !fingerprint.text
        ? text === ''
        : text.length >= fingerprint.textLength * 0.5 && text.length <= fingerprint.textLength * 2
    ) {
      comparable.push(element)
    }
  }
  for (const element of sameText.length ? sameText : comparable) consider(element, 'fingerprint')
}

/** Resolves many anchors against one document state (one text index for all). */
export function resolveAnchors(doc: Document, anchors: readonly unknown[]): Resolution[] {
  const context = createResolveContext(doc)
  return anchors.map((anchor) => resolveAnchor(anchor, context))
}
