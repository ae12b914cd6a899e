/**
 * A new comment in two round trips (decision 052): the write context, then one statement inserting the
 * annotation, linking its files, recording its feed event and notifications, bumping the canvas version,
 * touching the canvas's activity time and NOTIFYing. Its rules live once, shared with the replies and
 * the transactional path: canvas access (canvas-access.ts), read-only canvas, invited viewers and private
 * comments (`admitNewComment`), placement (@pinpoint/domain `placeComment`), attachments, and who is
 * notified (notifications/plan.ts).
 */
import { type FileAttachment, newId } from '@pinpoint/db'
import { Forbidden, placeComment } from '@pinpoint/domain'
import { sql } from 'drizzle-orm'
import { can } from '../../policy'
import { requireUser } from '../auth/plugin'
import { assertCanvasWritable } from '../canvases/access'
import { assertMayCommentWith } from '../canvases/roles'
import { sendMentionEmails } from '../notifications/mention-email'
import { mentionCandidateIds, planCommentActivity } from '../notifications/plan'
import { feedTexts } from '../notifications/texts'
import { holdMentionEmails } from '../screenshots/held-mails'
import type { CommentCanvas } from './canvas-access'
import {
  ATTACHMENT_CONFLICT,
  attachmentsConflict,
  canvasOf,
  type FastInput,
  fileJsonOf,
  withRetries,
} from './fast-write'
import type { AnnotationJson } from './json-types'
import type { CreateAnnotationBody } from './model'
import { readWriteContext, type WriteContext, type WriteContextQuery } from './write-context'
import { runWriteStatement } from './write-statement'

export const PRIVATE_FORBIDDEN = "Private comments are for members of the canvas owner's team on a team plan."

/** The revision the comment is placed on, decided (placeComment) on the facts the context read. */
function placement(ctx: WriteContext, canvas: CommentCanvas, body: CreateAnnotationBody): string | null {
  return placeComment({
    revisionId: body.CanvasRevisionId,
    revisionOnCanvas: ctx.revisionFound,
    assetId: body.CanvasAssetId,
    asset: ctx.assetFound ? { revisionId: ctx.assetRevisionId } : null,
    currentRevisionId: canvas.canvas.currentRevisionId,
  })
}

/** The part of a new comment or reply that the rules of every new comment read. */
export interface NewCommentBody {
  comment?: string
  isPrivate?: boolean
  fileAttachmentIds?: string[]
}

/**
 * The write context of a new comment or reply: its own facts (`query`) and what every new comment reads,
 * the writer's role on the canvas, the users its mentions may name (when the plan allows mentions) and
 * the files it attaches.
 */
export function readNewCommentContext(
  input: FastInput,
  body: NewCommentBody,
  query: Omit<WriteContextQuery, 'viewerId' | 'mentionedIds' | 'attachmentIds'>,
): Promise<WriteContext> {
  return readWriteContext(input.context.database.db, {
    ...query,
    viewerId: requireUser(input.actor).id,
    mentionedIds: can(input.actor, 'comment.mention') ? mentionCandidateIds(body.comment) : [],
    attachmentIds: body.fileAttachmentIds,
  })
}

/**
 * The rules every new comment and reply follows on its canvas: not read-only, not from an invited viewer,
 * private only for those who may write private comments (`privateForbidden` says so). Answers whether it
 * is private. (Its files are checked by `filesToAttach`, after a comment's placement.)
 */
export function admitNewComment(
  input: FastInput,
  ctx: WriteContext,
  canvas: CommentCanvas,
  body: NewCommentBody,
  privateForbidden: string,
): boolean {
  const { actor } = input
  assertCanvasWritable(canvas, requireUser(actor), input.context.now())
  assertMayCommentWith(actor, canvas, ctx.viewerRole)
  const isPrivate = body.isPrivate === true
  if (isPrivate && !can(actor, 'comment.private', canvas.domain)) throw new Forbidden(privateForbidden)
  return isPrivate
}

/** The caller's files to attach, as linkAttachments checks them (permission, owner, not yet attached). */
export function filesToAttach(
  input: FastInput,
  ctx: WriteContext,
  ids: readonly string[] | undefined,
): FileAttachment[] {
  if (!ids || ids.length === 0) return []
  if (!can(input.actor, 'file.attach')) throw new Forbidden('Attaching files needs a paid plan.')
  if (ctx.attachments.length !== new Set(ids).size) throw attachmentsConflict()
  return ctx.attachments
}

/** Links the files in the write statement; fails the whole statement if another write took one first. */
export function attachmentCtes(files: readonly FileAttachment[], userId: string, replyId: string | null) {
  if (files.length === 0) return []
  const ids = sql.join(
    files.map((file) => sql`${file.id}`),
    sql`, `,
  )
  return [
    sql`att as (update file_attachments set annotation_id = (select annotation_id from g), reply_id = ${replyId}
      where id in (${ids}) and user_id = ${userId} and annotation_id is null and reply_id is null
        and exists (select 1 from g) returning id)`,
    // Not a constant, so evaluated per run: the cast fails (and the statement with it) on a short count.
    sql`chk as (select case when count(*) = ${files.length} or not exists (select 1 from g) then 0
      else (${ATTACHMENT_CONFLICT} || count(*))::int end as ok from att)`,
  ]
}

export const attachmentAnswer = (files: readonly unknown[]) =>
  files.length > 0 ? [sql`(select ok from chk) as attach_ok`] : []

export async function createAnnotationFast(
  input: FastInput,
  body: CreateAnnotationBody,
): Promise<AnnotationJson> {
  const { context, actor } = input
  const user = requireUser(actor)
  const mayMention = can(actor, 'comment.mention')
  let mails: ReturnType<typeof planCommentActivity>['mails'] = []
  const created = await withRetries(async () => {
    const ctx = await readNewCommentContext(input, body, {
      canvasId: body.CanvasId,
      assetId: body.CanvasAssetId,
      revisionId: body.CanvasRevisionId,
    })
    const canvas = canvasOf(input, ctx)
    const isPrivate = admitNewComment(input, ctx, canvas, body, PRIVATE_FORBIDDEN)
    const revisionId = placement(ctx, canvas, body)
    const files = filesToAttach(input, ctx, body.fileAttachmentIds)
    const id = newId()
    const at = new Date()
    const own = files.map((file) => fileJsonOf(file, id, null))
    const snapshot: AnnotationJson = {
      id,
      CanvasId: canvas.canvas.id,
      CanvasRevisionId: revisionId,
      CanvasAssetId: body.CanvasAssetId ?? null,
      canvasAssetPageIndex: body.canvasAssetPageIndex ?? null,
      UserId: user.id,
      userName: user.name,
      comment: body.comment ?? '',
      path: body.path ?? null,
      isPrivate,
      status: body.status ?? 'active',
      inactiveReason: body.inactiveReason ?? null,
      metadata: body.metadata ?? {},
      x: body.x ?? null,
      y: body.y ?? null,
      videoTime: body.videoTime ?? null,
      assignedUserId: null,
      assignedUser: null,
      Labels: [],
      lastExportDate: null,
      textContentBefore: body.textContentBefore ?? null,
      textContentAfter: body.textContentAfter ?? null,
      screenshotUrl: body.screenshotUrl ?? null,
      afterScreenshotUrl: body.afterScreenshotUrl ?? null,
      FileAttachments: own,
      numFileAttachments: own.length,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      editedAt: null,
    }
    const planned = planCommentActivity(ctx.candidates, {
      kind: 'comment',
      canvas,
      actor: user,
      comment: { annotationId: id, isPrivate, comment: snapshot.comment },
      mayMention,
    })
    const s = snapshot
    const insert = sql`g as (insert into annotations (id, canvas_id, canvas_revision_id, canvas_asset_id,
      canvas_asset_page_index, user_id, user_name, comment, path, is_private, status, inactive_reason, metadata,
      x, y, video_time, text_content_before, text_content_after, screenshot_url, after_screenshot_url,
      created_at, updated_at)
      values (${id}, ${s.CanvasId}, ${s.CanvasRevisionId}, ${s.CanvasAssetId}, ${s.canvasAssetPageIndex},
        ${user.id}, ${user.name}, ${s.comment}, ${s.path}, ${isPrivate}, ${s.status}, ${s.inactiveReason},
        ${JSON.stringify(s.metadata)}::jsonb, ${s.x}, ${s.y}, ${s.videoTime}, ${s.textContentBefore},
        ${s.textContentAfter}, ${s.screenshotUrl}, ${s.afterScreenshotUrl}, ${s.createdAt}, ${s.updatedAt})
      returning id as annotation_id)`
    await runWriteStatement(context.database.db, {
      ctes: [insert, ...attachmentCtes(files, user.id, null)],
      canvasId: canvas.canvas.id,
      activityAt: context.now(),
      answer: attachmentAnswer(files),
      events: [
        {
          type: 'annotation.created',
          canvasId: canvas.canvas.id,
          annotationId: id,
          actorUserId: user.id,
          isPrivate,
          data: { annotationId: id, annotation: snapshot, ...feedTexts('comment', user.name, isPrivate) },
        },
        ...planned.events,
      ],
    })
    mails = planned.mails
    // A new annotation has no replies yet: the event's snapshot is the whole answer.
    return { ...snapshot, AnnotationReplies: [] }
  })
  // A pin whose picture is on its way holds its mention e-mails until the picture can go with them (decision 055).
  if (body.screenshotPending) await holdMentionEmails(context, created.id, mails)
  else await sendMentionEmails(context, mails)
  return created
}
