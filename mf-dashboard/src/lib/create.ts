import type { Canvas } from '@pinpoint/api'
import { reportCanvasCreation } from '@pinpoint/state'
import { useCallback } from 'react'
import { endpoints } from '../api'
import { useCanvasActions } from './actions'
import { useAssetUploads } from './asset-uploads'
import { planUploads, titleFromFileName, titleFromUrl } from './files'

/**
 * Creating canvases of every type: a website from its address, an e-mail from HTML (a file or
 * pasted), a design from images and PDFs (one asset each), a video through tus with progress. A refused
 * creation is reported to analytics with its message, then rethrown (SPEC 8).
 */
export function useCreateCanvas() {
  const { canvasCreated, canvasUpdated } = useCanvasActions()
  const { uploadAssets, uploadVideoAsset } = useAssetUploads()

  const createWebsite = useCallback(
    async ({ url, title, folderId }: { url: string; title?: string; folderId: string | null }) => {
      const { canvas } = await reportCanvasCreation('website', () =>
        endpoints.canvases.create({
          type: 'website',
          title: title?.trim() || titleFromUrl(url),
          localUrl: url.trim(),
          folderId,
        }),
      )
      canvasCreated(canvas)
      return canvas
    },
    [canvasCreated],
  )

  const createEmailFromHtml = useCallback(
    async ({ html, title, folderId }: { html: string | File; title?: string; folderId: string | null }) => {
      const file = typeof html === 'string' ? new File([html], 'email.html', { type: 'text/html' }) : html
      const { canvas } = await reportCanvasCreation('email', () =>
        endpoints.canvases.create({
          type: 'email',
          title: title?.trim() || (typeof html === 'string' ? 'E-mail' : titleFromFileName(html.name)),
          folderId,
        }),
      )
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
      const { canvas } = await reportCanvasCreation('design', () =>
        endpoints.canvases.create({
          type: 'design',
          title: title?.trim() || titleFromFileName(first.name),
          folderId,
        }),
      )
      canvasCreated(canvas)
      const withAssets = await uploadAssets(canvas, files, folderId)
      canvasUpdated(withAssets)
      return withAssets
    },
    [canvasCreated, canvasUpdated, uploadAssets],
  )

  const createVideo = useCallback(
    async ({ file, title, folderId }: { file: File; title?: string; folderId: string | null }) => {
      const { canvas } = await reportCanvasCreation('video', () =>
        endpoints.canvases.create({
          type: 'video',
          title: title?.trim() || titleFromFileName(file.name),
          folderId,
        }),
      )
      canvasCreated(canvas)
      canvasUpdated(await uploadVideoAsset(canvas, file, folderId))
      return canvas
    },
    [canvasCreated, canvasUpdated, uploadVideoAsset],
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
