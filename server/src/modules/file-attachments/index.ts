/**
 * POST /file-attachments (multipart: `file`, and the comment it belongs to) and DELETE /file-attachments/{id}.
 *
 * The comment is named `annotationId` / `replyId`, or in the SPEC's entity casing `AnnotationId` /
 * `AnnotationReplyId` (section 3): both are accepted. Any other field is refused (422), so a misspelt
 * target can never silently store an unattached file. A file sent without a target is an upload made
 * before its comment exists (the composer attaches it with `fileAttachmentIds`); one never attached is
 * collected after a day (orphans.ts).
 */
import { ValidationFailed } from '@pinpoint/domain'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { UPLOAD_LIMITS } from '../../media'
import { limitBody } from '../assets'
import { authPlugin } from '../auth/plugin'
import { createAttachment, deleteAttachment, serializeAttachment } from './service'

const Target = t.Optional(t.String({ minLength: 1, maxLength: 100 }))
const FIELDS = new Set(['file', 'annotationId', 'AnnotationId', 'replyId', 'AnnotationReplyId'])

/**
 * Runs before schema validation, which would quietly drop unknown fields: a misspelt target (say
 * `annotation_id`) must be an error, not an unattached upload.
 */
function refuseUnknownFields(body: unknown) {
  const unknown = Object.keys((body ?? {}) as object).filter((key) => !FIELDS.has(key))
  if (unknown.length > 0)
    throw new ValidationFailed(
      `Unknown field ${unknown[0]}: name the comment with AnnotationId or AnnotationReplyId.`,
      { issues: unknown.map((key) => ({ path: key, message: 'Unknown field' })) },
    )
}

/** One value from two spellings of a field; two different values are a mistake worth refusing. */
function oneOf(field: string, values: Array<string | undefined>): string | undefined {
  const given = [...new Set(values.filter((value): value is string => value !== undefined))]
  if (given.length > 1)
    throw new ValidationFailed(`Two different values were sent for ${field}.`, {
      issues: [{ path: field, message: 'Sent twice with different values' }],
    })
  return given[0]
}

export function fileAttachmentsModule(context: AppContext) {
  return new Elysia({ name: 'file-attachments' })
    .onRequest(limitBody(/\/api\/v1\/file-attachments$/, UPLOAD_LIMITS.attachment + 64 * 1024))
    .use(authPlugin(context))
    .post(
      '/file-attachments',
      async ({ actor, body }) => {
        const attachment = await createAttachment(context, actor, {
          file: body.file,
          annotationId: oneOf('AnnotationId', [body.annotationId, body.AnnotationId]),
          replyId: oneOf('AnnotationReplyId', [body.replyId, body.AnnotationReplyId]),
        })
        return { fileAttachment: serializeAttachment(attachment, context.storage) }
      },
      {
        transform: ({ body }) => refuseUnknownFields(body),
        body: t.Object({
          file: t.File(),
          annotationId: Target,
          AnnotationId: Target,
          replyId: Target,
          AnnotationReplyId: Target,
        }),
      },
    )
    .delete('/file-attachments/:id', async ({ actor, params }) => ({
      fileAttachment: serializeAttachment(await deleteAttachment(context, actor, params.id), context.storage),
    }))
}
