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
import { recordAnnotationEvent, recordReplyEvent } from '../annotations/feed'
import type { Actor } from '../auth/actor'
import { assertCanvasWritable, loadCanvasForView } from '../canvases/access'
import { inTransaction } from '../canvases/transaction'

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

/** The comment a file is attached to, as the feed events need it. */
interface CommentTarget {
  view: Awaited<ReturnType<typeof loadCanvasForView>>
  annotation: { id: string; canvasId: string; isPrivate: boolean }
  reply: { id: string; isPrivate: boolean } | null
}

/** The canvas behind an annotation or reply, checked for the caller (private comments stay hidden). */
async function commentCanvas(
  db: DbOrTx,
  actor: Actor,
  target: { annotationId?: string | null; replyId?: string | null },
): Promise<CommentTarget | null> {
  let annotationId = target.annotationId ?? null
  let reply: CommentTarget['reply'] = null
  if (target.replyId) {
    const [row] = await db
      .select({
        id: annotationReplies.id,
        annotationId: annotationReplies.annotationId,
        isPrivate: annotationReplies.isPrivate,
      })
      .from(annotationReplies)
      .where(eq(annotationReplies.id, target.replyId))
    if (!row) throw new NotFound('Reply not found.')
    if (annotationId && annotationId !== row.annotationId) throw new NotFound('Reply not found.')
    annotationId = row.annotationId
    reply = { id: row.id, isPrivate: row.isPrivate }
  }
  if (!annotationId) return null
  const [annotation] = await db
    .select({ id: annotations.id, canvasId: annotations.canvasId, isPrivate: annotations.isPrivate })
    .from(annotations)
    .where(eq(annotations.id, annotationId))
  if (!annotation) throw new NotFound('Comment not found.')
  const view = await loadCanvasForView(db, actor, annotation.canvasId)
  const hidden = annotation.isPrivate || reply?.isPrivate
  if (hidden && !canSeePrivateComments(actor.user, view.domain)) throw new NotFound('Comment not found.')
  return { view, annotation, reply }
}

/**
 * Tells the canvas that a comment's files changed, in the transaction of the change: the event moves the
 * comment list's version (decision 012: its ETag and cache) and carries the new snapshot to sockets. A
 * file on an annotation changes the annotation's JSON (FileAttachments, numFileAttachments); a file on a
 * reply changes the reply's.
 */
async function recordFilesChanged(
  db: DbOrTx,
  target: CommentTarget,
  actor: Actor,
  change: 'file-attached' | 'file-removed',
  attachmentId: string,
) {
  const actorUserId = actor.user?.id ?? null
  if (target.reply) {
    await recordReplyEvent(db, {
      type: 'reply.updated',
      annotation: target.annotation,
      reply: target.reply,
      actor: actor.user ? { id: actor.user.id, name: actor.user.name } : null,
    })
    return
  }
  await recordAnnotationEvent(db, {
    type: 'annotation.updated',
    annotation: target.annotation,
    actorUserId,
    data: { change, fileAttachmentId: attachmentId },
  })
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
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(fileAttachments)
        .values({
          annotationId: target?.annotation.id ?? null,
          replyId: target?.reply?.id ?? null,
          userId: actor.user?.id ?? null,
          name: (input.file.name || 'file').slice(0, 255),
          mimeType: sniffed.mime,
          sizeBytes: input.file.size,
          storageKey: key,
        })
        .returning()
      if (!row) throw new Error('inserting the attachment returned no row')
      if (target) await recordFilesChanged(tx, target, actor, 'file-attached', row.id)
      return row
    })
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
  const deleted = await inTransaction(db, async (tx) => {
    const [row] = await tx.delete(fileAttachments).where(eq(fileAttachments.id, id)).returning()
    if (row && target) await recordFilesChanged(tx, target, actor, 'file-removed', row.id)
    return row
  })
  if (!deleted) throw new NotFound('Attachment not found.')
  await context.storage.delete(attachment.storageKey).catch(() => {})
  return attachment
}
