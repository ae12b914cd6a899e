import type { Canvas } from '@pinpoint/api'
import { localId } from '@pinpoint/state'
import { useSetAtom, useStore } from 'jotai'
import { useCallback } from 'react'
import { endpoints } from '../api'
import { useCanvasActions } from './actions'
import { planUploads, titleFromFileName, titleFromUrl } from './files'
import { patchUploadAtom, type UploadEntry, uploadsAtom, uploadVideo } from './uploads'

/** Running video uploads, so Cancel can abort them. */
const aborts = new Map<string, () => void>()

export function cancelUpload(id: string) {
  aborts.get(id)?.()
  aborts.delete(id)
}

/**
 * Creating canvases of every type: a website from its address, an e-mail from HTML (a file or
 * pasted), a design from images and PDFs (one asset each), a video through tus with progress.
 */
export function useCreateCanvas() {
  const { canvasCreated, canvasUpdated } = useCanvasActions()
  const store = useStore()
  const patch = useSetAtom(patchUploadAtom)

  const track = useCallback(
    (entry: UploadEntry) => store.set(uploadsAtom, [...store.get(uploadsAtom), entry]),
    [store],
  )

  const createWebsite = useCallback(
    async ({ url, title, folderId }: { url: string; title?: string; folderId: string | null }) => {
      const { canvas } = await endpoints.canvases.create({
        type: 'website',
        title: title?.trim() || titleFromUrl(url),
        localUrl: url.trim(),
        folderId,
      })
      canvasCreated(canvas)
      return canvas
    },
    [canvasCreated],
  )

  /** Uploads files as assets of `canvas`, one entry each in the uploads tray. */
  const uploadAssets = useCallback(
    async (canvas: Canvas, files: File[], folderId: string | null) => {
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
            revisionId: canvas.CanvasRevisionId ?? null,
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

  const createEmailFromHtml = useCallback(
    async ({ html, title, folderId }: { html: string | File; title?: string; folderId: string | null }) => {
      const file = typeof html === 'string' ? new File([html], 'email.html', { type: 'text/html' }) : html
      const { canvas } = await endpoints.canvases.create({
        type: 'email',
        title: title?.trim() || (typeof html === 'string' ? 'E-mail' : titleFromFileName(html.name)),
        folderId,
      })
      const withAsset = await uploadAssets(canvas, [file], folderId)
      canvasCreated(withAsset)
      return withAsset
    },
    [canvasCreated, uploadAssets],
  )

  const createDesign = useCallback(
    async ({ files, title, folderId }: { files: File[]; title?: string; folderId: string | null }) => {
      const first = files[0]
      if (!first) throw new Error('Choose at least one image or PDF.')
      const { canvas } = await endpoints.canvases.create({
        type: 'design',
        title: title?.trim() || titleFromFileName(first.name),
        folderId,
      })
      canvasCreated(canvas)
      const withAssets = await uploadAssets(canvas, files, folderId)
      canvasUpdated(withAssets)
      return withAssets
    },
    [canvasCreated, canvasUpdated, uploadAssets],
  )

  const createVideo = useCallback(
    async ({ file, title, folderId }: { file: File; title?: string; folderId: string | null }) => {
      const { canvas } = await endpoints.canvases.create({
        type: 'video',
        title: title?.trim() || titleFromFileName(file.name),
        folderId,
      })
      canvasCreated(canvas)
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
          revisionId: canvas.CanvasRevisionId ?? null,
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
        canvasUpdated(created.canvas ?? canvas)
      } catch (error) {
        patch(id, { status: 'error', error: error instanceof Error ? error.message : 'Upload failed' })
        throw error
      } finally {
        aborts.delete(id)
      }
      return canvas
    },
    [canvasCreated, canvasUpdated, patch, track],
  )

  /** Dropped or chosen files: images and PDFs make one design, each video and HTML file its own canvas. */
  const createFromFiles = useCallback(
    async (files: File[], folderId: string | null) => {
      const plans = planUploads(files)
      if (plans.length === 0)
        throw new Error('Those files are not supported. Use images, PDFs, videos or HTML e-mails.')
      const created: Canvas[] = []
      for (const plan of plans) {
        if (plan.kind === 'design') created.push(await createDesign({ files: plan.files, folderId }))
        else if (plan.kind === 'email')
          created.push(await createEmailFromHtml({ html: plan.files[0] as File, folderId }))
        else created.push(await createVideo({ file: plan.files[0] as File, folderId }))
      }
      return created
    },
    [createDesign, createEmailFromHtml, createVideo],
  )

  return { createWebsite, createEmailFromHtml, createDesign, createVideo, createFromFiles }
}
