/**
 * Files on their way up (the uploads tray of the dashboard and the review screen's new version), and the
 * hook that sends files into a canvas revision with an entry each: designs, PDFs and e-mails through
 * POST /canvas-assets, a video through the signed tus upload (progress and resume, `uploadVideo`). One
 * copy for every micro-frontend, so an upload started on one screen is the same entry on another.
 */
import { type Canvas, type Endpoints, uploadVideo } from '@pinpoint/api'
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
}

export const uploadsAtom = userStateAtom<UploadEntry[]>([])

/** Patches one upload entry. */
export const patchUploadAtom = atom(null, (get, set, id: string, patch: Partial<UploadEntry>) => {
  set(
    uploadsAtom,
    get(uploadsAtom).map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)),
  )
})

/** Running video uploads, so Cancel can abort them. */
const aborts = new Map<string, () => void>()

export function cancelUpload(id: string) {
  aborts.get(id)?.()
  aborts.delete(id)
}

type UploadEndpoints = Pick<Endpoints, 'assets'>

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
        const id = localId('upload')
        track({
          id,
          name: file.name,
          bytesTotal: file.size,
          bytesSent: 0,
          status: 'uploading',
          canvasId: canvas.id,
        })
        try {
          const result = await endpoints.assets.upload({
            file,
            fileName: file.name,
            canvasId: canvas.id,
            position,
            revisionId: revisionId ?? null,
            folderId,
          })
          latest = result.canvas ?? latest
          patch(id, { status: 'done', bytesSent: file.size })
        } catch (error) {
          patch(id, { status: 'error', error: error instanceof Error ? error.message : 'Upload failed' })
          throw error
        }
      }
      return latest
    },
    [endpoints, patch, track],
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
