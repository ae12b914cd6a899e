/**
 * The order of a revision's assets as the review screen's file list changes it (SPEC 7, POST
 * /canvases/{id}/assets/reorder) and which asset is shown after one is deleted (SPEC 4: another remaining
 * one is selected). Pure, so the screen and its tests share one rule.
 */

/** `ids` with the item at `from` moved to `to` (both clamped to the list); the same array if nothing moves. */
export function moveInOrder<T>(ids: readonly T[], from: number, to: number): readonly T[] {
  if (ids.length === 0) return ids
  const source = Math.max(0, Math.min(ids.length - 1, from))
  const target = Math.max(0, Math.min(ids.length - 1, to))
  if (source === target) return ids
  const next = [...ids]
  const [item] = next.splice(source, 1)
  next.splice(target, 0, item as T)
  return next
}

/** The body of the reorder call: every id with its new position, 0-based in list order. */
export function positionsOf(ids: readonly string[]): { id: string; position: number }[] {
  return ids.map((id, position) => ({ id, position }))
}

/**
 * The asset to show once `deletedId` is gone: the selected one when it stays, otherwise the one that took
 * the deleted one's place in the list (the previous one when the last was deleted), or null when none is
 * left.
 */
export function assetAfterDelete(
  ids: readonly string[],
  deletedId: string,
  selectedId: string | null,
): string | null {
  const remaining = ids.filter((id) => id !== deletedId)
  if (selectedId && selectedId !== deletedId && remaining.includes(selectedId)) return selectedId
  if (remaining.length === 0) return null
  const index = ids.indexOf(deletedId)
  return remaining[Math.max(0, Math.min(index, remaining.length - 1))] ?? null
}
