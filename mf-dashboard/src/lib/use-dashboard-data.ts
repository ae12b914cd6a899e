import { useEffect, useMemo, useState } from 'react'
import { findFolder } from './folders'
import { useArchivedCount, useCanvasList, useFolders } from './queries'
import { useLiveDashboard } from './use-live-dashboard'
import { useDashboardPrefs } from './use-prefs'

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/**
 * What the dashboard shows: the remembered preferences, the projects, and the canvas list for the
 * selected project, status filter, sort and (debounced) search, page by page; kept live by the team's
 * real-time hints (use-live-dashboard.ts).
 */
export function useDashboardData() {
  useLiveDashboard()
  const [prefs, updatePrefs] = useDashboardPrefs()
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText, 250)
  const folders = useFolders()
  const archivedCount = useArchivedCount()
  const folderList = folders.data ?? []
  // A remembered folder that no longer exists falls back to all canvases.
  const folderId =
    prefs.selectedFolderId && (folders.isPending || findFolder(folderList, prefs.selectedFolderId))
      ? prefs.selectedFolderId
      : null
  const list = useCanvasList({
    folderId,
    status: prefs.statusFilter,
    verdict: prefs.verdictFilter,
    search,
    sort: prefs.canvasSort,
  })
  const canvases = useMemo(() => list.data?.pages.flatMap((page) => page.canvases) ?? [], [list.data])
  const total = list.data?.pages.at(-1)?.total ?? 0
  return {
    prefs,
    updatePrefs,
    searchText,
    setSearchText,
    search,
    folders,
    archivedCount,
    folderList,
    folderId,
    list,
    canvases,
    total,
    currentFolder: findFolder(folderList, folderId),
    archivedView: prefs.statusFilter === 'archived',
  }
}
