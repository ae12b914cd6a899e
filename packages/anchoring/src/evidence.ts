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
import { editedTextPlaced, grewInPlace, readsAsItsNeighbour } from '@pinpoint/domain/anchoring'
import type { ResolveContext } from './context'
import { lookAlikes } from './context'
import type { ScoreParts } from './fingerprint'
import { type Surroundings, surroundings, type WideFields } from './surroundings'
import { readsAsBefore } from './text'
import type { Anchor, ResolveMethod } from './types'

/** Candidates scoring at least this are accepted. */
export const ACCEPT = 0.7
/** A confirmed identical element is accepted from this score (its classes and place may have changed). */
export const ACCEPT_IDENTICAL = 0.5
/** A confirmed changed element is accepted from this score. */
export const ACCEPT_CHANGED = 0.6

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

/** Share of characters that may differ for a changed text to read "closely" as before (editedTextPlaced). */
const CLOSELY = 0.1

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
  if (!candidate.identical)
    return (
      // Measured last, and only for a changed candidate that would otherwise be confirmed: the wide
      // evidence costs most.
      changedConfirmed(candidate, anchor, context) && !isItsNeighbour(candidate)
    )
  const { fingerprint } = anchor
  const { cssHit, sides, near } = candidate
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
 * A changed candidate that is the pinned element's neighbour, not the pinned element edited. The pinned
 * element deleted, its neighbour moves up to its path, and when paragraphs of the same filler follow each
 * other even the text on both sides of it is the stored one: every rule of `confirmed` takes it as the
 * pinned element edited. Its own words read more like the text stored right next to the pinned element
 * than like the pinned element's (readsAsItsNeighbour). Live placement and carrying share this rule.
 */
export function isItsNeighbour(candidate: Pick<Scored, 'identical' | 'text' | 'wideEvidence'>): boolean {
  return !candidate.identical && readsAsItsNeighbour({ text: candidate.text, ...candidate.wideEvidence() })
}

/** `confirmed` for a changed candidate (its text, attributes or, for an image, its source not the stored). */
function changedConfirmed(
  candidate: Omit<Scored, 'confirmed'>,
  anchor: Anchor,
  context: ResolveContext,
): boolean {
  const { fingerprint } = anchor
  const { cssHit, sides, near } = candidate
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
