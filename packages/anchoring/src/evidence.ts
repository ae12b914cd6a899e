/**
 * Evidence that a candidate is the pinned element and not a look-alike, and the choice between candidates.
 * A misplaced pin is worse than a lost one, so every rule here errs towards "inactive":
 *
 * - while an element identical to the stored one (same tag, text and identifying attributes) is on the
 *   page, no changed element may win: the stored element is still there, maybe moved (rows or sections
 *   swapped put a neighbour at the old CSS path);
 * - among identical elements, the surroundings decide: the text right next to the element on both sides
 *   ("near" sides) must still be the stored one; the stored CSS path only breaks a tie when look-alikes
 *   were added (a twin pasted next to the pinned element, which keeps its own path);
 * - a changed element must be at the stored place or keep its surroundings (see `confirmed`).
 */
import {
  changedBetweenItsContext,
  changedInItsPlace,
  copiesFollowOriginals,
  editedLookAlike,
  editedTextPlaced,
  grewInPlace,
  keepsBothAgainstNone,
  keptAmongGrown,
  onlyOneKeepsASide,
  onlyOneKeepsItsSiblings,
  onlyOneKeepsItsWideContext,
  originalBeforeItsCopy,
  type WideKept,
  wideKept,
} from '@pinpoint/domain/anchoring'
import type { ResolveContext } from './context'
import { lookAlikes } from './context'
import { contextOf, type ScoreParts, type TextCache } from './fingerprint'
import { readsAsBefore } from './text'
import type { Anchor, ResolveMethod } from './types'

/** Candidates scoring at least this are accepted. */
export const ACCEPT = 0.7
/** A confirmed identical element is accepted from this score (its classes and place may have changed). */
const ACCEPT_IDENTICAL = 0.5
/** A confirmed changed element is accepted from this score. */
const ACCEPT_CHANGED = 0.6
/** Context shorter than this proves nothing (the start of a page, a lone word). */
const MIN_CONTEXT = 8
/** How many characters right next to the element must be unchanged for a side to agree "near". */
const NEAR = 12
/** Less of its parent's text than this next to an element tells nothing of its siblings. */
const MIN_SIBLING_TEXT = 3
/** Closer than this in structure, two candidates are not told apart by their place in the tree. */
const STRUCTURE_MARGIN = 0.05

export interface Scored extends ScoreParts, Surroundings {
  element: Element
  method: ResolveMethod
  /** Same tag, text and identifying attributes as the stored element. */
  identical: boolean
  /** Its text holds the whole stored text and more (something was added to it). */
  contains: boolean
  /** At the stored CSS path. */
  cssHit: boolean
  confirmed: boolean
  /** Its text reads as the stored one with a few words changed (changed candidates of 30+ characters). */
  readsAsBefore: boolean
  /** Inside a block that comes right after an identical one (see `followsTwin`); look-alikes only. */
  followsTwin: boolean
  wideEvidence: () => WideFields
}

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
}

const NO_WIDE: WideFields = { wide: null, before: null, after: null, textInContext: false }

/**
 * The wide evidence of a candidate, measured once and only when asked: word triples of a few hundred
 * characters cost more than all the other evidence, and most pins are decided before any rule needs them.
 */
export function wideEvidenceOf(element: Element, anchor: Anchor, context: ResolveContext): () => WideFields {
  let measured: WideFields | undefined
  return () => {
    measured ??= (anchor.quote && wideOf(element, anchor.quote, context)) || NO_WIDE
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

/** Share of characters that may differ for a changed text to read "closely" as before (editedTextPlaced). */
const CLOSELY = 0.1
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
  return {
    wide: wideKept(widePrefix + SIDE_BREAK + wideSuffix, before + SIDE_BREAK + after),
    before: share(wideKept(widePrefix, before)),
    after: share(wideKept(wideSuffix, after)),
    textInContext: own.length >= 3 && (widePrefix.includes(own) || wideSuffix.includes(own)),
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

/**
 * Whether a candidate is confirmed by more than its own likeness:
 *
 * - a changed element (its text or, for an image, its source) with a short text must be at the stored
 *   CSS path, in the same place of the tree, with the text next to it unchanged on both sides; a longer
 *   text changed by a few words must be at the path or keep one side, and read mostly the same;
 * - one of several identical elements ("Read more" in every card, a repeated table cell) must keep the
 *   text next to it on both sides, or on one side at the stored path; when look-alikes were added (a
 *   twin pasted), one side or the path will do, and the choice between them is made in `pickWinner`;
 * - when fewer identical elements remain than there were, one of them was deleted, and the candidate must
 *   keep its surroundings exactly on both sides and be the only one that does: otherwise nobody can tell
 *   which one went, and the honest answer is "inactive".
 */
export function confirmed(
  candidate: Omit<Scored, 'confirmed'>,
  anchor: Anchor,
  context: ResolveContext,
  identicalOthers: () => Element[],
): boolean {
  const { fingerprint } = anchor
  const { cssHit, sides, near } = candidate
  if (!candidate.identical) {
    const text = context.texts.of(candidate.element)
    if (
      (fingerprint.dupes ?? 1) <= 1 &&
      grewInPlace({
        storedLength: fingerprint.textLength,
        whole: fingerprint.text.length === fingerprint.textLength,
        length: text.length,
        startsWithStored: text.startsWith(fingerprint.text),
        readsAsBefore: candidate.contains && readsAsBefore(fingerprint.text, text),
        structure: candidate.structure,
      })
    )
      return true
    // Both sides exactly as stored: it sits in the very gap the pinned element left, whatever its text.
    if (sides === 2 && candidate.text >= 0.5) return true
    // A short text or an image that changed (a price, "Safari 1.3", another src) is as likely a neighbour
    // that took the place of a moved or deleted element: only the very same place with the text next to
    // it unchanged on both sides proves it.
    if (fingerprint.textLength < 30) {
      if (cssHit && near === 2 && candidate.structure >= 0.99) return true
      // Unless it still starts with the whole stored text (a sentence was added to a heading), where
      // the text on one side and the place in the tree agree.
      if (near === 0 || fingerprint.text.length < 12) return false
      if (text.startsWith(fingerprint.text)) return candidate.structure >= 0.75
      // A word changed in a short text: it must still read as before, close to the stored place.
      return candidate.text >= 0.85 && candidate.structure >= 0.9
    }
    // A longer text changed by a few words: it must still read as before (in order, not only the same
    // words) and be at the same place in the tree or keep the text on one side.
    if (!readsAsBefore(fingerprint.text, text)) return false
    return editedTextPlaced({
      cssHit,
      sides,
      near,
      structure: candidate.structure,
      storedLength: fingerprint.textLength,
      wasUnique: (fingerprint.dupes ?? 1) <= 1,
      readsClosely: sides === 0 && near === 0 && readsAsBefore(fingerprint.text, text, CLOSELY),
    })
  }
  const dupes = fingerprint.dupes ?? 1
  const now = lookAlikes(candidate.element, context)
  if (dupes <= 1 || now > dupes) return dupes <= 1 || near > 0 || cssHit
  // As many look-alikes as before: the text next to it must agree on both sides. One side proves
  // little: when two look-alike cards are swapped, the one now at the old place keeps the text after
  // it (the next card's), and the pinned one, moved, may keep neither. Which of several look-alikes that
  // agree is the one is decided in `pickWinner`.
  if (now === dupes) return near === 2
  if (sides < 2) return false
  // Fewer equal elements than before: this one must be the only equal one with both sides unchanged.
  return identicalOthers().every(
    (other) => other === candidate.element || surroundings(other, anchor, context).sides < 2,
  )
}

/**
 * The winner among scored candidates (best score first), or null when nobody can tell.
 *
 * `stored`: how many elements identical to the stored one are on the page (found or not as candidates).
 */
export function pickWinner(scored: Scored[], anchor: Anchor, stored: number): Scored | null {
  if (stored > 0) {
    const dupes = anchor.fingerprint.dupes ?? 1
    const lookAlikes = scored.filter((c) => c.identical && c.score >= ACCEPT_IDENTICAL)
    // An identical, confirmed element is the stored one unless its score is very low.
    const identical = lookAlikes.filter((c) => c.confirmed)
    if (identical.length === 0 && stored === dupes)
      return (
        alone(scored.filter((c) => c.identical)) ??
        onlyOneKeepsASide(lookAlikes) ??
        onlyOneKeepsItsSiblings(lookAlikes) ??
        widest(scored, stored)
      )
    // Fewer look-alikes and none keeping its place: the pinned one may have changed in its place.
    if (identical.length === 0 && stored < dupes)
      return (
        changedInItsPlace(scored.filter((c) => !c.identical && c.confirmed && c.score >= ACCEPT_CHANGED)) ??
        editedLookAlike(
          scored.filter((c) => !c.identical && c.score >= ACCEPT_CHANGED),
          scored.filter((c) => c.identical),
          { storedLength: anchor.fingerprint.textLength, dropped: dupes - stored },
        ) ??
        keptAmongGrown(
          lookAlikes,
          scored.filter((c) => !c.identical && c.contains),
          dupes - stored,
        )
      )
    // A twin pasted next to the pinned element: the pinned one kept its path, or sits before its copy.
    if (stored > dupes) {
      const leader = copiesFollowOriginals(
        scored.filter((c) => c.identical),
        stored - dupes,
      )
      const kept =
        (leader?.confirmed && leader.score >= ACCEPT_IDENTICAL ? leader : null) ??
        identical.find((c) => c.cssHit) ??
        originalBeforeItsCopy(lookAlikes)
      if (kept) return kept
    }
    // Every look-alike scored, confirmed or not, may stand in the winner's way.
    const winner = clearBest(
      identical,
      scored.filter((c) => c.identical),
    )
    // The element at the path reads the stored text and a little more (something was pasted into it)
    // while a copy of the old one sits elsewhere: either could be the pinned one.
    const grown = scored.find((c) => c.cssHit && !c.identical && c.contains && c.structure >= 0.99)
    if (winner) return grown && !winner.cssHit && anchor.fingerprint.text ? null : winner
    // As many look-alikes as before and the near evidence split: the wide context may still tell.
    return stored === dupes && !grown ? widest(scored, stored) : null
  }
  const winner = scored.find((c) => c.confirmed)
  if (!winner || winner.score < ACCEPT_CHANGED)
    return (
      changedBetweenItsContext(
        scored
          .filter((c) => c.score >= ACCEPT_CHANGED)
          .map((c) => ({ ...c.wideEvidence(), text: c.text, structure: c.structure, c })),
      )?.c ?? null
    )
  const rivals = scored.filter(
    (c) => c !== winner && c.score >= Math.max(ACCEPT_CHANGED, winner.score - 0.03),
  )
  return rivals.length === 0 ? winner : clearBest([winner, ...rivals], [])
}

/**
 * The candidate with clearly the best evidence: more near sides agreeing, else a clearly closer place;
 * it must also beat `others` (look-alikes too little confirmed to win, not to stand in the way).
 */
function clearBest(candidates: Scored[], blocking: Scored[]): Scored | null {
  // Exact sides do not count here: a copy of a whole block carries exact surroundings.
  const ranked = [...candidates].sort((a, b) => b.near - a.near || b.structure - a.structure)
  const top = ranked[0]
  if (!top?.confirmed) return null
  const others = [...new Set([...ranked.slice(1), ...blocking])].filter((c) => c !== top)
  if (keepsBothAgainstNone(top, others)) return top
  if (onlyOneKeepsItsSiblings([top, ...others]) === top) return top
  // The winner must beat every rival on one kind of evidence without losing on the other: when the
  // surroundings point at one and the place in the tree at another (a card swapped with its look-alike,
  // a template repeating the same words around every copy), nobody can tell.
  const beats = (other: Scored) =>
    top.near > other.near
      ? top.structure >= other.structure - STRUCTURE_MARGIN / 5
      : top.structure - other.structure >= (top.near === 2 ? STRUCTURE_MARGIN / 2 : STRUCTURE_MARGIN)
  return others.every(beats) ? top : null
}

/**
 * The look-alike alone keeping its wide context (see onlyOneKeepsItsWideContext), only when every
 * look-alike on the page was measured and scored as one.
 */
function widest(scored: Scored[], stored: number): Scored | null {
  const lookAlikes = scored.filter((c) => c.identical)
  if (lookAlikes.length !== stored) return null
  const winner = onlyOneKeepsItsWideContext(lookAlikes.map((c) => ({ ...c.wideEvidence(), c })))?.c
  return winner && winner.score >= ACCEPT_IDENTICAL ? winner : null
}

/**
 * No look-alike agrees with the stored surroundings (content was added around all of them): the one at
 * the stored path wins when every other one is clearly elsewhere in the tree.
 */
function alone(identical: Scored[]): Scored | null {
  const atPath = identical.find((c) => c.cssHit && c.structure >= 0.99)
  if (!atPath) return null
  return identical.every((c) => c === atPath || c.structure <= atPath.structure - 0.15) ? atPath : null
}
