/**
 * Folder (project) tree helpers: sorting, search, lookup and the live count updates of SPEC
 * section 4, applied to the nested list GET /users/me/folders answers.
 */
import type { Folder } from '@pinpoint/api'
import type { FolderCounts, FolderSort } from '@pinpoint/domain'

const time = (value: string | undefined) => (value ? new Date(value).getTime() : 0)

/** Sorts every level: name (case-insensitive, default), recency (newest first) or oldest. */
export function sortFolders(folders: readonly Folder[], sort: FolderSort): Folder[] {
  const compare = (a: Folder, b: Folder) => {
    if (sort === 'recency') return time(b.updatedAt ?? b.createdAt) - time(a.updatedAt ?? a.createdAt)
    if (sort === 'oldest') return time(a.createdAt) - time(b.createdAt)
    return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })
  }
  return [...folders].sort(compare).map((folder) => ({
    ...folder,
    children: folder.children ? sortFolders(folder.children, sort) : folder.children,
  }))
}

/** Keeps folders whose name matches, with the ancestors that lead to them. */
export function searchFolders(folders: readonly Folder[], query: string): Folder[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return [...folders]
  const out: Folder[] = []
  for (const folder of folders) {
    const children = searchFolders(folder.children ?? [], needle)
    if (folder.name.toLowerCase().includes(needle) || children.length > 0) out.push({ ...folder, children })
  }
  return out
}

/** Every folder of the tree, depth-first, with its depth. */
export function flattenFolders(
  folders: readonly Folder[],
  depth = 0,
): Array<{ folder: Folder; depth: number }> {
  return folders.flatMap((folder) => [{ folder, depth }, ...flattenFolders(folder.children ?? [], depth + 1)])
}

export function findFolder(folders: readonly Folder[], id: string | null | undefined): Folder | null {
  if (!id) return null
  for (const { folder } of flattenFolders(folders)) if (folder.id === id) return folder
  return null
}

/** Ids of a folder's ancestors, outermost first (to expand the path to a selected folder). */
export function ancestorIds(folders: readonly Folder[], id: string): string[] {
  for (const folder of folders) {
    if (folder.id === id) return []
    const below = ancestorIds(folder.children ?? [], id)
    if (below.length > 0 || (folder.children ?? []).some((child) => child.id === id))
      return [folder.id, ...below]
  }
  return []
}

/** The counts of the tree as a map, for the domain's count reducers. */
export function countsOf(folders: readonly Folder[]): FolderCounts {
  const counts: Record<string, number> = {}
  for (const { folder } of flattenFolders(folders)) counts[folder.id] = folder.canvasesCount ?? 0
  return counts
}

/** Writes counts back into the tree (same objects where nothing changed). */
export function withCounts(folders: readonly Folder[], counts: FolderCounts): Folder[] {
  return folders.map((folder) => {
    const children = folder.children ? withCounts(folder.children, counts) : folder.children
    const count = counts[folder.id] ?? folder.canvasesCount
    if (count === folder.canvasesCount && children === folder.children) return folder
    return { ...folder, canvasesCount: count, children }
  })
}
