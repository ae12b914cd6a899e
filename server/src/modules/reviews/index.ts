/**
 * POST /canvases/{id}/reviews: a reviewer's verdict on a revision (the one named by CanvasRevisionId, which
 * must be one of the canvas's, or else the current one). SPEC leaves the values open;
 * decision: approved, changes-requested, rejected. Anyone who may open the canvas (a logged-in user or a
 * guest) may review it, unless the canvas is read-only for them.
 */
import { canvasReviews, canvasRevisions } from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, requireUser } from '../auth/plugin'
import { assertCanvasWritable, loadCanvasForView } from '../canvases/access'
import { hasLinkGrant } from '../canvases/link-grant'
import { assertMayComment } from '../canvases/roles'
import { serializeReview } from '../canvases/serialize'
import { inTransaction } from '../canvases/transaction'
import { recordEvent } from '../events/service'

export const REVIEW_STATUSES = ['approved', 'changes-requested', 'rejected'] as const

export function reviewsModule(context: AppContext) {
  const { db } = context.database
  return new Elysia({ name: 'reviews' }).use(authPlugin(context)).post(
    '/canvases/:id/reviews',
    async ({ actor, params, body, request }) => {
      const user = requireUser(actor)
      const review = await inTransaction(db, async (tx) => {
        const view = await loadCanvasForView(tx, actor, params.id, {
          passwordGranted: (canvas) =>
            hasLinkGrant(request, context.config.sessionSecret, canvas, context.now()),
        })
        assertCanvasWritable(view, user, context.now())
        await assertMayComment(tx, actor, view)
        let revisionId = view.canvas.currentRevisionId
        if (body.CanvasRevisionId) {
          const [revision] = await tx
            .select({ id: canvasRevisions.id })
            .from(canvasRevisions)
            .where(
              and(
                eq(canvasRevisions.id, body.CanvasRevisionId),
                eq(canvasRevisions.canvasId, view.canvas.id),
              ),
            )
          if (!revision) throw new NotFound('Revision not found.')
          revisionId = revision.id
        }
        const [row] = await tx
          .insert(canvasReviews)
          .values({
            canvasId: view.canvas.id,
            canvasRevisionId: revisionId,
            userId: user.id,
            status: body.status,
            comment: body.comment ?? null,
          })
          .returning()
        if (!row) throw new Error('inserting the review returned no row')
        await recordEvent(tx, {
          type: 'canvas.reviewed',
          canvasId: view.canvas.id,
          actorUserId: user.id,
          data: { reviewId: row.id, status: row.status, revisionId },
        })
        return row
      })
      return { canvasReview: serializeReview(review) }
    },
    {
      body: t.Object({
        status: t.Union(REVIEW_STATUSES.map((status) => t.Literal(status))),
        comment: t.Optional(t.Union([t.String({ maxLength: 5000 }), t.Null()])),
        /** The revision the verdict is about (the one on screen); the current revision if left out. */
        CanvasRevisionId: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
      }),
    },
  )
}
