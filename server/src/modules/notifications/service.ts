/**
 * Notifications: events addressed to one user (user_id = recipient), with read state (read_at), delivered
 * live on the recipient's own topic and listed by the events endpoints.
 *
 * Privacy: a recipient is notified only when they may open the canvas AND see the comment (a private one
 * needs the private-comments permission), so no notification, e-mail or live frame carries a comment to
 * someone who could not read it in the app. Mentions additionally need the writer's plan to allow them
 * and reach only the canvas's members or invited users (a mention is not a way to e-mail strangers).
 * Who is notified is decided in plan.ts; this file loads the candidates inside the writing transaction.
 */
import { canvasUsers, type DbOrTx, users } from '@pinpoint/db'
import { and, eq, inArray } from 'drizzle-orm'
import { ACTOR_USER_WITH, type ActorUser, shapeActorUser } from '../auth/actor'
import type { CanvasRecord } from '../canvases/access'
import { recordEvents } from '../events/service'
import {
  type CommentActivityInput,
  type KnownUser,
  type MentionMail,
  mentionCandidateIds,
  type NotifyInput,
  planCommentActivity,
  planNotify,
} from './plan'
import type { NotificationType } from './texts'

export type { CommentRef, MentionMail, NotifyInput } from './plan'

/** Mention ids are alphanumeric (SPEC 3). Our ids are hex already; a hyphenated UUID drops its hyphens. */
export function mentionIdOf(userId: string): string {
  return userId.replaceAll('-', '')
}

export async function loadUsers(db: DbOrTx, ids: readonly string[]): Promise<ActorUser[]> {
  if (ids.length === 0) return []
  const rows = await db.query.users.findMany({
    where: inArray(users.id, [...new Set(ids)]),
    with: ACTOR_USER_WITH,
  })
  return rows.map(shapeActorUser)
}

/** The users of `ids` that exist, with their invitation to the canvas: what plan.ts decides on. */
export async function loadKnownUsers(
  db: DbOrTx,
  canvas: CanvasRecord,
  ids: readonly string[],
): Promise<Map<string, KnownUser>> {
  const found = await loadUsers(db, ids)
  const known = new Map<string, KnownUser>()
  if (found.length === 0) return known
  const invited = await db
    .select({ userId: canvasUsers.userId })
    .from(canvasUsers)
    .where(
      and(
        eq(canvasUsers.canvasId, canvas.canvas.id),
        inArray(
          canvasUsers.userId,
          found.map((user) => user.id),
        ),
      ),
    )
  const invitedIds = new Set(invited.map((row) => row.userId))
  for (const user of found) known.set(user.id, { user, invited: invitedIds.has(user.id) })
  return known
}

/** Records one notification per allowed recipient; returns the recipients notified, with their type. */
export async function notify(
  db: DbOrTx,
  input: NotifyInput,
): Promise<{ user: ActorUser; type: NotificationType }[]> {
  input.recipients.delete(input.actor.id)
  const known = await loadKnownUsers(db, input.canvas, [...input.recipients.keys()])
  const { allowed, events } = planNotify(known, input)
  await recordEvents(db, events)
  return allowed
}

/**
 * Notifications of an edit of a comment or reply: only mentions the edit added (plan.ts
 * `planCommentActivity`), on the candidates loaded here. New comments and replies decide theirs on the
 * facts of their one-statement write (decision 052). Returns the mention e-mails to send after commit.
 */
export async function notifyCommentActivity(
  db: DbOrTx,
  input: CommentActivityInput & { kind: 'edit' },
): Promise<MentionMail[]> {
  const candidates = input.mayMention ? mentionCandidateIds(input.comment.comment) : []
  const known = await loadKnownUsers(db, input.canvas, candidates)
  const { events, mails } = planCommentActivity(known, input)
  await recordEvents(db, events)
  return mails
}
