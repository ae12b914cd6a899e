/**
 * Reply bodies (SPEC 3 AnnotationReply: comment, isPrivate, FileAttachments).
 */
import { type Static, t } from 'elysia'

const Id = t.String({ minLength: 1, maxLength: 100 })

export const CreateReplyBody = t.Object({
  comment: t.String({ maxLength: 20_000 }),
  isPrivate: t.Optional(t.Boolean()),
  /** Files uploaded beforehand (POST /file-attachments) to attach to this reply. */
  fileAttachmentIds: t.Optional(t.Array(Id, { maxItems: 20 })),
})
export type CreateReplyBody = Static<typeof CreateReplyBody>

export const UpdateReplyBody = t.Partial(CreateReplyBody, { minProperties: 1 })
export type UpdateReplyBody = Static<typeof UpdateReplyBody>
