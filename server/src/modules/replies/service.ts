/**
 * Replies to annotations. A reply lives inside its annotation's visibility: nobody who cannot see the
 * annotation can reach its replies (load.ts), and a private reply is hidden like a private annotation.
 */
import { annotationReplies, type DbOrTx } from '@pinpoint/db'
import { Forbidden } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { authorize, can } from '../../policy'
import { attachmentKeysOfReply, linkAttachments } from '../annotations/attachments'
import { recordReplyEvent, replySnapshot } from '../annotations/feed'
import type { AnnotationReplyJson } from '../annotations/json-sql'
import { loadReply } from '../annotations/load'
import { type CallInput, deleteStoredFiles } from '../annotations/service'
import { requireUser } from '../auth/plugin'
import { assertCanvasWritable } from '../canvases/access'
import { inTransaction } from '../canvases/transaction'
import { sendMentionEmails } from '../notifications/mention-email'
import { type MentionMail, notifyCommentActivity } from '../notifications/service'
import { createReplyFast } from './fast-create'
import type { CreateReplyBody, UpdateReplyBody } from './model'

const PRIVATE_FORBIDDEN = "Private replies are for members of the canvas owner's team on a team plan."

async function readBack(db: DbOrTx, annotationId: string, replyId: string): Promise<AnnotationReplyJson> {
  const reply = await replySnapshot(db, annotationId, replyId)
  if (!reply) throw new Error('the reply could not be read back')
  return reply
}

/** A new reply: two round trips (decision 052, fast-create.ts). */
export function createReply(
  input: CallInput,
  annotationId: string,
  body: CreateReplyBody,
): Promise<AnnotationReplyJson> {
  return createReplyFast(input, annotationId, body)
}

export async function updateReply(
  input: CallInput,
  replyId: string,
  body: UpdateReplyBody,
): Promise<AnnotationReplyJson> {
  const { context, actor } = input
  const user = requireUser(actor)
  let mails: MentionMail[] = []
  const updated = await inTransaction(context.database.db, async (tx) => {
    const { annotation, canvas, reply } = await loadReply({ ...input, db: tx, lock: true }, replyId)
    authorize(
      actor,
      'comment.edit',
      { canvas: canvas.domain, comment: reply },
      'Only the author can edit this reply.',
    )
    assertCanvasWritable(canvas, user, context.now())
    if (body.isPrivate === true && !reply.isPrivate && !can(actor, 'comment.private', canvas.domain)) {
      throw new Forbidden(PRIVATE_FORBIDDEN)
    }
    const { fileAttachmentIds, ...rest } = body
    const edited = rest.comment !== undefined && rest.comment !== reply.comment
    const fields = edited ? { ...rest, editedAt: context.now() } : rest
    const [after] = Object.keys(fields).length
      ? await tx.update(annotationReplies).set(fields).where(eq(annotationReplies.id, reply.id)).returning()
      : [reply]
    if (!after) throw new Error('updating the reply returned no row')
    await linkAttachments(tx, actor, fileAttachmentIds, { annotationId: annotation.id, replyId: reply.id })
    await recordReplyEvent(tx, {
      type: 'reply.updated',
      annotation,
      reply: after,
      actor: user,
      wasPrivate: reply.isPrivate,
    })
    if (body.comment !== undefined && body.comment !== reply.comment) {
      mails = await notifyCommentActivity(tx, {
        kind: 'edit',
        canvas,
        actor: user,
        comment: {
          annotationId: annotation.id,
          replyId: after.id,
          isPrivate: after.isPrivate || annotation.isPrivate,
          comment: after.comment,
        },
        mayMention: can(actor, 'comment.mention'),
        previousText: reply.comment,
      })
    }
    return readBack(tx, annotation.id, after.id)
  })
  await sendMentionEmails(context, mails)
  return updated
}

export async function deleteReply(input: CallInput, replyId: string): Promise<void> {
  const { context, actor } = input
  requireUser(actor)
  const keys = await inTransaction(context.database.db, async (tx) => {
    const { annotation, canvas, reply } = await loadReply({ ...input, db: tx, lock: true }, replyId)
    authorize(
      actor,
      'comment.delete',
      { canvas: canvas.domain, comment: reply },
      'You can only delete your own replies.',
    )
    const storageKeys = await attachmentKeysOfReply(tx, reply.id)
    await tx.delete(annotationReplies).where(eq(annotationReplies.id, reply.id))
    await recordReplyEvent(tx, { type: 'reply.deleted', annotation, reply, actor: actor.user })
    return storageKeys
  })
  await deleteStoredFiles(context, keys)
}
