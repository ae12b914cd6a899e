/**
 * Video uploads: POST /canvas-video-assets (the signature) and the tus endpoint itself. The tus routes read
 * the raw request (`parse: 'none'`), so Elysia never buffers a chunk.
 */
import { NotFound } from '@pinpoint/domain'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { loadCanvasForView } from '../canvases/access'
import { loadCanvasDetail } from '../canvases/detail'
import { serializeAsset } from '../canvases/serialize'
import { createVideoAsset } from './service'
import { TUS_CHUNK_BYTES } from './signature'
import { createTusServer, TUS_PATH } from './tus'

export function uploadsModule(context: AppContext) {
  const { db } = context.database
  const urls = { storage: context.storage, proxyOrigin: context.config.proxyOrigin }
  const tus = createTusServer(context)
  const tusMethods = new Set(['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'])
  const handleTus = ({ request }: { request: Request }) => {
    // GET would let tus serve unfinished uploads; playback goes through signed storage URLs instead.
    if (!tusMethods.has(request.method)) throw new NotFound()
    return tus.handle(request)
  }

  return (
    new Elysia({ name: 'uploads' })
      .use(authPlugin(context))
      .onStop(() => tus.close())
      .post(
        '/canvas-video-assets',
        async ({ actor, body }) => {
          const { asset, uploadableVideoDetails } = await createVideoAsset(context, actor, body)
          const view = await loadCanvasForView(db, actor, asset.canvasId)
          return {
            uploadableVideoDetails: {
              ...uploadableVideoDetails,
              endpoint: `${context.config.publicUrl}${TUS_PATH}`,
              /** Largest PATCH to send (bytes): Bun refuses bodies over 128 MB. */
              chunkSize: TUS_CHUNK_BYTES,
            },
            canvasAsset: serializeAsset(asset, urls),
            canvas: await loadCanvasDetail(db, view, actor.user, {
              editable: view.editable,
              now: context.now(),
              urls,
            }),
          }
        },
        {
          body: t.Object({
            id: t.String(),
            fileSizeInBytes: t.Integer({ minimum: 1 }),
            name: t.Optional(t.String({ maxLength: 300 })),
            position: t.Optional(t.Integer({ minimum: 0 })),
            revisionId: t.Optional(t.Union([t.String(), t.Null()])),
            folderId: t.Optional(t.Union([t.String(), t.Null()])),
          }),
        },
      )
      .all('/uploads', handleTus, { parse: 'none' })
      .all('/uploads/*', handleTus, { parse: 'none' })
      // Elysia answers HEAD through the GET route of a path, not through `all`: without this GET route a tus
      // HEAD (the resume check) would reach the API's catch-all. handleTus still refuses a real GET.
      .get('/uploads/*', handleTus, { parse: 'none' })
  )
}
