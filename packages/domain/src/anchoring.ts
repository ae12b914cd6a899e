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
  /**
   * Sides (0-2) where its parent has text next to it (three characters or more) and that text, up to
   * the near characters, is still the stored one: its siblings are the pinned element's siblings.
   */
  siblingSides: number
  /** Sides (0-2) keeping the characters right next to the element. */
  near: number
  /** 0..1, how much of the stored ancestor chain (tags and places among siblings) the candidate keeps. */
  structure: number
}

/** Below this, a candidate is not at the stored place in the tree. */
const SAME_PLACE = 0.99
/** This much less structure than another candidate puts a look-alike in another branch of the page. */
const OTHER_BRANCH = 0.3

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
  const exact = lookAlikes.filter((candidate) => exactSides(candidate) > 0)
  const [keeper] = exact
  if (exact.length !== 1 || !keeper) return null
  // At the stored place while every other look-alike is in another branch of the page (the version in
  // the header, its copies in the body): a swap moves blocks among siblings, never that far.
  if (
    keeper.structure >= SAME_PLACE &&
    lookAlikes.every((other) => other === keeper || other.structure <= keeper.structure - OTHER_BRANCH)
  )
    return keeper
  if (!keepsOwnSide(keeper)) return null
  // A look-alike keeping both sides near (a template repeating the words around every copy) stands in
  // the way unless the keeper is as well placed in the tree: 40 characters of its own siblings, kept
  // exactly, say more than twelve on each side that every copy of the template has.
  return lookAlikes.every(
    (other) => other === keeper || other.near < 2 || keeper.structure >= other.structure,
  )
    ? keeper
    : null
}

/**
 * Fewer look-alikes than when pinned, but as many elements now holding the stored text and more (a
 * sentence added to some of the copies) as copies missing: none was deleted, some grew. Among the copies
 * left and the grown ones, the one alone keeping a side decides, as when nothing was missing
 * (`onlyOneKeepsASide`); otherwise nobody can tell.
 */
export function keptAmongGrown<T extends AnchorEvidence>(
  lookAlikes: readonly T[],
  grown: readonly T[],
  missing: number,
): T | null {
  if (missing < 1 || grown.length !== missing) return null
  return onlyOneKeepsASide([...lookAlikes, ...grown])
}

/**
 * Look-alikes whose wider surroundings all changed (content inserted, words edited around them): the
 * pinned one is the only look-alike whose own siblings still read as stored next to it ("Cake" before
 * the "More Details" of the cake's card, where every card has a "More Details"). Siblings move with
 * their element when blocks are swapped or wrapped; the text past the end of the parent does not, and
 * does not count. Look-alikes sharing the same siblings (a template's "Posted by" line) tell nothing.
 */
export function onlyOneKeepsItsSiblings<T extends AnchorEvidence>(lookAlikes: readonly T[]): T | null {
  const keeping = lookAlikes.filter((candidate) => candidate.siblingSides > 0)
  return keeping.length === 1 ? (keeping[0] ?? null) : null
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

/** What the resolver saw of a look-alike's ancestors, for `copiesFollowOriginals`. */
export interface CopyEvidence {
  /** The element or one of its nearest ancestors comes right after an identical sibling (same tag, text). */
  followsTwin: boolean
}

/**
 * More look-alikes than when pinned, because a block holding the pinned element was duplicated (a
 * paragraph, a row, a card) and the copy placed right after its original, as editors do: the pin stays in
 * the original, the one look-alike not inside a block that follows its own twin. Only when the counts
 * tell exactly that story: as many followers as look-alikes added, and one look-alike leading. When
 * identical blocks already followed each other before the edit ("Third Level Item" four times), the
 * followers outnumber the copies and nobody can tell.
 */
export function copiesFollowOriginals<T extends CopyEvidence>(
  lookAlikes: readonly T[],
  added: number,
): T | null {
  const leaders = lookAlikes.filter((candidate) => !candidate.followsTwin)
  const followers = lookAlikes.length - leaders.length
  return added > 0 && followers === added && leaders.length === 1 ? (leaders[0] ?? null) : null
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
 * Between look-alikes, one keeping both whole sides exactly (80 characters) where no other keeps a whole
 * side, nor both sides near, wins whatever its place in the tree: content inserted above shifted the sibling indexes of the
 * path (so a look-alike now sits at the stored path), but only the pinned one still has its own
 * surroundings. A copy of a whole block would carry them too: that case (more look-alikes than before)
 * is decided by `originalBeforeItsCopy`, not here.
 */
export function keepsBothAgainstNone<T extends AnchorEvidence>(top: T, others: readonly T[]): boolean {
  return (
    exactSides(top) === 2 &&
    others.every((other) => other === top || (exactSides(other) === 0 && other.near < 2))
  )
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

/** A text shorter than this, a few words changed, is too easily another one (a sibling, a date). */
const EDITED_MIN_TEXT = 30
/** How close in the tree a changed text must be when nothing around it agrees any more. */
const EDITED_STRUCTURE = 0.75
const EDITED_LOOK_ALIKE_STRUCTURE = 0.8

/** What the resolver measured of a candidate whose text reads as the stored one with a few words changed. */
export interface EditedText {
  cssHit: boolean
  sides: number
  near: number
  structure: number
  /** Length of the whole stored text. */
  storedLength: number
  /** No other element of the page had the stored tag, text and attributes when the pin was placed. */
  wasUnique: boolean
  /** It reads as the stored text with at most a tenth of its characters changed (one word in a sentence). */
  readsClosely: boolean
}

/**
 * Whether a longer text that still reads as the stored one (a few words changed, in order) is placed well
 * enough to be the pinned element: at the stored path with the text next to it on one side, or keeping a
 * whole side, or near on a side about in place. When everything around it changed too (content inserted
 * before, the next block rewritten), a text that was unique on the page may still be told by its place
 * in the tree, when it reads closely as before; otherwise it needs almost the very same place.
 */
export function editedTextPlaced(c: EditedText): boolean {
  if ((c.cssHit && c.near > 0) || c.sides > 0) return true
  if (c.near > 0) return c.structure >= EDITED_STRUCTURE
  // "update your billing information" and "update your payment information" differ by a fifth: a sibling
  // link, not an edit. One word in a longer sentence is a tenth or less.
  const unique = c.wasUnique && c.storedLength >= EDITED_MIN_TEXT && c.readsClosely
  return c.structure >= (unique ? EDITED_STRUCTURE : 0.95)
}

/** A changed candidate for `editedLookAlike`. */
export interface EditedCandidate {
  structure: number
  /** Its text reads as the stored one with a few words changed (an edit distance of at most a fifth). */
  readsAsBefore: boolean
}

/**
 * Fewer look-alikes than when pinned and none of them keeping its surroundings: the pinned one may be
 * the look-alike whose words were edited. Taken only when exactly one element of the page reads as the
 * stored text without being it, exactly one look-alike is missing, the text is long enough not to be another paragraph of the same filler,
 * and it sits at least as close to the stored place in the tree as every look-alike left.
 */
export function editedLookAlike<T extends EditedCandidate>(
  changed: readonly T[],
  lookAlikes: readonly { structure: number }[],
  { storedLength, dropped }: { storedLength: number; dropped: number },
): T | null {
  // Two look-alikes gone: one edited, the other (the pinned one?) edited beyond recognition or deleted.
  if (storedLength < EDITED_MIN_TEXT || dropped !== 1) return null
  const reading = changed.filter((c) => c.readsAsBefore)
  const [one] = reading
  if (reading.length !== 1 || !one || one.structure < EDITED_LOOK_ALIKE_STRUCTURE) return null
  return lookAlikes.every((other) => one.structure >= other.structure) ? one : null
}

// The rules that use the wide context (about 240 characters each side) live in their own file.
export * from './anchoring-context'
