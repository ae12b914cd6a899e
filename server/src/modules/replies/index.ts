/**
 * Reply routes (SPEC 7): POST /annotations/{AnnotationId}/replies, PUT and DELETE /replies/{id}.
 */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { CreateReplyBody, UpdateReplyBody } from './model'
import { createReply, deleteReply, updateReply } from './service'

const Id = t.String({ minLength: 1, maxLength: 100 })

export function repliesModule(context: AppContext) {
  return new Elysia({ name: 'replies' })
    .use(authPlugin(context))
    .model({ CreateReplyBody, UpdateReplyBody })
    .post(
      // SPEC: /annotations/{AnnotationId}/replies; the router needs one parameter name per position.
      '/annotations/:id/replies',
      async ({ actor, params, body, request }) => {
        const reply = await createReply({ context, actor, request }, params.id, body)
        context.analytics.track(
          'comment_created',
          {
            annotationId: reply.AnnotationId,
            isReply: true,
            isPrivate: reply.isPrivate,
            byGuest: actor.user?.isGuest === true,
            attachmentCount: reply.FileAttachments.length,
          },
          actor.user?.id,
        )
        return { reply }
      },
      { params: t.Object({ id: Id }), body: 'CreateReplyBody', detail: { tags: ['Replies'] } },
    )
    .put(
      '/replies/:id',
      async ({ actor, params, body, request }) => ({
        reply: await updateReply({ context, actor, request }, params.id, body),
      }),
      { params: t.Object({ id: Id }), body: 'UpdateReplyBody', detail: { tags: ['Replies'] } },
    )
    .delete(
      '/replies/:id',
      async ({ actor, params, request }) => {
        await deleteReply({ context, actor, request }, params.id)
        return { deleted: true }
      },
      { params: t.Object({ id: Id }), detail: { tags: ['Replies'] } },
    )
}
