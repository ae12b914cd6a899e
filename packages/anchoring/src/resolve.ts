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
import {
  anchorIdentity,
  contextOf,
  countDuplicates,
  identityKey,
  scoreCandidate,
  TextCache,
} from './fingerprint'
import { findAll, textHash } from './text'
import { BRIDGE_ATTRIBUTE, buildTextIndex, type TextIndex } from './text-index'
import type { Anchor, Resolution, ResolveMethod } from './types'

/** Candidates scoring at least this are accepted. */
export const ACCEPT = 0.7
/** A CSS-path or quote candidate scoring at least this ends the search early. */
const STRONG = 0.9
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
): Element | null {
  const node = context.index.nodeAt(position)
  for (let element = node?.parentElement ?? null; element; element = element.parentElement) {
    if (element.localName !== tag) continue
    const range = context.index.rangeOf(element)
    if (range && range.start <= position && range.end >= position + length) return element
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
): boolean {
  const { fingerprint } = anchor
  const identical = identityKey(element, context.texts) === anchorIdentity(anchor)
  const cssHit = element === cssElement
  const sides = exactSides(element, anchor, context)
  if (!identical) return cssHit || sides > 0
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
  const seen = new Set<Element>()
  const search: { best: Candidate | null; bestUnconfirmed: number } = { best: null, bestUnconfirmed: 0 }
  const consider = (element: Element | null, method: ResolveMethod) => {
    if (!element || seen.has(element) || !isUsable(element)) return
    seen.add(element)
    const top = element.getBoundingClientRect().top + scrollY
    const score = scoreCandidate({ element, anchor, texts: context.texts, index: context.index, top })
    if (score <= (search.best?.score ?? 0) || score < CHANGED) return
    if (!confirmed(element, anchor, context, cssElement)) {
      search.bestUnconfirmed = Math.max(search.bestUnconfirmed, score)
      return
    }
    search.best = { element, score, method }
  }
  const bestScore = () => search.best?.score ?? 0

  consider(cssElement, 'css')
  const exact = anchor.quote?.exact
  if (bestScore() < STRONG && exact) {
    for (const position of findAll(context.index.text, exact, MAX_QUOTE_HITS)) {
      consider(elementAtText(context, position, exact.length, anchor.fingerprint.tag), 'quote')
      if (bestScore() >= STRONG) break
    }
  }
  if (bestScore() < STRONG && anchor.fingerprint.id)
    consider(doc.getElementById(anchor.fingerprint.id), 'fingerprint')
  if (bestScore() < ACCEPT) scanByTag(anchor, context, consider)

  const winner = search.best
  if (!winner || winner.score < ACCEPT) {
    const closest = Math.max(winner?.score ?? 0, search.bestUnconfirmed)
    return {
      status: 'inactive',
      reason: closest >= ACCEPT || (winner?.score ?? 0) >= CHANGED ? 'element-changed' : 'element-removed',
    }
  }
  return {
    status: 'found',
    element: winner.element,
    point: pointIn(winner.element, anchor),
    confidence: Math.round(winner.score * 100) / 100,
    method: winner.method,
  }
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
