/**
 * Who is notified of a comment write, decided on facts read beforehand: the candidates as users with their
 * invitation to the canvas. The one place of these rules (mentions first, then the canvas owner, the
 * annotation's author and earlier repliers; each recipient only if they may open the canvas and read the
 * comment). The fast write path (decision 052) reads the candidates in its one statement; service.ts
 * `notify` and `notifyCommentActivity` load them inside their transaction.
 */
import { canAccessCanvas, canSeePrivateComments, mentionedUserIds } from '@pinpoint/domain'
import type { ActorUser } from '../auth/actor'
import { type CanvasRecord, mayViewWith } from '../canvases/access'
import type { RecordEventInput } from '../events/service'
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

export interface NotifyInput {
  canvas: CanvasRecord
  actor: ActorUser
  comment: CommentRef
  /** Recipient id -> notification type; the actor is skipped. */
  recipients: Map<string, NotificationType>
  status?: string
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

/** A possible recipient with their invitation to the canvas (canvas_users). */
export interface KnownUser {
  user: ActorUser
  invited: boolean
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

/** Every user id a text's mentions may stand for (what the write context reads as candidates). */
export function mentionCandidateIds(text: string | undefined): string[] {
  return mentionedUserIds(text).flatMap(userIdsOfMention)
}

/** Whether a user may read this comment in the app (canvas access, then private-comment rights). */
export function maySee(known: KnownUser, canvas: CanvasRecord, isPrivate: boolean): boolean {
  if (isPrivate && !canSeePrivateComments(known.user, canvas.domain)) return false
  return mayViewWith({ user: known.user, via: 'none' }, canvas, known.invited)
}

/** One notification event per allowed recipient. */
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

/** The recipients who may see the comment (never the actor, nor an unknown id): events and who gets them. */
export function planNotify(known: ReadonlyMap<string, KnownUser>, input: NotifyInput) {
  input.recipients.delete(input.actor.id)
  const allowed: { user: ActorUser; type: NotificationType }[] = []
  for (const [id, type] of input.recipients) {
    const candidate = known.get(id)
    if (candidate && maySee(candidate, input.canvas, input.comment.isPrivate))
      allowed.push({ user: candidate.user, type })
  }
  return { allowed, events: notificationEvents(input, allowed) }
}

/**
 * A new comment, a new reply or an edit: mentions first (a mentioned user gets the mention, not also the
 * generic one; only the canvas's members or invited users, never strangers), then the canvas owner of a new
 * comment, or the annotation's author, earlier repliers and the canvas owner of a new reply. Answers the
 * events to record and the mention e-mails to send after.
 */
export function planCommentActivity(
  known: ReadonlyMap<string, KnownUser>,
  input: CommentActivityInput & { repliers?: readonly string[] },
): { events: RecordEventInput[]; mails: MentionMail[] } {
  const { canvas, actor, comment } = input
  const recipients = new Map<string, NotificationType>()
  if (input.mayMention) {
    const before = new Set(mentionCandidateIds(input.previousText))
    for (const id of mentionCandidateIds(comment.comment)) {
      const candidate = known.get(id)
      if (before.has(id) || !candidate) continue
      if (canAccessCanvas(candidate.user, canvas.domain) || candidate.invited)
        recipients.set(candidate.user.id, 'notification.mention')
    }
  }
  const add = (id: string | null | undefined, type: NotificationType) => {
    if (id && !recipients.has(id)) recipients.set(id, type)
  }
  if (input.kind === 'comment') add(canvas.canvas.userId, 'notification.comment')
  if (input.kind === 'reply') {
    add(input.annotationAuthorId, 'notification.reply')
    for (const id of input.repliers ?? []) add(id, 'notification.reply')
    add(canvas.canvas.userId, 'notification.reply')
  }
  const { allowed, events } = planNotify(known, { canvas, actor, comment, recipients })
  const mails = allowed
    .filter(({ user, type }) => type === 'notification.mention' && user.emailOn)
    .map(({ user }) => ({ recipient: user, actorName: actor.name, canvas, comment }))
  return { events, mails }
}
