import type { Canvas, CanvasListFilters, Folder } from '@pinpoint/api'
import type { CanvasSort, CanvasStatusFilter, FolderCounts, VerdictFilter } from '@pinpoint/domain'
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { endpoints } from '../api'
import { countsOf, withCounts } from './folders'

export const PAGE_SIZE = 30

export type CanvasListKey = {
  folderId: string | null
  status: CanvasStatusFilter
  verdict: VerdictFilter
  search: string
  sort: CanvasSort
}
type CanvasPage = { canvases: Canvas[]; total: number }

export const canvasesKey = (key: CanvasListKey) => ['canvases', 'list', key] as const
export const FOLDERS_KEY = ['folders', 'mine'] as const
export const ARCHIVED_COUNT_KEY = ['canvases', 'archived-count'] as const

/** The list filters sent to the server: archived canvases load with `archived: true` (SPEC section 4). */
export function listFilters({ folderId, status, verdict, search }: CanvasListKey): CanvasListFilters {
  const filters: CanvasListFilters = { status }
  if (verdict !== 'any') filters.verdict = verdict
  if (folderId) filters.folderId = folderId
  if (search.trim()) filters.search = search.trim()
  if (status === 'archived') filters.archived = true
  return filters
}

/**
 * Canvases, paged: the first page replaces, each next page (offset, limit) appends, until the
 * server's total is reached.
 */
export function useCanvasList(key: CanvasListKey) {
  return useInfiniteQuery({
    queryKey: canvasesKey(key),
    queryFn: ({ pageParam, signal }) =>
      endpoints.canvases.list(
        { filters: listFilters(key), sort: key.sort, offset: pageParam, limit: PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: CanvasPage, pages: CanvasPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.canvases.length, 0)
      return last.canvases.length > 0 && loaded < last.total ? loaded : undefined
    },
  })
}

export function useFolders() {
  return useQuery({
    queryKey: FOLDERS_KEY,
    queryFn: ({ signal }) => endpoints.folders.list({ signal }),
    select: (data) => data.folders,
  })
}

export function useArchivedCount() {
  return useQuery({
    queryKey: ARCHIVED_COUNT_KEY,
    queryFn: ({ signal }) => endpoints.canvases.archivedCount({ signal }),
    select: (data) => data.archivedCanvasesCount,
  })
}

/** Applies a count reducer (SPEC section 4 folder counts) to the cached folder tree: the sidebar updates at once. */
export function patchFolderCounts(queryClient: QueryClient, update: (counts: FolderCounts) => FolderCounts) {
  queryClient.setQueryData<{ folders: Folder[] }>(FOLDERS_KEY, (data) => {
    if (!data) return data
    const before = countsOf(data.folders)
    const after = update(before)
    return after === before ? data : { folders: withCounts(data.folders, after) }
  })
}

/** Changes or drops a canvas in every cached list page. `null` removes it. */
export function patchCachedCanvas(
  queryClient: QueryClient,
  id: string,
  update: (canvas: Canvas) => Canvas | null,
) {
  queryClient.setQueriesData<InfiniteData<CanvasPage>>({ queryKey: ['canvases', 'list'] }, (data) => {
    if (!data) return data
    let removed = 0
    const pages = data.pages.map((page) => {
      const canvases: Canvas[] = []
      for (const canvas of page.canvases) {
        if (canvas.id !== id) canvases.push(canvas)
        else {
          const next = update(canvas)
          if (next) canvases.push(next)
          else removed += 1
        }
      }
      return { ...page, canvases }
    })
    return { ...data, pages: pages.map((page) => ({ ...page, total: page.total - removed })) }
  })
}

/** Puts a new canvas at the top of the cached first pages it belongs to. */
export function prependCachedCanvas(queryClient: QueryClient, canvas: Canvas) {
  for (const [queryKey, data] of queryClient.getQueriesData<InfiniteData<CanvasPage>>({
    queryKey: ['canvases', 'list'],
  })) {
    const key = queryKey[2] as CanvasListKey | undefined
    if (!data || !key) continue
    const fits =
      key.status !== 'archived' &&
      (!key.folderId || key.folderId === (canvas.FolderId ?? null)) &&
      !key.search
    if (!fits || data.pages[0]?.canvases.some((c) => c.id === canvas.id)) continue
    queryClient.setQueryData<InfiniteData<CanvasPage>>(queryKey, {
      ...data,
      pages: data.pages.map((page, index) =>
        index === 0
          ? { canvases: [canvas, ...page.canvases], total: page.total + 1 }
          : { ...page, total: page.total + 1 },
      ),
    })
  }
}

/** After a change the cache cannot derive exactly (order, filters), the lists refetch in the background. */
export function refreshCanvasLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['canvases'] })
}
