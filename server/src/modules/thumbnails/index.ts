/**
 * PUT /canvas-revisions/{id}/thumbnail (ours, decision 056): the revision's picture, taken in the review
 * screen (multipart field `file`). Answers the revision with its new signed `thumbnailUrl`; `stored` is false
 * when another visitor's first picture won the race (theirs is kept and returned).
 */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { hasLinkGrant } from '../canvases/link-grant'
import { serializeRevision } from '../canvases/serialize'
import { storeThumbnail } from './service'

export function thumbnailsModule(context: AppContext) {
  const urls = { storage: context.storage, proxyOrigin: context.config.proxyOrigin }
  return new Elysia({ name: 'thumbnails' }).use(authPlugin(context)).put(
    '/canvas-revisions/:id/thumbnail',
    async ({ actor, params, body, request }) => {
      const { revision, stored } = await storeThumbnail(context, actor, params.id, body.file, {
        passwordGranted: (canvas) =>
          hasLinkGrant(request, context.config.sessionSecret, canvas, context.now()),
      })
      return { canvasRevision: serializeRevision(revision, urls), stored }
    },
    {
      body: t.Object({ file: t.File() }),
      detail: { tags: ['Canvases'], summary: "Store a revision's picture (dashboard card, compare view)" },
    },
  )
}
