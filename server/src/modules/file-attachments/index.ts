/** POST /file-attachments (multipart: file, annotationId or replyId) and DELETE /file-attachments/{id}. */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { UPLOAD_LIMITS } from '../../media'
import { limitBody } from '../assets'
import { authPlugin } from '../auth/plugin'
import { createAttachment, deleteAttachment, serializeAttachment } from './service'

export function fileAttachmentsModule(context: AppContext) {
  return new Elysia({ name: 'file-attachments' })
    .onRequest(limitBody(/\/api\/v1\/file-attachments$/, UPLOAD_LIMITS.attachment + 64 * 1024))
    .use(authPlugin(context))
    .post(
      '/file-attachments',
      async ({ actor, body }) => {
        const attachment = await createAttachment(context, actor, {
          file: body.file,
          annotationId: body.annotationId,
          replyId: body.replyId,
        })
        return { fileAttachment: serializeAttachment(attachment, context.storage) }
      },
      {
        body: t.Object({
          file: t.File(),
          annotationId: t.Optional(t.String()),
          replyId: t.Optional(t.String()),
        }),
      },
    )
    .delete('/file-attachments/:id', async ({ actor, params }) => ({
      fileAttachment: serializeAttachment(await deleteAttachment(context, actor, params.id), context.storage),
    }))
}
