/**
 * Files attached to comments (SPEC 6: attach files needs a customer whose plan is not free0). The file is
 * typed by content; images are shown inline, anything else is only ever a download (signed URL with
 * Content-Disposition: attachment), so an uploaded HTML or SVG file can never run in our origin.
 */
import {
  annotationReplies,
  annotations,
  type DbOrTx,
  type FileAttachment,
  fileAttachments,
} from '@pinpoint/db'
import { canSeePrivateComments, Forbidden, NotFound } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { fileTooLarge, sniffBlob, UPLOAD_LIMITS } from '../../media'
import { newStorageKey } from '../../platform/storage'
import type { Storage } from '../../platform/storage/types'
import { authorize, can } from '../../policy'
import type { Actor } from '../auth/actor'
import { assertCanvasWritable, loadCanvasForView } from '../canvases/access'

const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

export function serializeAttachment(attachment: FileAttachment, storage: Storage) {
  const inline = INLINE_IMAGES.has(attachment.mimeType)
  return {
    id: attachment.id,
    AnnotationId: attachment.annotationId,
    AnnotationReplyId: attachment.replyId,
    UserId: attachment.userId,
    name: attachment.name,
    mimeType: attachment.mimeType,
    sizeBytes: attachment.sizeBytes,
    url: storage.url(
      attachment.storageKey,
      inline ? { contentType: attachment.mimeType } : { downloadName: attachment.name },
    ),
    createdAt: attachment.createdAt.toISOString(),
  }
}

/** The canvas behind an annotation or reply, checked for the caller (private comments stay hidden). */
async function commentCanvas(
  db: DbOrTx,
  actor: Actor,
  target: { annotationId?: string | null; replyId?: string | null },
) {
  let annotationId = target.annotationId ?? null
  if (target.replyId) {
    const [reply] = await db
      .select({ annotationId: annotationReplies.annotationId, isPrivate: annotationReplies.isPrivate })
      .from(annotationReplies)
      .where(eq(annotationReplies.id, target.replyId))
    if (!reply) throw new NotFound('Reply not found.')
    if (annotationId && annotationId !== reply.annotationId) throw new NotFound('Reply not found.')
    annotationId = reply.annotationId
  }
  if (!annotationId) return null
  const [annotation] = await db
    .select({ canvasId: annotations.canvasId, isPrivate: annotations.isPrivate })
    .from(annotations)
    .where(eq(annotations.id, annotationId))
  if (!annotation) throw new NotFound('Comment not found.')
  const view = await loadCanvasForView(db, actor, annotation.canvasId)
  if (annotation.isPrivate && !canSeePrivateComments(actor.user, view.domain))
    throw new NotFound('Comment not found.')
  return { view, annotationId }
}

export async function createAttachment(
  context: AppContext,
  actor: Actor,
  input: { file: File; annotationId?: string | null; replyId?: string | null },
) {
  const { db } = context.database
  authorize(actor, 'file.attach', undefined, 'Attaching files needs a paid plan.')
  const target = await commentCanvas(db, actor, input)
  if (target) assertCanvasWritable(target.view, actor.user, context.now())
  if (input.file.size > UPLOAD_LIMITS.attachment) throw fileTooLarge(UPLOAD_LIMITS.attachment)
  const sniffed = await sniffBlob(input.file)
  const key = newStorageKey('attachments', sniffed.ext)
  await context.storage.put(key, input.file, {
    contentType: sniffed.mime,
    maxBytes: UPLOAD_LIMITS.attachment,
  })
  try {
    const [row] = await db
      .insert(fileAttachments)
      .values({
        annotationId: target?.annotationId ?? null,
        replyId: input.replyId ?? null,
        userId: actor.user?.id ?? null,
        name: (input.file.name || 'file').slice(0, 255),
        mimeType: sniffed.mime,
        sizeBytes: input.file.size,
        storageKey: key,
      })
      .returning()
    if (!row) throw new Error('inserting the attachment returned no row')
    return row
  } catch (error) {
    await context.storage.delete(key).catch(() => {})
    throw error
  }
}

/** The uploader, or someone who may edit the canvas of the comment, may delete an attachment. */
export async function deleteAttachment(context: AppContext, actor: Actor, id: string) {
  const { db } = context.database
  if (!actor.user) throw new NotFound('Attachment not found.')
  const [attachment] = await db.select().from(fileAttachments).where(eq(fileAttachments.id, id))
  if (!attachment) throw new NotFound('Attachment not found.')
  const target = await commentCanvas(db, actor, attachment).catch(() => null)
  const mayDelete =
    attachment.userId === actor.user.id || (target !== null && can(actor, 'canvas.edit', target.view.domain))
  if (!mayDelete) {
    if (!target && attachment.userId !== actor.user.id) throw new NotFound('Attachment not found.')
    throw new Forbidden('Only the person who attached this file or the canvas owner can delete it.')
  }
  await db.delete(fileAttachments).where(eq(fileAttachments.id, id))
  await context.storage.delete(attachment.storageKey).catch(() => {})
  return attachment
}
