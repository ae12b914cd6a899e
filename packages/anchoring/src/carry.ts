/**
 * Carrying a comment's pin to a new revision of the page (issue 17: "carry open comments"): the stored
 * anchor is resolved in the new revision's document with the same resolver that places pins after edits.
 * Found on an element, the pin gets an anchor captured afresh on that element at the same spot inside it,
 * so later resolutions on the new revision start from its own structure, text and box. Not found (the
 * element is gone or changed beyond recognition), the comment "needs a new spot": it keeps its thread,
 * and someone re-attaches it by clicking. A pin on the page itself carries over as it is.
 */
import { captureAnchor } from './capture'
import type { ResolveContext } from './context'
import { explainResolution, isAnchor } from './resolve'
import type { Anchor, InactiveReason, ResolveMethod } from './types'

/** How close a rival's score may come to the winner's before a changed element's pin is not carried. */
const CARRY_MARGIN = 0.1

export type Carried =
  | { status: 'reanchored'; anchor: Anchor; method: ResolveMethod; confidence: number }
  | { status: 'needs-new-spot'; reason: InactiveReason }

/** Where `anchor` (captured on the old revision) lands in the document of `context` (the new revision). */
export function carryAnchor(anchor: unknown, context: ResolveContext): Carried {
  if (!isAnchor(anchor)) return { status: 'needs-new-spot', reason: 'invalid-anchor' }
  if (anchor.kind === 'page') return { status: 'reanchored', anchor, method: 'page', confidence: 1 }
  const { resolution, candidates } = explainResolution(anchor, context)
  if (resolution.status !== 'found') return { status: 'needs-new-spot', reason: resolution.reason }
  // An element pin placed by page coordinates alone did not find its element.
  if (resolution.method === 'page') return { status: 'needs-new-spot', reason: 'element-removed' }
  const element = resolution.element
  // Carrying moves the pin for good, and "needs a new spot" costs one click: when its element is no longer
  // as it was and another, unrelated element of the new revision scores nearly as well (a look-alike
  // paragraph after a redesign that also dropped the pinned one), the pin is not placed on either.
  const winner = candidates.find((c) => c.element === element)
  const rival =
    winner &&
    !winner.identical &&
    candidates.some(
      (c) =>
        c.element !== element &&
        !c.element.contains(element) &&
        !element.contains(c.element) &&
        c.score >= winner.score - CARRY_MARGIN,
    )
  if (rival) return { status: 'needs-new-spot', reason: 'element-changed' }
  const rect = element.getBoundingClientRect()
  const clientX = rect.left + anchor.offset.x * rect.width
  const clientY = rect.top + anchor.offset.y * rect.height
  const fresh = captureAnchor(element, clientX, clientY, { index: context.index })
  // Without layout (a detached or hidden document) the offset is unknown: keep the one the reviewer chose.
  if (rect.width === 0 || rect.height === 0) fresh.offset = { ...anchor.offset }
  return { status: 'reanchored', anchor: fresh, method: resolution.method, confidence: resolution.confidence }
}

/** `carryAnchor` for many pins over one document state (one resolve context for all of them). */
export function carryAnchors(
  anchors: readonly { id: string; anchor: unknown }[],
  context: ResolveContext,
): Map<string, Carried> {
  return new Map(anchors.map(({ id, anchor }) => [id, carryAnchor(anchor, context)]))
}
