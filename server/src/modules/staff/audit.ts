/**
 * The impersonation audit trail (decision 043): one row per impersonation, opened when a staff member
 * starts and closed when they stop, switch to someone else or log out. The log lines of decision 007 stay;
 * this is what outlives them.
 */
import { type DbOrTx, type ImpersonationEndReason, impersonations } from '@pinpoint/db'
import { and, eq, isNull } from 'drizzle-orm'

export interface ImpersonationStart {
  staff: { id: string; email: string }
  target: { id: string; email: string; name: string }
  sessionId: string
  now: Date
  ip?: string | null
  userAgent?: string | null
}

/** Closes what the session had open (a switch), then opens the new row. */
export async function recordImpersonationStart(db: DbOrTx, start: ImpersonationStart): Promise<void> {
  await closeImpersonations(db, start.sessionId, 'switched', start.now)
  await db.insert(impersonations).values({
    staffUserId: start.staff.id,
    staffEmail: start.staff.email,
    targetUserId: start.target.id,
    targetEmail: start.target.email,
    targetName: start.target.name,
    sessionId: start.sessionId,
    startedAt: start.now,
    ip: start.ip ?? null,
    userAgent: start.userAgent?.slice(0, 500) ?? null,
  })
}

/** Ends the open impersonation of a session, if any. */
export async function closeImpersonations(
  db: DbOrTx,
  sessionId: string,
  reason: ImpersonationEndReason,
  now: Date,
): Promise<void> {
  await db
    .update(impersonations)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(impersonations.sessionId, sessionId), isNull(impersonations.endedAt)))
}
