/**
 * Folder (project) canvas counts as pure reducers (SPEC 4), plus the move feedback texts.
 *
 * Every reducer takes a map folderId -> canvasesCount and returns a new map, or the same object when
 * nothing changes (so UI state libraries can skip a render). A null folder id means "no folder" and changes
 * nothing. Counts never go below zero; a folder missing from the map counts as 0.
 */

/** Canvas counts per folder id. */
export type FolderCounts = Readonly<Record<string, number>>

type FolderId = string | null | undefined

function adjust(counts: FolderCounts, folderId: FolderId, delta: number): FolderCounts {
  if (!folderId) return counts
  const current = counts[folderId] ?? 0
  const next = Math.max(0, current + delta)
  if (next === current) return counts
  return { ...counts, [folderId]: next }
}

/**
 * A canvas was added to `folderId`: +1. Not on the initial load, where the server's counts already
 * include it (`initialLoad: true` returns the map unchanged).
 */
export function onCanvasAdded(
  counts: FolderCounts,
  folderId: FolderId,
  { initialLoad = false }: { initialLoad?: boolean } = {},
): FolderCounts {
  return initialLoad ? counts : adjust(counts, folderId, 1)
}

/** A canvas in `folderId` was deleted or removed from it: -1, never below 0. */
export function onCanvasRemoved(counts: FolderCounts, folderId: FolderId): FolderCounts {
  return adjust(counts, folderId, -1)
}

/** A canvas moved from one folder to another (either may be null): -1 on `from`, +1 on `to`. */
export function onCanvasMoved(counts: FolderCounts, from: FolderId, to: FolderId): FolderCounts {
  if ((from ?? null) === (to ?? null)) return counts
  return adjust(adjust(counts, from, -1), to, 1)
}

/** A canvas in `folderId` was archived: -1 on its (old) folder. */
export function onCanvasArchived(counts: FolderCounts, folderId: FolderId): FolderCounts {
  return adjust(counts, folderId, -1)
}

/** A canvas was unarchived back into `folderId`: +1. */
export function onCanvasUnarchived(counts: FolderCounts, folderId: FolderId): FolderCounts {
  return adjust(counts, folderId, 1)
}

/** Feedback after moving a canvas into a folder: 'Moved to {folder}'. */
export function movedToFolderText(folderName: string): string {
  return `Moved to ${folderName}`
}

/** Feedback after taking a canvas out of a folder: 'Removed from {folder} project'. */
export function removedFromFolderText(folderName: string): string {
  return `Removed from ${folderName} project`
}

/**
 * Where Undo puts a moved canvas back: its previous folder, or out of any folder (null) if it had none.
 */
export function undoMoveTarget(previousFolderId: FolderId): string | null {
  return previousFolderId || null
}
