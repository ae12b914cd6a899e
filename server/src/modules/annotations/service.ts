/**
 * Creating, changing and deleting annotations. Each change runs in one transaction with its feed event
 * and notifications (which NOTIFY on commit); mention e-mails and file deletions happen after commit.
 */
import { type Annotation, annotations, canvasAssets, type DbOrTx, type NewAnnotation } from '@pinpoint/db'
import { Forbidden, placeComment } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize, can } from '../../policy'
import type { Actor } from '../auth/actor'
import { requireUser } from '../auth/plugin'
import { assertCanvasWritable } from '../canvases/access'
import { inTransaction } from '../canvases/transaction'
import { sendMentionEmails } from '../notifications/mention-email'
import { type MentionMail, notify, notifyCommentActivity } from '../notifications/service'
import { screenshotKeyOf } from '../screenshots/paths'
import { attachmentKeysOfAnnotation, linkAttachments } from './attachments'
import type { CommentCanvas } from './canvas-access'
import { changeStatusFast, isStatusOnly } from './fast-change'
import { createAnnotationFast } from './fast-create'
import { annotationSnapshot, recordAnnotationEvent, recordPrivacyChange } from './feed'
import type { AnnotationJson } from './json-sql'
import { type LoadInput, loadAnnotation } from './load'
import type { CreateAnnotationBody, UpdateAnnotationBody } from './model'

export interface CallInput {
  context: AppContext
  actor: Actor
  request?: Request
}

const PRIVATE_FORBIDDEN = "Private comments are for members of the canvas owner's team on a team plan."

/** The revision an asset moves a comment to (placeComment), on the asset as this transaction reads it. */
async function placementOfAsset(db: DbOrTx, canvas: CommentCanvas, assetId: string) {
  const [asset] = await db
    .select({ revisionId: canvasAssets.canvasRevisionId })
    .from(canvasAssets)
    .where(and(eq(canvasAssets.id, assetId), eq(canvasAssets.canvasId, canvas.canvas.id)))
  return placeComment({
    assetId,
    asset: asset ?? null,
    // No revision is named: the asset's own is the place.
    revisionOnCanvas: false,
    currentRevisionId: canvas.canvas.currentRevisionId,
  })
}

/**
 * A new comment: two round trips (decision 052, fast-create.ts), the rules of the canvas, the placement,
 * the files and the notifications decided on one read, everything written in one statement.
 */
export function createAnnotation(input: CallInput, body: CreateAnnotationBody): Promise<AnnotationJson> {
  return createAnnotationFast(input, body)
}

const CONTENT_KEYS = [
  'comment',
  'path',
  'isPrivate',
  'metadata',
  'x',
  'y',
  'videoTime',
  'CanvasAssetId',
  'canvasAssetPageIndex',
  'textContentBefore',
  'textContentAfter',
  'screenshotUrl',
  'afterScreenshotUrl',
  'fileAttachmentIds',
] as const satisfies readonly (keyof UpdateAnnotationBody)[]

/** Checks each kind of change against its own rule (author edits, status, inactive reason, privacy). */
function authorizeUpdate(
  actor: Actor,
  loaded: { annotation: Annotation; canvas: CommentCanvas },
  body: UpdateAnnotationBody,
  now: Date,
) {
  const subject = { canvas: loaded.canvas.domain, comment: loaded.annotation }
  const editsContent = CONTENT_KEYS.some((key) => body[key] !== undefined)
  if (editsContent) {
    authorize(actor, 'comment.edit', subject, 'Only the author can edit this comment.')
    assertCanvasWritable(loaded.canvas, actor.user, now)
  }
  if (body.status !== undefined && body.status !== loaded.annotation.status) {
    authorize(
      actor,
      'comment.changeStatus',
      subject,
      "Only the author or the canvas's team can change the status.",
    )
  }
  if (body.inactiveReason !== undefined && body.inactiveReason !== loaded.annotation.inactiveReason) {
    authorize(
      actor,
      'comment.setInactiveReason',
      loaded.canvas.domain,
      "Only the canvas's team can hide pins.",
    )
  }
  if (
    body.isPrivate === true &&
    !loaded.annotation.isPrivate &&
    !can(actor, 'comment.private', loaded.canvas.domain)
  ) {
    throw new Forbidden(PRIVATE_FORBIDDEN)
  }
}

export async function updateAnnotation(
  input: CallInput,
  annotationId: string,
  body: UpdateAnnotationBody,
): Promise<AnnotationJson> {
  // A status alone (resolving, moving through the workflow) takes the two-round-trip path (decision 052).
  if (isStatusOnly(body) && body.status !== undefined)
    return changeStatusFast(input, annotationId, body.status)
  const { context, actor } = input
  const user = requireUser(actor)
  let mails: MentionMail[] = []
  const updated = await inTransaction(context.database.db, async (tx) => {
    const load: LoadInput = { ...input, db: tx, lock: true }
    const { annotation: before, canvas } = await loadAnnotation(load, annotationId)
    authorizeUpdate(actor, { annotation: before, canvas }, body, context.now())
    const { fileAttachmentIds, CanvasAssetId, ...fields } = body
    const changes: Partial<NewAnnotation> = { ...fields }
    // "Edited" is about the words: a new status, place or privacy does not mark a comment edited.
    if (
      (fields.comment !== undefined && fields.comment !== before.comment) ||
      (fields.textContentAfter !== undefined && fields.textContentAfter !== before.textContentAfter)
    )
      changes.editedAt = context.now()
    if (CanvasAssetId !== undefined) {
      changes.canvasAssetId = CanvasAssetId
      if (CanvasAssetId) changes.canvasRevisionId = await placementOfAsset(tx, canvas, CanvasAssetId)
    }
    const [after] = Object.keys(changes).length
      ? await tx.update(annotations).set(changes).where(eq(annotations.id, before.id)).returning()
      : [before]
    if (!after) throw new Error('updating the annotation returned no row')
    await linkAttachments(tx, actor, fileAttachmentIds, { annotationId: after.id })
    const changed = Object.keys(body).filter(
      (key) => key !== 'fileAttachmentIds' || (fileAttachmentIds?.length ?? 0) > 0,
    )
    const statusChanged = after.status !== before.status
    const event = {
      type: statusChanged ? 'annotation.status-changed' : 'annotation.updated',
      annotation: after,
      actorUserId: user.id,
      data: {
        changes: changed,
        ...(statusChanged ? { oldStatus: before.status, newStatus: after.status } : {}),
      },
    }
    if (after.isPrivate !== before.isPrivate)
      await recordPrivacyChange(tx, { ...event, nowPrivate: after.isPrivate })
    else await recordAnnotationEvent(tx, event)
    const comment = { annotationId: after.id, isPrivate: after.isPrivate, comment: after.comment }
    if (statusChanged && after.userId) {
      await notify(tx, {
        canvas,
        actor: user,
        comment,
        recipients: new Map([[after.userId, 'notification.status']]),
        status: after.status,
      })
    }
    if (body.comment !== undefined && body.comment !== before.comment) {
      mails = await notifyCommentActivity(tx, {
        kind: 'edit',
        canvas,
        actor: user,
        comment,
        mayMention: can(actor, 'comment.mention'),
        previousText: before.comment,
      })
    }
    return annotationSnapshot(tx, after.id, canvas.privateComments, true)
  })
  await sendMentionEmails(context, mails)
  if (!updated) throw new Error('the annotation could not be read back')
  return updated
}

export async function deleteAnnotation(input: CallInput, annotationId: string): Promise<void> {
  const { context, actor } = input
  requireUser(actor)
  const keys = await inTransaction(context.database.db, async (tx) => {
    const { annotation, canvas } = await loadAnnotation({ ...input, db: tx, lock: true }, annotationId)
    authorize(
      actor,
      'comment.delete',
      { canvas: canvas.domain, comment: annotation },
      'You can only delete your own comments.',
    )
    const storageKeys = [
      ...(await attachmentKeysOfAnnotation(tx, annotation.id)),
      // Its screenshots (decision 055) go with it.
      ...[annotation.screenshotUrl, annotation.afterScreenshotUrl]
        .map((url) => screenshotKeyOf(annotation.id, url))
        .filter((key): key is string => key !== null),
    ]
    await tx.delete(annotations).where(eq(annotations.id, annotation.id))
    await recordAnnotationEvent(tx, {
      type: 'annotation.deleted',
      annotation,
      actorUserId: actor.user?.id ?? null,
    })
    return storageKeys
  })
  await deleteStoredFiles(input.context, keys)
}

/** Best effort: a file left behind is only storage, never visible (its row is gone). */
export async function deleteStoredFiles(context: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await context.storage.delete(key).catch((error: unknown) => {
      context.logger.warn('attachment file not deleted', { key, error: String(error) })
    })
  }
}

export async function getAnnotation(input: CallInput, annotationId: string): Promise<AnnotationJson> {
  const { annotation, canvas } = await loadAnnotation(
    { ...input, db: input.context.database.db },
    annotationId,
  )
  const json = await annotationSnapshot(
    input.context.database.db,
    annotation.id,
    canvas.privateComments,
    true,
  )
  if (!json) throw new Error('the annotation could not be read')
  return json
}
