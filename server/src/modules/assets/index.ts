/**
 * Asset routes. Multipart bodies are parsed in memory by the HTTP layer, so a body larger than the largest
 * multipart limit is refused from its Content-Length before it is read (videos use tus, which streams).
 */
import { toErrorBody } from '@pinpoint/domain'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { type ErrorBody, errorResponse } from '../../errors'
import { fileTooLarge, UPLOAD_LIMITS } from '../../media'
import { authPlugin } from '../auth/plugin'
import { loadCanvasForView } from '../canvases/access'
import { loadCanvasDetail } from '../canvases/detail'
import { serializeAsset } from '../canvases/serialize'
import { inTransaction } from '../canvases/transaction'
import { deleteAsset, reorderAssets, replaceAsset, uploadAsset } from './service'

/** Largest multipart asset (a PDF) plus room for the form's other fields. */
export const MAX_MULTIPART_BYTES = Math.max(UPLOAD_LIMITS.pdf, UPLOAD_LIMITS.image) + 64 * 1024

/**
 * An `onRequest` hook that answers 413 for an oversized body on the given paths before anything reads it.
 * (A `parse` hook cannot do this: Elysia turns whatever it throws into a generic parse error.)
 */
export function limitBody(pattern: RegExp, maxBytes: number) {
  return ({ request }: { request: Request }) => {
    if (request.method !== 'POST') return
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > maxBytes && pattern.test(new URL(request.url).pathname))
      return errorResponse(toErrorBody(fileTooLarge(maxBytes)) as ErrorBody)
  }
}

export function assetsModule(context: AppContext) {
  const { db } = context.database
  const urls = { storage: context.storage, proxyOrigin: context.config.proxyOrigin }
  const canvasJson = async (actor: Parameters<typeof loadCanvasForView>[1], canvasId: string) => {
    const view = await loadCanvasForView(db, actor, canvasId)
    return loadCanvasDetail(db, view, actor.user, { editable: view.editable, now: context.now(), urls })
  }

  return new Elysia({ name: 'assets' })
    .onRequest(limitBody(/\/api\/v1\/(canvas-assets|canvases\/[^/]+\/assets\/[^/]+)$/, MAX_MULTIPART_BYTES))
    .use(authPlugin(context))
    .post(
      '/canvas-assets',
      async ({ actor, body }) => {
        const asset = await uploadAsset(context, actor, {
          canvasId: body.id,
          file: body.canvasAssetFile,
          position: body.position,
          revisionId: body.revisionId,
          folderId: body.folderId,
        })
        return { canvasAsset: serializeAsset(asset, urls), canvas: await canvasJson(actor, asset.canvasId) }
      },
      {
        body: t.Object({
          id: t.String(),
          canvasAssetFile: t.File(),
          position: t.Optional(t.Numeric({ minimum: 0 })),
          revisionId: t.Optional(t.String()),
          folderId: t.Optional(t.String()),
        }),
      },
    )
    .post(
      '/canvases/:id/assets/:assetId',
      async ({ actor, params, body }) => {
        const asset = await replaceAsset(context, actor, params.id, params.assetId, body.canvasAssetFile)
        return { canvasAsset: serializeAsset(asset, urls), canvas: await canvasJson(actor, asset.canvasId) }
      },
      { body: t.Object({ canvasAssetFile: t.File() }) },
    )
    .delete('/canvases/:id/assets/:assetId', async ({ actor, params }) => {
      const { asset, annotations } = await deleteAsset(context, actor, params.id, params.assetId)
      return { canvasAsset: serializeAsset(asset, urls), annotations }
    })
    .post(
      '/canvases/:id/assets/reorder',
      async ({ actor, params, body }) => {
        const assets = await inTransaction(db, (tx) =>
          reorderAssets(tx, actor, params.id, body.canvasAssets, context.now()),
        )
        return { canvasAssets: assets.map((asset) => serializeAsset(asset, urls)) }
      },
      {
        body: t.Object({
          canvasAssets: t.Array(t.Object({ id: t.String(), position: t.Integer({ minimum: 0 }) }), {
            maxItems: 1000,
          }),
        }),
      },
    )
}
