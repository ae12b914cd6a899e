/**
 * POST /canvases/{id}/reviews: a reviewer's verdict on a revision (the one named by CanvasRevisionId, which
 * must be one of the canvas's, or else the current one). SPEC leaves the values open; decision 047:
 * approved, changes-requested, rejected. Anyone who may open the canvas (a logged-in user or a guest) may
 * review it, unless the canvas is read-only for them.
 */
import { REVIEW_VERDICTS } from '@pinpoint/domain'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, requireUser } from '../auth/plugin'
import { loadCanvasForView } from '../canvases/access'
import { hasLinkGrant } from '../canvases/link-grant'
import { serializeReview } from '../canvases/serialize'
import { inTransaction } from '../canvases/transaction'
import { recordVerdict } from './service'
import { sendVerdictEmail } from './verdict-email'

export function reviewsModule(context: AppContext) {
  const { db } = context.database
  return new Elysia({ name: 'reviews' }).use(authPlugin(context)).post(
    '/canvases/:id/reviews',
    async ({ actor, params, body, request }) => {
      const user = requireUser(actor)
      const { review, mail } = await inTransaction(db, async (tx) => {
        const view = await loadCanvasForView(tx, actor, params.id, {
          passwordGranted: (canvas) =>
            hasLinkGrant(request, context.config.sessionSecret, canvas, context.now()),
        })
        return recordVerdict(tx, context, user, view, body)
      })
      await sendVerdictEmail(context, mail)
      return { canvasReview: serializeReview(review) }
    },
    {
      body: t.Object({
        status: t.Union(REVIEW_VERDICTS.map((status) => t.Literal(status))),
        comment: t.Optional(t.Union([t.String({ maxLength: 5000 }), t.Null()])),
        /** The revision the verdict is about (the one on screen); the current revision if left out. */
        CanvasRevisionId: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
      }),
      detail: { tags: ['Canvases'], summary: 'A verdict on a revision' },
    },
  )
}
