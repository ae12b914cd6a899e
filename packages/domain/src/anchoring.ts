/**
 * Rules for telling a pinned element from its look-alikes after the page was edited (issue 16, decision
 * 049). The anchoring library measures each candidate element in the page (DOM work); these rules only
 * weigh what it measured, so they are tested here without a browser. Every rule answers with one
 * candidate or none: a pin left inactive is honest, a pin on a look-alike points the team at the wrong thing.
 *
 * Terms: a "look-alike" is an element with the same tag, text and identifying attributes as the pinned
 * one. "Exact" sides are the stored 40 characters of text before (prefix) or after (suffix) the element,
 * unchanged; "near" sides keep at least the 12 characters right next to it.
 */

/** What the resolver measured of one candidate. */
export interface AnchorEvidence {
  /** At the stored CSS path. */
  cssHit: boolean
  prefixExact: boolean
  suffixExact: boolean
  /**
   * Whether the text right next to it on that side (the near characters) belongs to its own parent element:
   * a sibling's text, not what follows the whole block. The last element of a block moved elsewhere
   * takes over the text after whatever block used to be last there; a sibling's text moves with it.
   */
  prefixWithin: boolean
  suffixWithin: boolean
  /** Sides (0-2) keeping the characters right next to the element. */
  near: number
  /** 0..1, how much of the stored ancestor chain (tags and places among siblings) the candidate keeps. */
  structure: number
}

/** Below this, a candidate is not at the stored place in the tree. */
const SAME_PLACE = 0.99

function exactSides(candidate: AnchorEvidence): number {
  return (candidate.prefixExact ? 1 : 0) + (candidate.suffixExact ? 1 : 0)
}

function keepsOwnSide(c: AnchorEvidence): boolean {
  return (c.prefixExact && c.prefixWithin) || (c.suffixExact && c.suffixWithin)
}

/**
 * As many look-alikes as when the pin was placed, none keeping both sides near: content was inserted or
 * changed next to the pinned one. It is the look-alike that alone keeps one whole side exactly (40
 * characters of the text around it), that side running into its own siblings, while no other keeps any
 * side exactly or both sides near. Two look-alikes keeping one side each (blocks swapped: each keeps its
 * own inner side) tell nothing; a side kept only past the end of its block proves nothing either (cards
 * swapped: the look-alike at the end of the card now last takes over the text after the pinned one).
 */
export function onlyOneKeepsASide<T extends AnchorEvidence>(lookAlikes: readonly T[]): T | null {
  if (lookAlikes.filter((candidate) => exactSides(candidate) > 0).length !== 1) return null
  const keeping = lookAlikes.filter(keepsOwnSide)
  const [one] = keeping
  if (keeping.length !== 1 || !one) return null
  return lookAlikes.every((other) => other === one || other.near < 2) ? one : null
}

/**
 * One more look-alike than when pinned, and the pinned element and its copy side by side (a block
 * duplicated, as editors do, below the original): the original keeps the text before it and has its copy
 * after it; the copy has the original before it and keeps the text after. Only that exact pattern
 * answers (one candidate keeping only the prefix, one keeping only the suffix, none both); the original
 * is the one before its copy.
 */
export function originalBeforeItsCopy<T extends AnchorEvidence>(lookAlikes: readonly T[]): T | null {
  const before = lookAlikes.filter((c) => c.prefixExact && !c.suffixExact)
  const after = lookAlikes.filter((c) => c.suffixExact && !c.prefixExact)
  const both = lookAlikes.some((c) => c.prefixExact && c.suffixExact)
  return before.length === 1 && after.length === 1 && !both ? (before[0] ?? null) : null
}

/**
 * Fewer look-alikes than when pinned, none of them keeping its surroundings: the pinned element changed
 * (a word edited, a sentence added) rather than disappeared. A changed element is taken only when it sits
 * at the stored path, in the same place of the tree, with both whole sides exactly as stored: the very
 * gap the pinned element occupied. A neighbour shifted into the place of a deleted element never keeps
 * both sides (its own text is what used to follow).
 */
export function changedInItsPlace<T extends AnchorEvidence>(changed: readonly T[]): T | null {
  const inPlace = changed.filter(
    (c) => c.cssHit && c.prefixExact && c.suffixExact && c.structure >= SAME_PLACE,
  )
  return inPlace.length === 1 ? (inPlace[0] ?? null) : null
}

/**
 * Between look-alikes, one keeping both whole sides exactly where every other keeps neither side even
 * near wins whatever its place in the tree: content inserted above shifted the sibling indexes of the
 * path (so a look-alike now sits at the stored path), but only the pinned one still has its own
 * surroundings. A copy of a whole block would carry them too: that case (more look-alikes than before)
 * is decided by `originalBeforeItsCopy`, not here.
 */
export function keepsBothAgainstNone<T extends AnchorEvidence>(top: T, others: readonly T[]): boolean {
  return exactSides(top) === 2 && others.every((other) => other === top || other.near === 0)
}

/** Below this many characters, a text that grew is too common to be told from another by its start. */
const GROWN_MIN_TEXT = 16
/** Below this, a text that grew and had words changed too is too short to be told from another. */
const GROWN_EDITED_MIN_TEXT = 30
/** A text that grew keeps about its place in the tree: a wrapper or a shifted index, not another branch. */
const GROWN_STRUCTURE = 0.8

/** What the resolver measured of a candidate whose text is not the stored one. */
export interface GrownText {
  /** Length of the whole stored text. */
  storedLength: number
  /** The stored text is the whole text (not cut to the stored maximum). */
  whole: boolean
  /** Length of the candidate's text. */
  length: number
  /** The candidate's text starts with the whole stored text. */
  startsWithStored: boolean
  /** The stored text, a few words changed (an edit distance of at most a fifth), starts the candidate's. */
  readsAsBefore: boolean
  structure: number
}

/**
 * A pinned element whose text was unique on the page and now starts a longer text of an element of the
 * same tag at about the same place in the tree: something was appended to it (a sentence added to a
 * paragraph, a note to a list item), even when everything around it changed too (content inserted
 * before it, the next block rewritten). With words of it changed as well, only a longer text will do.
 */
export function grewInPlace(c: GrownText): boolean {
  if (c.length <= c.storedLength || c.structure < GROWN_STRUCTURE) return false
  if (c.startsWithStored && c.whole && c.storedLength >= GROWN_MIN_TEXT) return true
  return c.readsAsBefore && c.storedLength >= GROWN_EDITED_MIN_TEXT
}
