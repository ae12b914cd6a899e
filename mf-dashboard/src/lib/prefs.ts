import {
  CANVAS_SORTS,
  CANVAS_STATUS_FILTERS,
  type CanvasSort,
  type CanvasStatusFilter,
  DEFAULT_CANVAS_SORT,
  DEFAULT_CANVAS_STATUS_FILTER,
  DEFAULT_FOLDER_SORT,
  DEFAULT_SIDEBAR_WIDTH,
  FOLDER_SORTS,
  type FolderSort,
  isOneOf,
  VERDICT_FILTERS,
  type VerdictFilter,
} from '@pinpoint/domain'
import { userStateAtom } from '@pinpoint/state'

/** What the dashboard remembers per user (SPEC section 2): kept in local storage between visits. */
export type DashboardPrefs = {
  selectedFolderId: string | null
  visitedFolderIds: string[]
  sidebarWidth: number
  canvasSort: CanvasSort
  folderSort: FolderSort
  statusFilter: CanvasStatusFilter
  /** Latest verdict on the current revision (decision 047). */
  verdictFilter: VerdictFilter
}

export const DEFAULT_PREFS: DashboardPrefs = {
  selectedFolderId: null,
  visitedFolderIds: [],
  sidebarWidth: DEFAULT_SIDEBAR_WIDTH,
  canvasSort: DEFAULT_CANVAS_SORT,
  folderSort: DEFAULT_FOLDER_SORT,
  statusFilter: DEFAULT_CANVAS_STATUS_FILTER,
  verdictFilter: 'any',
}

export const MIN_SIDEBAR_WIDTH = 180
export const MAX_SIDEBAR_WIDTH = 420
const MAX_VISITED = 50

export function clampSidebarWidth(width: number): number {
  if (!Number.isFinite(width)) return DEFAULT_SIDEBAR_WIDTH
  return Math.round(Math.min(MAX_SIDEBAR_WIDTH, Math.max(MIN_SIDEBAR_WIDTH, width)))
}

/** Reads stored prefs, keeping only valid values (old or hand-edited storage never breaks the page). */
export function parsePrefs(raw: string | null): DashboardPrefs {
  if (!raw) return DEFAULT_PREFS
  let data: Partial<Record<keyof DashboardPrefs, unknown>>
  try {
    data = JSON.parse(raw)
  } catch {
    return DEFAULT_PREFS
  }
  if (typeof data !== 'object' || data === null) return DEFAULT_PREFS
  return {
    selectedFolderId: typeof data.selectedFolderId === 'string' ? data.selectedFolderId : null,
    visitedFolderIds: Array.isArray(data.visitedFolderIds)
      ? data.visitedFolderIds.filter((id): id is string => typeof id === 'string').slice(-MAX_VISITED)
      : [],
    sidebarWidth:
      typeof data.sidebarWidth === 'number' ? clampSidebarWidth(data.sidebarWidth) : DEFAULT_SIDEBAR_WIDTH,
    canvasSort: isOneOf(CANVAS_SORTS, data.canvasSort) ? data.canvasSort : DEFAULT_CANVAS_SORT,
    folderSort: isOneOf(FOLDER_SORTS, data.folderSort) ? data.folderSort : DEFAULT_FOLDER_SORT,
    statusFilter: isOneOf(CANVAS_STATUS_FILTERS, data.statusFilter)
      ? data.statusFilter
      : DEFAULT_CANVAS_STATUS_FILTER,
    verdictFilter: isOneOf(VERDICT_FILTERS, data.verdictFilter) ? data.verdictFilter : 'any',
  }
}

/** Selecting a folder also records it as visited (most recent last, no duplicates). */
export function selectFolder(prefs: DashboardPrefs, folderId: string | null): DashboardPrefs {
  if (!folderId) return { ...prefs, selectedFolderId: null }
  const visited = [...prefs.visitedFolderIds.filter((id) => id !== folderId), folderId].slice(-MAX_VISITED)
  return { ...prefs, selectedFolderId: folderId, visitedFolderIds: visited }
}

export const prefsStorageKey = (userId: string) => `pinpoint:dashboard:${userId}`

/** The dashboard's prefs in the shared store (cleared on sign-out like all per-user state). */
export const prefsAtom = userStateAtom<{ userId: string | null; prefs: DashboardPrefs }>({
  userId: null,
  prefs: DEFAULT_PREFS,
})
