/**
 * A new reply in two round trips (decision 052): the write context (annotation, canvas, earlier repliers,
 * mentioned users, files), then one statement inserting the reply, linking its files, recording its feed
 * event and notifications, bumping the canvas version, touching the canvas's activity time and NOTIFYing.
 * The insert is gated on the annotation still existing with the privacy that was read, so a reply never
 * lands on an annotation that went away or changed sides in between.
 */
import { newId } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import { can } from '../../policy'
import {
  admitNewComment,
  attachmentAnswer,
  attachmentCtes,
  filesToAttach,
  readNewCommentContext,
} from '../annotations/fast-create'
import { annotationOf, type FastInput, fileJsonOf, LostRace, withRetries } from '../annotations/fast-write'
import type { AnnotationReplyJson } from '../annotations/json-types'
import { runWriteStatement } from '../annotations/write-statement'
import { requireUser } from '../auth/plugin'
import { sendMentionEmails } from '../notifications/mention-email'
import { planCommentActivity } from '../notifications/plan'
import { feedTexts } from '../notifications/texts'
import type { CreateReplyBody } from './model'

const PRIVATE_FORBIDDEN = "Private replies are for members of the canvas owner's team on a team plan."

export async function createReplyFast(
  input: FastInput,
  annotationId: string,
  body: CreateReplyBody,
): Promise<AnnotationReplyJson> {
  const { context, actor } = input
  const user = requireUser(actor)
  const mayMention = can(actor, 'comment.mention')
  let mails: ReturnType<typeof planCommentActivity>['mails'] = []
  const created = await withRetries(async () => {
    const ctx = await readNewCommentContext(input, body, { annotationId, repliers: true })
    const { annotation, canvas } = annotationOf(input, ctx)
    const isPrivate = admitNewComment(input, ctx, canvas, body, PRIVATE_FORBIDDEN)
    const files = filesToAttach(input, ctx, body.fileAttachmentIds)
    const id = newId()
    const at = new Date().toISOString()
    const reply: AnnotationReplyJson = {
      id,
      AnnotationId: annotation.id,
      UserId: user.id,
      userName: user.name,
      comment: body.comment,
      isPrivate,
      FileAttachments: files.map((file) => fileJsonOf(file, annotation.id, id)),
      createdAt: at,
      updatedAt: at,
      editedAt: null,
    }
    // A reply of a private annotation is private, whatever its own flag (feed.ts recordReplyEvent).
    const eventPrivate = annotation.isPrivate || isPrivate
    const planned = planCommentActivity(ctx.candidates, {
      kind: 'reply',
      canvas,
      actor: user,
      comment: { annotationId: annotation.id, replyId: id, isPrivate: eventPrivate, comment: body.comment },
      annotationAuthorId: annotation.userId,
      repliers: ctx.repliers,
      mayMention,
    })
    const insert = sql`g as (insert into annotation_replies
      (id, annotation_id, user_id, user_name, comment, is_private, created_at, updated_at)
      select ${id}, a.id, ${user.id}, ${user.name}, ${body.comment}, ${isPrivate}::boolean,
        ${at}::timestamptz, ${at}::timestamptz
      from annotations a where a.id = ${annotation.id} and a.is_private = ${annotation.isPrivate}::boolean
      returning id, annotation_id)`
    const { done } = await runWriteStatement(context.database.db, {
      ctes: [insert, ...attachmentCtes(files, user.id, id)],
      canvasId: annotation.canvasId,
      activityAt: context.now(),
      answer: attachmentAnswer(files),
      events: [
        {
          type: 'reply.created',
          canvasId: annotation.canvasId,
          annotationId: annotation.id,
          replyId: id,
          actorUserId: user.id,
          isPrivate: eventPrivate,
          data: {
            annotationId: annotation.id,
            replyId: id,
            reply,
            ...feedTexts('reply', user.name, eventPrivate),
          },
        },
        ...planned.events,
      ],
    })
    if (!done) throw new LostRace('the annotation went away or changed sides since it was read')
    mails = planned.mails
    return reply
  })
  await sendMentionEmails(context, mails)
  return created
}
