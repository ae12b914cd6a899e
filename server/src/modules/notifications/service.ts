/**
 * Notifications: events addressed to one user (user_id = recipient), with read state (read_at), delivered
 * live on the recipient's own topic and listed by the events endpoints.
 *
 * Privacy: a recipient is notified only when they may open the canvas AND see the comment (a private one
 * needs the private-comments permission), so no notification, e-mail or live frame carries a comment to
 * someone who could not read it in the app. Mentions additionally need the writer's plan to allow them
 * and reach only the canvas's members or invited users (a mention is not a way to e-mail strangers).
 */
import { annotationReplies, type DbOrTx, users } from '@pinpoint/db'
import { canAccessCanvas, canSeePrivateComments, mentionedUserIds } from '@pinpoint/domain'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { ACTOR_USER_WITH, type ActorUser, shapeActorUser } from '../auth/actor'
import { type CanvasRecord, isCanvasUser, mayViewCanvas } from '../canvases/access'
import { type RecordEventInput, recordEvents } from '../events/service'
import { type NotificationType, notificationSentence, plainExcerpt } from './texts'

export interface CommentRef {
  annotationId: string
  replyId?: string | null
  /** The annotation's or reply's own flag, or its annotation's: a reply of a private annotation is private. */
  isPrivate: boolean
  comment: string
}

/** An e-mail to send after commit: someone was mentioned. */
export interface MentionMail {
  recipient: ActorUser
  actorName: string
  canvas: CanvasRecord
  comment: CommentRef
  /** Storage key and type of the comment's screenshot, shown in the e-mail (decision 055). */
  screenshotKey?: string | null
  screenshotType?: string
}

/** Mention ids are alphanumeric (SPEC 3). Our ids are hex already; a hyphenated UUID drops its hyphens. */
export function mentionIdOf(userId: string): string {
  return userId.replaceAll('-', '')
}

/** The user ids a mention id may stand for: itself, and the hyphenated form of a 32-hex UUID. */
export function userIdsOfMention(mentionId: string): string[] {
  const hex = mentionId.toLowerCase()
  if (!/^[0-9a-f]{32}$/.test(hex)) return [mentionId]
  return [
    mentionId,
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  ]
}

export async function loadUsers(db: DbOrTx, ids: readonly string[]): Promise<ActorUser[]> {
  if (ids.length === 0) return []
  const rows = await db.query.users.findMany({
    where: inArray(users.id, [...new Set(ids)]),
    with: ACTOR_USER_WITH,
  })
  return rows.map(shapeActorUser)
}

/** Whether `user` may read this comment in the app (canvas access, then private-comment rights). */
export async function maySeeComment(db: DbOrTx, user: ActorUser, canvas: CanvasRecord, isPrivate: boolean) {
  if (isPrivate && !canSeePrivateComments(user, canvas.domain)) return false
  return mayViewCanvas(db, { user, via: 'none' }, canvas)
}

export interface NotifyInput {
  canvas: CanvasRecord
  actor: ActorUser
  comment: CommentRef
  /** Recipient id -> notification type; the actor is skipped. */
  recipients: Map<string, NotificationType>
  status?: string
}

/** Records one notification per allowed recipient; returns the recipients notified, with their type. */
export async function notify(
  db: DbOrTx,
  input: NotifyInput,
): Promise<{ user: ActorUser; type: NotificationType }[]> {
  const { canvas, actor, comment } = input
  input.recipients.delete(actor.id)
  const candidates = await loadUsers(db, [...input.recipients.keys()])
  const allowed: { user: ActorUser; type: NotificationType }[] = []
  for (const user of candidates) {
    const type = input.recipients.get(user.id)
    if (type && (await maySeeComment(db, user, canvas, comment.isPrivate))) allowed.push({ user, type })
  }
  await recordEvents(db, notificationEvents(input, allowed))
  return allowed
}

/** One notification event per allowed recipient (shared with the fast write path, notifications/plan.ts). */
export function notificationEvents(
  input: NotifyInput,
  allowed: readonly { user: ActorUser; type: NotificationType }[],
): RecordEventInput[] {
  const { canvas, actor, comment } = input
  return allowed.map(({ user, type }) => ({
    type,
    userId: user.id,
    canvasId: canvas.canvas.id,
    annotationId: comment.annotationId,
    replyId: comment.replyId ?? null,
    actorUserId: actor.id,
    isPrivate: comment.isPrivate,
    data: {
      text: notificationSentence(type, { actorName: actor.name, status: input.status }),
      annotationId: comment.annotationId,
      replyId: comment.replyId ?? undefined,
      canvasId: canvas.canvas.id,
      subdomain: canvas.canvas.subdomain,
      canvasTitle: canvas.canvas.title,
      actorId: actor.id,
      actorName: actor.name,
      isPrivate: comment.isPrivate,
      comment: plainExcerpt(comment.comment),
      status: input.status,
    },
  }))
}

/** Mentioned users the writer may notify: members of the canvas or users it was shared with. */
async function mentionRecipients(
  db: DbOrTx,
  canvas: CanvasRecord,
  text: string,
  previous?: string,
): Promise<string[]> {
  const before = new Set(mentionedUserIds(previous).flatMap(userIdsOfMention))
  const ids = mentionedUserIds(text)
    .flatMap(userIdsOfMention)
    .filter((id) => !before.has(id))
  const found = await loadUsers(db, ids)
  const recipients: string[] = []
  for (const user of found) {
    if (canAccessCanvas(user, canvas.domain) || (await isCanvasUser(db, canvas.canvas.id, user.id)))
      recipients.push(user.id)
  }
  return recipients
}

export interface CommentActivityInput {
  kind: 'comment' | 'reply' | 'edit'
  canvas: CanvasRecord
  actor: ActorUser
  comment: CommentRef
  /** Author of the annotation (reply notifications). */
  annotationAuthorId?: string | null
  /** The writer's plan allows mentions (policy `comment.mention`). */
  mayMention: boolean
  /** The text before an edit: only mentions added by the edit notify. */
  previousText?: string
}

/**
 * Notifications for a new comment, a new reply or an edit: mentions first (a mentioned user gets the
 * mention, not also the generic one), then the canvas owner of a new comment, or the annotation's author,
 * earlier repliers and the canvas owner of a new reply. Returns the mention e-mails to send after commit.
 */
export async function notifyCommentActivity(db: DbOrTx, input: CommentActivityInput): Promise<MentionMail[]> {
  const { canvas, actor, comment } = input
  const recipients = new Map<string, NotificationType>()
  const mentioned = input.mayMention
    ? await mentionRecipients(db, canvas, comment.comment, input.previousText)
    : []
  for (const id of mentioned) recipients.set(id, 'notification.mention')
  const add = (id: string | null | undefined, type: NotificationType) => {
    if (id && !recipients.has(id)) recipients.set(id, type)
  }
  if (input.kind === 'comment') add(canvas.canvas.userId, 'notification.comment')
  if (input.kind === 'reply') {
    add(input.annotationAuthorId, 'notification.reply')
    const earlier = await db
      .selectDistinct({ userId: annotationReplies.userId })
      .from(annotationReplies)
      .where(
        and(eq(annotationReplies.annotationId, comment.annotationId), isNotNull(annotationReplies.userId)),
      )
    for (const { userId } of earlier) add(userId, 'notification.reply')
    add(canvas.canvas.userId, 'notification.reply')
  }
  const notified = await notify(db, { canvas, actor, comment, recipients })
  return notified
    .filter(({ user, type }) => type === 'notification.mention' && user.emailOn)
    .map(({ user }) => ({ recipient: user, actorName: actor.name, canvas, comment }))
}
