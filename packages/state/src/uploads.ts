/**
 * Files on their way up (the uploads tray of the dashboard and the review screen's new version), and the
 * hook that sends files into a canvas revision with an entry each: designs, PDFs and e-mails through
 * POST /canvas-assets (byte progress from XMLHttpRequest, cancel; a cancelled one starts again from the
 * beginning), a video through the signed tus upload (progress and resume, `uploadVideo`). One copy for
 * every micro-frontend, so an upload started on one screen is the same entry on another.
 */
import { type Canvas, type Endpoints, type UploadProgress, uploadVideo } from '@pinpoint/api'
import { atom, useSetAtom, useStore } from 'jotai'
import { useCallback, useMemo } from 'react'
import { userStateAtom } from './reset'
import { localId } from './scheduler'

/** One file on its way up, shown in the uploads tray. */
export type UploadEntry = {
  id: string
  name: string
  bytesTotal: number
  bytesSent: number
  status: 'uploading' | 'done' | 'error' | 'cancelled'
  error?: string
  canvasId?: string
  /** Sent again, it continues where it stopped (a video's tus upload); otherwise it starts over. */
  resumable?: boolean
}

export const uploadsAtom = userStateAtom<UploadEntry[]>([])

/** Patches one upload entry. */
export const patchUploadAtom = atom(null, (get, set, id: string, patch: Partial<UploadEntry>) => {
  set(
    uploadsAtom,
    get(uploadsAtom).map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)),
  )
})

/** Running uploads, so Cancel can abort them. */
const aborts = new Map<string, () => void>()

export function cancelUpload(id: string) {
  aborts.get(id)?.()
  aborts.delete(id)
}

type UploadEndpoints = Pick<Endpoints, 'assets'>

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

type Store = ReturnType<typeof useStore>

/**
 * Sends one file with an entry in the shared uploads list: its bytes as they go up, Cancel (the entry
 * becomes "cancelled" and the promise rejects with an AbortError), and the outcome.
 */
export async function trackUpload<T>(
  store: Store,
  file: { name: string; size: number },
  canvasId: string | undefined,
  send: (onProgress: UploadProgress, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const id = localId('upload')
  const patch = (change: Partial<UploadEntry>) => store.set(patchUploadAtom, id, change)
  store.set(uploadsAtom, [
    ...store.get(uploadsAtom),
    { id, name: file.name, bytesTotal: file.size, bytesSent: 0, status: 'uploading', canvasId },
  ])
  const controller = new AbortController()
  aborts.set(id, () => controller.abort())
  try {
    const result = await send(
      (sent, total) => patch({ bytesSent: sent, bytesTotal: total }),
      controller.signal,
    )
    patch({ status: 'done', bytesSent: file.size })
    return result
  } catch (error) {
    if (isAbort(error)) patch({ status: 'cancelled' })
    else patch({ status: 'error', error: error instanceof Error ? error.message : 'Upload failed' })
    throw error
  } finally {
    aborts.delete(id)
  }
}

/** `trackUpload` on the screen's store. */
export function useTrackedUpload() {
  const store = useStore()
  return useCallback(
    <T>(
      file: { name: string; size: number },
      canvasId: string | undefined,
      send: (onProgress: UploadProgress, signal: AbortSignal) => Promise<T>,
    ) => trackUpload(store, file, canvasId, send),
    [store],
  )
}

export function useAssetUploads(endpoints: UploadEndpoints) {
  const store = useStore()
  const patch = useSetAtom(patchUploadAtom)
  const track = useCallback(
    (entry: UploadEntry) => store.set(uploadsAtom, [...store.get(uploadsAtom), entry]),
    [store],
  )

  /** Files as assets of `revisionId` (default: the canvas's current revision), in order. */
  const uploadAssets = useCallback(
    async (canvas: Canvas, files: File[], folderId: string | null, revisionId = canvas.CanvasRevisionId) => {
      let latest = canvas
      for (const [position, file] of files.entries()) {
        const result = await trackUpload(store, file, canvas.id, (onProgress, signal) =>
          endpoints.assets.upload({
            file,
            fileName: file.name,
            canvasId: canvas.id,
            position,
            revisionId: revisionId ?? null,
            folderId,
            onProgress,
            signal,
          }),
        )
        latest = result.canvas ?? latest
      }
      return latest
    },
    [endpoints, store],
  )

  /** A video through tus, resumable, with progress in the tray. */
  const uploadVideoAsset = useCallback(
    async (canvas: Canvas, file: File, folderId: string | null, revisionId = canvas.CanvasRevisionId) => {
      const id = localId('upload')
      track({
        id,
        name: file.name,
        bytesTotal: file.size,
        bytesSent: 0,
        status: 'uploading',
        canvasId: canvas.id,
        resumable: true,
      })
      try {
        const created = await endpoints.assets.createVideo({
          id: canvas.id,
          fileSizeInBytes: file.size,
          name: file.name,
          position: 0,
          revisionId: revisionId ?? null,
          folderId,
        })
        const upload = uploadVideo({
          file,
          details: created.uploadableVideoDetails,
          title: (created.canvas ?? canvas).title,
          onProgress: (sent, total) => patch(id, { bytesSent: sent, bytesTotal: total }),
        })
        aborts.set(id, () => {
          upload.abort()
          patch(id, { status: 'cancelled' })
        })
        await upload.promise
        patch(id, { status: 'done', bytesSent: file.size })
        return created.canvas ?? canvas
      } catch (error) {
        patch(id, { status: 'error', error: error instanceof Error ? error.message : 'Upload failed' })
        throw error
      } finally {
        aborts.delete(id)
      }
    },
    [endpoints, patch, track],
  )

  return useMemo(() => ({ uploadAssets, uploadVideoAsset }), [uploadAssets, uploadVideoAsset])
}
