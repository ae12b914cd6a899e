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
import { createResolveContext, type ResolveContext } from './context'
import { ACCEPT, confirmed, isItsNeighbour, type Scored } from './evidence'
import { anchorIdentity, identityKey, scoreParts } from './fingerprint'
import { followsTwin, surroundings, wideEvidenceOf } from './surroundings'
import { findAll, readsAsBefore } from './text'
import { BRIDGE_ATTRIBUTE } from './text-index'
import type { Anchor, Resolution, ResolveMethod } from './types'
import { pickWinner } from './winner'

export { createResolveContext, type ResolveContext } from './context'
export { ACCEPT } from './evidence'

/** Below this the element is considered removed rather than changed. */
const CHANGED = 0.45
const MAX_QUOTE_HITS = 20
const MAX_TAG_SCAN = 4000
/** At most this many elements identical to the stored one are scored (a "Read more" on every card). */
const MAX_IDENTICAL = 40

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

function pointIn(element: Element, anchor: Anchor, context: ResolveContext) {
  const rect = context.rectOf(element)
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

/** Approximate quote search: at most this share of the quote's characters may differ. */
const APPROX_ERRORS = 0.25
const APPROX_PATTERN = 64
const MAX_APPROX_HITS = 12

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
  return explainResolution(anchor, context).resolution
}

/** A resolution with the candidates that were weighed (for tests and the anchoring bench's log). */
export interface Explained {
  resolution: Resolution
  candidates: Scored[]
}

export function explainResolution(anchor: unknown, context: ResolveContext): Explained {
  const scored: Scored[] = []
  const explained = (resolution: Resolution): Explained => ({ resolution, candidates: scored })
  if (!isAnchor(anchor)) return explained({ status: 'inactive', reason: 'invalid-anchor' })
  const { doc } = context
  if (anchor.kind === 'page') {
    const width = Math.max(doc.documentElement.scrollWidth, 1)
    return explained({
      status: 'found',
      element: doc.body ?? doc.documentElement,
      point: { x: (anchor.page.x / Math.max(anchor.page.width, 1)) * width, y: anchor.page.y },
      confidence: 1,
      method: 'page',
    })
  }
  const scrollY = doc.defaultView?.scrollY ?? 0
  const cssElement = context.atPath(anchor.css)
  const steps = context.stepsOf(anchor.css)
  const storedKey = anchorIdentity(anchor)
  const identicalOnPage = context.identities(anchor.fingerprint.tag).get(storedKey) ?? []
  const seen = new Set<Element>()
  const consider = (element: Element | null, method: ResolveMethod) => {
    if (!element || seen.has(element) || !isUsable(element)) return
    seen.add(element)
    const top = context.rectOf(element).top + scrollY
    const parts = scoreParts({
      element,
      anchor,
      texts: context.texts,
      index: context.index,
      top,
      steps,
      chainCache: context.chainCache,
    })
    if (parts.score < CHANGED) return
    const identical = identityKey(element, context.texts) === storedKey
    const candidate = {
      element,
      method,
      ...parts,
      identical,
      readsAsBefore:
        !identical &&
        anchor.fingerprint.textLength >= 30 &&
        readsAsBefore(anchor.fingerprint.text, context.texts.of(element)),
      // Only asked when look-alikes were added (a copy pasted): it walks a few ancestors.
      followsTwin:
        identical &&
        identicalOnPage.length > (anchor.fingerprint.dupes ?? 1) &&
        followsTwin(element, context.texts),
      contains: containsStored(context.texts.of(element), anchor),
      cssHit: element === cssElement,
      ...surroundings(element, anchor, context),
      wideEvidence: wideEvidenceOf(element, anchor, context),
    }
    scored.push({
      ...candidate,
      confirmed: confirmed(candidate, anchor, context, () => identicalOnPage),
    })
  }

  consider(cssElement, 'css')
  // Nothing changed around it (the common reload): the element at the path, with its text and both
  // sides, and as many identical elements as when the pin was placed.
  const first = scored[0]
  if (
    first?.identical &&
    first.confirmed &&
    first.sides === 2 &&
    first.score >= ACCEPT &&
    identicalOnPage.length === (anchor.fingerprint.dupes ?? 1)
  )
    return explained(found(first, anchor, context))
  const dupes = anchor.fingerprint.dupes ?? 1
  if (identicalOnPage.length > 0) {
    // The stored element is still on the page, maybe moved: only it (or one of its twins) may win.
    for (const element of identicalOnPage.slice(0, MAX_IDENTICAL)) consider(element, 'fingerprint')
    // Fewer twins than before and none keeping its surroundings: the pinned one may be the twin whose
    // words were edited (see editedLookAlike).
    const exact = anchor.quote?.exact
    if (exact && identicalOnPage.length < dupes && !scored.some((c) => c.confirmed)) {
      for (const hit of approximateHits(context, exact)) {
        const slack = Math.max(0, hit.end - hit.start - 4)
        consider(
          elementAtText(context, hit.start, hit.end - hit.start, anchor.fingerprint.tag, slack),
          'quote',
        )
      }
    }
  } else {
    const exact = anchor.quote?.exact
    if (exact) {
      for (const position of findAll(context.index.text, exact, MAX_QUOTE_HITS))
        consider(elementAtText(context, position, exact.length, anchor.fingerprint.tag, 0), 'quote')
    }
    if (anchor.fingerprint.id) consider(doc.getElementById(anchor.fingerprint.id), 'fingerprint')
    if (exact) {
      for (const hit of approximateHits(context, exact)) {
        const slack = Math.max(0, hit.end - hit.start - 4)
        consider(
          elementAtText(context, hit.start, hit.end - hit.start, anchor.fingerprint.tag, slack),
          'quote',
        )
      }
    }
    if (!scored.some((c) => c.confirmed && c.score >= ACCEPT)) scanByTag(anchor, context, consider)
  }

  scored.sort((a, b) => b.score - a.score)
  const picked = pickWinner(scored, anchor, identicalOnPage.length)
  // The choices made from the wide context or among edited look-alikes may pick a changed candidate that
  // `confirmed` did not confirm: the pinned element's neighbour is never its winner either.
  const winner = picked && !isItsNeighbour(picked) ? picked : null
  if (!winner) {
    const closest = scored[0]
    // The closest element being the pinned one's neighbour (see isItsNeighbour), the pinned one is gone.
    const changed = closest && closest.score >= CHANGED && !isItsNeighbour(closest)
    return explained({ status: 'inactive', reason: changed ? 'element-changed' : 'element-removed' })
  }
  return explained(found(winner, anchor, context))
}

/** Whether `text` holds the stored text and more (a sentence, a pasted copy of a child). */
function containsStored(text: string, { fingerprint }: Anchor): boolean {
  return (
    fingerprint.text.length >= 4 &&
    text.length > fingerprint.textLength &&
    (text.includes(fingerprint.text) || readsAsBefore(fingerprint.text, text))
  )
}

function found(winner: Scored, anchor: Anchor, context: ResolveContext): Resolution {
  return {
    status: 'found',
    element: winner.element,
    point: pointIn(winner.element, anchor, context),
    confidence: Math.round(winner.score * 100) / 100,
    method: winner.method,
  }
}

/**
 * The fingerprint scan, when the stored element is nowhere as it was: elements of the anchor's tag with a
 * comparable text length, so a paragraph is never compared with a whole section.
 */
function scanByTag(
  anchor: Anchor,
  context: ResolveContext,
  consider: (element: Element, method: ResolveMethod) => void,
) {
  const { fingerprint } = anchor
  const all = context.doc.getElementsByTagName(fingerprint.tag)
  if (all.length > MAX_TAG_SCAN) return
  for (const element of Array.from(all)) {
    const text = context.texts.of(element)
    const comparable = !fingerprint.text
      ? text === ''
      : text.length >= fingerprint.textLength * 0.5 && text.length <= fingerprint.textLength * 2
    if (comparable) consider(element, 'fingerprint')
  }
}

/** Resolves many anchors against one document state (one text index for all). */
export function resolveAnchors(doc: Document, anchors: readonly unknown[]): Resolution[] {
  const context = createResolveContext(doc)
  return anchors.map((anchor) => resolveAnchor(anchor, context))
}
