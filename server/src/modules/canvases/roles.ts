/**
 * What an invited person's role allows (canvas_users.role). The owner and the owner's team reach a canvas
 * through the team and are not limited by a role; an invited viewer opens the canvas and reads its
 * comments but cannot add comments, replies or a review verdict. Commenters and editors can.
 */
import { type CanvasUserRole, canvasUsers, type DbOrTx } from '@pinpoint/db'
import { AppError } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import { can } from '../../policy'
import type { Actor } from '../auth/actor'
import type { CanvasRecord } from './access'

export const VIEWER_ONLY_MESSAGE =
  'You can view this canvas but not comment on it. Ask its owner to make you a commenter.'

/** The caller's invited role on a canvas, or null (not invited, or a member whose access is the team's). */
export async function invitedRoleOf(
  db: DbOrTx,
  actor: Actor,
  record: CanvasRecord,
): Promise<CanvasUserRole | null> {
  if (!actor.user || can(actor, 'canvas.access', record.domain)) return null
  const [row] = await db
    .select({ role: canvasUsers.role })
    .from(canvasUsers)
    .where(and(eq(canvasUsers.canvasId, record.canvas.id), eq(canvasUsers.userId, actor.user.id)))
    .limit(1)
  return row?.role ?? null
}

/** Refuses a new comment, reply or review verdict from an invited viewer (its role read here). */
export async function assertMayComment(db: DbOrTx, actor: Actor, record: CanvasRecord): Promise<void> {
  assertMayCommentWith(actor, record, await invitedRoleOf(db, actor, record))
}

/**
 * The rule itself, on a role read beforehand (the fast write path reads it with everything else, decision
 * 052): only an invited viewer is refused; the owner's team is never limited by an invitation's role.
 */
export function assertMayCommentWith(actor: Actor, record: CanvasRecord, role: string | null): void {
  if (actor.user && !can(actor, 'canvas.access', record.domain) && role === 'viewer') {
    throw new AppError(VIEWER_ONLY_MESSAGE, { name: 'ViewerOnly', status: 403 })
  }
}
