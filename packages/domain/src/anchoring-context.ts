/**
 * Anchoring rules that read the wide context a newer anchor stores around its element (`quote.widePrefix`
 * and `quote.wideSuffix`): positive evidence for telling identical copies apart, and for finding a short
 * text that changed while its surroundings stayed (decision 049). Older anchors have no wide context, and
 * these rules then decide nothing. Pure: no I/O, no globals.
 */

/** Word triples of a text, the unit in which wide contexts are compared (insertions shift, not break). */
function shingles(text: string): Set<string> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  const result = new Set<string>()
  for (let i = 0; i + 2 < words.length; i += 1) result.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
  return result
}

/** Fewer word triples than this in a stored wide context tell nothing (the start of a page). */
const MIN_SHINGLES = 4

/** Which word triples of a stored wide context still surround a candidate, out of how many. */
export interface WideKept {
  kept: ReadonlySet<string>
  total: number
}

/**
 * How much of a stored wide context (a few hundred characters around the element) still surrounds a
 * candidate: the stored word triples found in the candidate's (wider) window. Word triples survive a
 * paragraph inserted in between, a word changed, a block wrapped. Null when the stored context is too
 * short to tell anything.
 */
export function wideKept(stored: string, found: string): WideKept | null {
  const wanted = shingles(stored)
  if (wanted.size < MIN_SHINGLES) return null
  const present = shingles(found)
  const kept = new Set<string>()
  for (const shingle of wanted) if (present.has(shingle)) kept.add(shingle)
  return { kept, total: wanted.size }
}

/** A candidate with what it keeps of the stored wide context, null when not measured (older anchors). */
export interface WideEvidence {
  wide: WideKept | null
}

/** The winner must keep at least this share of the stored wide context ... */
const WIDE_KEPT = 0.5
/** ... and this many word triples more than any other look-alike. */
const WIDE_MORE = 2

/**
 * Look-alikes the near surroundings cannot tell apart (a template repeating the same words around every
 * copy, content inserted next to the pinned one): the one keeping most of its wide context (a few hundred
 * characters each side), where every other look-alike keeps only part of what it keeps (nothing of its
 * own) and it keeps some more. Filler shared by every copy counts for all of them; only what is around
 * the pinned one alone (a title, a date) tells. Every look-alike must have been measured: an old anchor
 * without a wide context answers nothing.
 */
export function onlyOneKeepsItsWideContext<T extends WideEvidence>(lookAlikes: readonly T[]): T | null {
  if (lookAlikes.length < 2) return null
  const measured = lookAlikes.map((c) => c.wide)
  if (measured.some((wide) => wide === null)) return null
  const ranked = [...lookAlikes].sort((a, b) => (b.wide?.kept.size ?? 0) - (a.wide?.kept.size ?? 0))
  const [top] = ranked
  const wide = top?.wide
  if (!top || !wide || wide.kept.size < wide.total * WIDE_KEPT) return null
  const within = (other: T) => {
    const kept = other.wide?.kept ?? new Set<string>()
    if (wide.kept.size - kept.size < WIDE_MORE) return false
    for (const shingle of kept) if (!wide.kept.has(shingle)) return false
    return true
  }
  return ranked.every((other) => other === top || within(other)) ? top : null
}

/** What the resolver measured of a changed candidate against the stored wide context, each side alone. */
export interface BetweenEvidence {
  /** Share of the stored wide context before the element still before it; null when too short to tell. */
  before: number | null
  after: number | null
  /** Its own text is part of the stored wide context: a neighbour of the pinned element, not it. */
  textInContext: boolean
  /** 0..1 likeness of its text to the stored one. */
  text: number
  structure: number
}

/** Most of the wide context on each side must still be there ... */
const BETWEEN_KEPT = 0.6
/** ... around a text still about half like the stored one, about in place. */
const BETWEEN_TEXT = 0.5
const BETWEEN_STRUCTURE = 0.85

/**
 * A changed element (a word or two of a short text edited, an image replaced) where the near context
 * changed too (a redesign edits everything at once): it is the pinned one when it alone sits between the
 * stored wide contexts, most of the few hundred characters before it and after it still there, about in
 * place and still reading partly as before. A neighbour that took the place of a deleted element has its
 * own text in the stored context and never counts.
 */
export function changedBetweenItsContext<T extends BetweenEvidence>(changed: readonly T[]): T | null {
  const fits = changed.filter(
    (c) =>
      !c.textInContext &&
      (c.before !== null || c.after !== null) &&
      (c.before ?? 1) >= BETWEEN_KEPT &&
      (c.after ?? 1) >= BETWEEN_KEPT &&
      c.text >= BETWEEN_TEXT &&
      c.structure >= BETWEEN_STRUCTURE,
  )
  return fits.length === 1 ? (fits[0] ?? null) : null
}

/** What the resolver measured of a changed candidate against the texts stored right next to the pinned one. */
export interface NeighbourEvidence {
  /** 0..1 likeness of its text to the stored text of the pinned element. */
  text: number
  /**
   * 0..1 likeness of its text to the stored text right after the pinned element (the start of the wide
   * suffix) and right before it (the end of the wide prefix), over its own length; null: too short to tell.
   */
  likeNext: number | null
  likePrevious: number | null
  /** The same likeness for the stored text of the pinned element itself; null: too short or cut. */
  pinnedLikeNext: number | null
  pinnedLikePrevious: number | null
}

/**
 * A changed element that reads more like the text stored right next to the pinned element than like the
 * pinned element's own text is that neighbour, shifted into the place of the deleted pinned element, not
 * the pinned element edited. The place alone does not tell them apart: the neighbour takes over the
 * stored path, and when paragraphs of the same filler follow each other (each starting with the same 40
 * characters), even the text on both sides reads as stored around it. Only its own words tell, and only
 * where they read more like that neighbour than the pinned element itself did: when the pinned element
 * and its neighbour are twins (two equal paragraphs), the pinned one with a sentence added reads as much
 * like its twin as like itself, and this rule tells nothing.
 */
export function readsAsItsNeighbour(c: NeighbourEvidence): boolean {
  const side = (like: number | null, pinned: number | null) =>
    like !== null && like > c.text && like > (pinned ?? 0)
  return side(c.likeNext, c.pinnedLikeNext) || side(c.likePrevious, c.pinnedLikePrevious)
}
