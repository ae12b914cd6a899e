/**
 * Sending files into a canvas revision, each with its entry in the uploads tray: designs, PDFs and
 * e-mails through POST /canvas-assets, a video through the signed tus upload (progress and resume). Used
 * when a canvas is created and when a new version of it is uploaded into a new revision.
 */
import type { Canvas } from '@pinpoint/api'
import { localId } from '@pinpoint/state'
import { useSetAtom, useStore } from 'jotai'
import { useCallback, useMemo } from 'react'
import { endpoints } from '../api'
import { patchUploadAtom, type UploadEntry, uploadsAtom, uploadVideo } from './uploads'

/** Running video uploads, so Cancel can abort them. */
const aborts = new Map<string, () => void>()

export function cancelUpload(id: string) {
  aborts.get(id)?.()
  aborts.delete(id)
}

export function useAssetUploads() {
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
    [patch, track],
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
          canvas: created.canvas ?? canvas,
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
    [patch, track],
  )

  return useMemo(() => ({ uploadAssets, uploadVideoAsset }), [uploadAssets, uploadVideoAsset])
}
