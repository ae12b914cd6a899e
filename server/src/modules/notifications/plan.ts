/**
 * The notifications of a comment write decided on facts read beforehand (the fast write path, decision
 * 052): the same rules as service.ts `notifyCommentActivity` and `notify` (mentions first, then the
 * canvas owner, the annotation's author and earlier repliers; each recipient only if they may open the
 * canvas and read the comment), without a query per recipient.
 */
import { canAccessCanvas, canSeePrivateComments, mentionedUserIds } from '@pinpoint/domain'
import type { ActorUser } from '../auth/actor'
import { type CanvasRecord, mayViewWith } from '../canvases/access'
import type { RecordEventInput } from '../events/service'
import {
  type CommentActivityInput,
  type MentionMail,
  type NotifyInput,
  notificationEvents,
  userIdsOfMention,
} from './service'
import type { NotificationType } from './texts'

/** A possible recipient with their invitation to the canvas (canvas_users). */
export interface KnownUser {
  user: ActorUser
  invited: boolean
}

/** Every user id a text's mentions may stand for (what the write context reads as candidates). */
export function mentionCandidateIds(text: string | undefined): string[] {
  return mentionedUserIds(text).flatMap(userIdsOfMention)
}

function maySee(known: KnownUser, canvas: CanvasRecord, isPrivate: boolean): boolean {
  if (isPrivate && !canSeePrivateComments(known.user, canvas.domain)) return false
  return mayViewWith({ user: known.user, via: 'none' }, canvas, known.invited)
}

/** `notify` on known users: the events to record and who gets them. */
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

/** `notifyCommentActivity` on known users: the events to record and the mention e-mails to send after. */
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
