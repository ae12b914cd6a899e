/**
 * A verdict on a revision (POST /canvases/{id}/reviews): stored, announced on the canvas feed, and
 * addressed to the canvas owner as a notification (the activity feed of their bell) and an e-mail after
 * commit. The owner's own verdicts notify nobody. Values: decision 047.
 */
import { type CanvasReview, canvasReviews, canvasRevisions, type DbOrTx } from '@pinpoint/db'
import { NotFound, type ReviewVerdict, verdictSentence } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { ActorUser } from '../auth/actor'
import { assertCanvasWritable, type loadCanvasForView } from '../canvases/access'
import { recordEvents } from '../events/service'
import { loadUsers } from '../notifications/service'
import { plainExcerpt } from '../notifications/texts'

type CanvasView = Awaited<ReturnType<typeof loadCanvasForView>>

export interface VerdictInput {
  status: ReviewVerdict
  comment?: string | null
  CanvasRevisionId?: string
}

/** What the owner's e-mail needs, sent after commit (null when nobody is to be e-mailed). */
export interface VerdictMail {
  recipient: ActorUser
  actorName: string
  canvasTitle: string
  subdomain: string
  revisionNumber: number
  status: ReviewVerdict
  comment: string | null
}

export async function recordVerdict(
  db: DbOrTx,
  context: Pick<AppContext, 'now'>,
  user: ActorUser,
  view: CanvasView,
  input: VerdictInput,
): Promise<{ review: CanvasReview; mail: VerdictMail | null }> {
  assertCanvasWritable(view, user, context.now())
  const canvas = view.canvas
  const revisionId = input.CanvasRevisionId ?? canvas.currentRevisionId
  const [revision] = revisionId
    ? await db
        .select({ id: canvasRevisions.id, number: canvasRevisions.number })
        .from(canvasRevisions)
        .where(and(eq(canvasRevisions.id, revisionId), eq(canvasRevisions.canvasId, canvas.id)))
    : []
  if (!revision) throw new NotFound('Revision not found.')
  const comment = input.comment?.trim() || null
  const [review] = await db
    .insert(canvasReviews)
    .values({
      canvasId: canvas.id,
      canvasRevisionId: revision.id,
      userId: user.id,
      status: input.status,
      comment,
    })
    .returning()
  if (!review) throw new Error('inserting the review returned no row')

  const data = {
    reviewId: review.id,
    status: review.status,
    revisionId: revision.id,
    revisionNumber: revision.number,
    canvasId: canvas.id,
    subdomain: canvas.subdomain,
    canvasTitle: canvas.title,
    actorId: user.id,
    actorName: user.name,
    comment: comment ? plainExcerpt(comment) : undefined,
  }
  const [owner] = canvas.userId !== user.id ? await loadUsers(db, [canvas.userId]) : []
  await recordEvents(db, [
    { type: 'canvas.reviewed', canvasId: canvas.id, actorUserId: user.id, data },
    ...(owner
      ? [
          {
            type: 'notification.verdict',
            userId: owner.id,
            canvasId: canvas.id,
            actorUserId: user.id,
            data: {
              ...data,
              text: verdictSentence({
                actorName: user.name,
                status: review.status,
                revisionNumber: revision.number,
                canvasTitle: canvas.title,
              }),
            },
          },
        ]
      : []),
  ])
  const mail: VerdictMail | null =
    owner?.emailOn && !owner.isGuest
      ? {
          recipient: owner,
          actorName: user.name,
          canvasTitle: canvas.title,
          subdomain: canvas.subdomain,
          revisionNumber: revision.number,
          status: input.status,
          comment,
        }
      : null
  return { review, mail }
}
