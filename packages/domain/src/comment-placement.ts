/**
 * Where a new or moved comment is placed (SPEC 3): on the revision it names, on the revision of the asset
 * it names, or on the canvas's current revision. The facts are looked up by the caller (the fast write
 * path reads them in its one statement, the transactional path with its own queries); the decision and
 * its messages live only here.
 */
import { ValidationFailed } from './errors'

export interface PlacementFacts {
  /** The revision the comment names (`CanvasRevisionId`), if any. */
  revisionId?: string | null
  /** Whether that named revision is one of the canvas's (unused when none is named). */
  revisionOnCanvas: boolean
  /** The asset the comment names (`CanvasAssetId`), if any. */
  assetId?: string | null
  /** That asset when it is one of the canvas's, with its revision (null when it has none); else null. */
  asset: { revisionId: string | null } | null
  /** The canvas's current revision: the place of a comment that names neither. */
  currentRevisionId: string | null
}

/** The revision the comment is placed on; ValidationFailed when what it names is not this canvas's. */
export function placeComment(facts: PlacementFacts): string | null {
  const named = facts.revisionId ?? null
  let revision = named
  if (facts.assetId) {
    if (!facts.asset) throw new ValidationFailed('CanvasAssetId is not an asset of this canvas.')
    revision ??= facts.asset.revisionId
    if (revision !== facts.asset.revisionId)
      throw new ValidationFailed('CanvasAssetId belongs to another revision.')
  }
  if (!revision) return facts.currentRevisionId
  // A revision that came from the asset is the asset's own, and the asset is this canvas's.
  if (revision === named && !facts.revisionOnCanvas)
    throw new ValidationFailed('CanvasRevisionId is not a revision of this canvas.')
  return revision
}
