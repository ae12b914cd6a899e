/**
 * The choice between scored candidates (see `evidence.ts` for what each rule guards against): a confirmed
 * identical element first, then the evidence that tells look-alikes apart, else nobody.
 */
import {
  changedBetweenItsContext,
  changedInItsPlace,
  copiesFollowOriginals,
  editedLookAlike,
  keepsBothAgainstNone,
  keptAmongGrown,
  onlyOneKeepsASide,
  onlyOneKeepsItsSiblings,
  onlyOneKeepsItsWideContext,
  originalBeforeItsCopy,
} from '@pinpoint/domain/anchoring'
import { ACCEPT_CHANGED, ACCEPT_IDENTICAL, type Scored } from './evidence'
import type { Anchor } from './types'

/** Closer than this in structure, two candidates are not told apart by their place in the tree. */
const STRUCTURE_MARGIN = 0.05

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
