/**
 * Which guided tours a member has seen (SPEC 1: each shown once per user). Stored on the account, so a
 * tour finished on one device does not come back on another; guests keep theirs in their browser.
 */
import { users } from '@pinpoint/db'
import { isTourId, NotFound, type TourId } from '@pinpoint/domain'
import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import type { Actor } from '../auth/actor'
import { requireUser } from '../auth/plugin'

export type ToursSeen = Partial<Record<TourId, string>>

/** Only known tour ids with a timestamp: a stray key in the column never reaches a client. */
function clean(value: unknown): ToursSeen {
  const seen: ToursSeen = {}
  if (typeof value !== 'object' || value === null) return seen
  for (const [key, at] of Object.entries(value)) {
    if (isTourId(key) && typeof at === 'string') seen[key] = at
  }
  return seen
}

export async function listToursSeen(context: AppContext, actor: Actor): Promise<ToursSeen> {
  authorize(actor, 'tours.record', undefined, 'Guests keep their tours in their browser.')
  const user = requireUser(actor)
  const [row] = await context.database.db
    .select({ toursSeen: users.toursSeen })
    .from(users)
    .where(eq(users.id, user.id))
  return clean(row?.toursSeen)
}

/** Marks a tour as seen (finished or skipped); seeing it again keeps the first date. */
export async function markTourSeen(context: AppContext, actor: Actor, tour: string): Promise<ToursSeen> {
  authorize(actor, 'tours.record', undefined, 'Guests keep their tours in their browser.')
  const user = requireUser(actor)
  if (!isTourId(tour)) throw new NotFound('No such tour.')
  const at = context.now().toISOString()
  // One statement, so two tabs finishing two tours at once both land.
  const [row] = await context.database.db
    .update(users)
    .set({
      toursSeen: sql`jsonb_build_object(${tour}::text, ${at}::text) || ${users.toursSeen}`,
    })
    .where(eq(users.id, user.id))
    .returning({ toursSeen: users.toursSeen })
  return clean(row?.toursSeen)
}
