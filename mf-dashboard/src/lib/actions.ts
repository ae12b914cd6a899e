import type { Canvas, Folder } from '@pinpoint/api'
import {
  movedToFolderText,
  onCanvasAdded,
  onCanvasArchived,
  onCanvasMoved,
  onCanvasRemoved,
  onCanvasUnarchived,
  removedFromFolderText,
  undoMoveTarget,
} from '@pinpoint/domain'
import { addToastAtom } from '@pinpoint/state'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { endpoints } from '../api'
import { findFolder } from './folders'
import {
  ARCHIVED_COUNT_KEY,
  FOLDERS_KEY,
  patchCachedCanvas,
  patchFolderCounts,
  prependCachedCanvas,
  refreshCanvasLists,
} from './queries'

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

/**
 * Canvas actions with their feedback: the cache (lists, folder counts, archived count) changes at
 * once, the server is called, and failures put things back and say so.
 */
export function useCanvasActions() {
  const queryClient = useQueryClient()
  const toast = useSetAtom(addToastAtom)

  const folderName = useCallback(
    (id: string | null) => {
      const data = queryClient.getQueryData<{ folders: Folder[] }>(FOLDERS_KEY)
      return findFolder(data?.folders ?? [], id)?.name ?? 'the folder'
    },
    [queryClient],
  )

  /** Moves a canvas into `to` (or out of any folder with null), without feedback. */
  const applyMove = useCallback(
    async (canvas: Canvas, from: string | null, to: string | null) => {
      patchFolderCounts(queryClient, (counts) => onCanvasMoved(counts, from, to))
      patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, FolderId: to }))
      try {
        if (to) await endpoints.folders.addCanvas(to, canvas.id)
        else if (from) await endpoints.folders.removeCanvas(from, canvas.id)
      } catch (error) {
        patchFolderCounts(queryClient, (counts) => onCanvasMoved(counts, to, from))
        patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, FolderId: from }))
        throw error
      } finally {
        void refreshCanvasLists(queryClient)
      }
    },
    [queryClient],
  )

  /** Moves with the SPEC feedback: 'Moved to {folder}' or 'Removed from {folder} project', each with Undo. */
  const moveCanvas = useCallback(
    async (canvas: Canvas, to: string | null) => {
      const from = canvas.FolderId ?? null
      if (from === to) return
      try {
        await applyMove(canvas, from, to)
      } catch (error) {
        toast({ type: 'error', message: errorText(error, 'The canvas could not be moved.') })
        return
      }
      const message = to ? movedToFolderText(folderName(to)) : removedFromFolderText(folderName(from))
      toast({
        type: 'success',
        message,
        action: {
          label: 'Undo',
          onClick: async () => {
            try {
              await applyMove({ ...canvas, FolderId: to }, to, undoMoveTarget(from))
            } catch (error) {
              toast({ type: 'error', message: errorText(error, 'The move could not be undone.') })
            }
          },
        },
      })
    },
    [applyMove, folderName, toast],
  )

  const renameCanvas = useCallback(
    async (canvas: Canvas, title: string) => {
      const { canvas: updated } = await endpoints.canvases.update(canvas.id, { title })
      patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, ...updated }))
      toast({ type: 'success', message: 'Canvas renamed' })
    },
    [queryClient, toast],
  )

  const setArchived = useCallback(
    async (canvas: Canvas, archived: boolean) => {
      const folderId = canvas.FolderId ?? null
      try {
        await endpoints.canvases.update(canvas.id, { archived })
      } catch (error) {
        toast({ type: 'error', message: errorText(error, 'The canvas could not be changed.') })
        return
      }
      // Archived canvases leave the active lists and their folder's count; unarchiving brings them back.
      patchFolderCounts(queryClient, (counts) =>
        archived ? onCanvasArchived(counts, folderId) : onCanvasUnarchived(counts, folderId),
      )
      patchCachedCanvas(queryClient, canvas.id, () => null)
      queryClient.setQueryData<{ archivedCanvasesCount: number }>(ARCHIVED_COUNT_KEY, (data) =>
        data
          ? { archivedCanvasesCount: Math.max(0, data.archivedCanvasesCount + (archived ? 1 : -1)) }
          : data,
      )
      toast({
        type: 'success',
        message: archived ? `“${canvas.title}” archived` : `“${canvas.title}” restored`,
        action: {
          label: 'Undo',
          onClick: async () => {
            await endpoints.canvases.update(canvas.id, { archived: !archived })
            patchFolderCounts(queryClient, (counts) =>
              archived ? onCanvasUnarchived(counts, folderId) : onCanvasArchived(counts, folderId),
            )
            await queryClient.invalidateQueries({ queryKey: ['canvases'] })
          },
        },
      })
      void refreshCanvasLists(queryClient)
    },
    [queryClient, toast],
  )

  const deleteCanvas = useCallback(
    async (canvas: Canvas) => {
      await endpoints.canvases.remove(canvas.id)
      if (!canvas.archived && !canvas.archiveDate)
        patchFolderCounts(queryClient, (counts) => onCanvasRemoved(counts, canvas.FolderId))
      patchCachedCanvas(queryClient, canvas.id, () => null)
      toast({ type: 'success', message: `“${canvas.title}” deleted` })
      void refreshCanvasLists(queryClient)
    },
    [queryClient, toast],
  )

  /** A canvas was just created: it appears at the top and its folder's count goes up. */
  const canvasCreated = useCallback(
    (canvas: Canvas) => {
      patchFolderCounts(queryClient, (counts) => onCanvasAdded(counts, canvas.FolderId))
      prependCachedCanvas(queryClient, canvas)
      void refreshCanvasLists(queryClient)
    },
    [queryClient],
  )

  /** A canvas changed elsewhere (its assets finished uploading): lists show the new version. */
  const canvasUpdated = useCallback(
    (canvas: Canvas) => {
      patchCachedCanvas(queryClient, canvas.id, (c) => ({ ...c, ...canvas }))
      void refreshCanvasLists(queryClient)
    },
    [queryClient],
  )

  return { moveCanvas, renameCanvas, setArchived, deleteCanvas, canvasCreated, canvasUpdated }
}
