/**
 * What a reconnecting client missed, read from the events table in id order. The same privacy split as
 * the topics: a canvas replay includes private events only for a viewer granted the team topic.
 */
import { type DbOrTx, events } from '@pinpoint/db'
import { and, asc, eq, gt, isNull, max, sql } from 'drizzle-orm'
import type { EventRow } from './connection'

/** At most this many events are replayed; beyond it the client is told to reload (`resync`). */
export const REPLAY_LIMIT = 1000

export interface ReplayResult {
  rows: EventRow[]
  /** More than REPLAY_LIMIT were missed. */
  truncated: boolean
}

function cut(rows: EventRow[]): ReplayResult {
  return rows.length > REPLAY_LIMIT ? { rows: [], truncated: true } : { rows, truncated: false }
}

/** Canvas feed events after `afterId`: public ones, plus private ones when `includePrivate`. */
export async function replayCanvas(
  db: DbOrTx,
  canvasId: string,
  afterId: number,
  includePrivate: boolean,
): Promise<ReplayResult> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.canvasId, canvasId),
        isNull(events.userId),
        gt(events.id, afterId),
        includePrivate ? undefined : eq(events.isPrivate, false),
      ),
    )
    .orderBy(asc(events.id))
    .limit(REPLAY_LIMIT + 1)
  return cut(rows)
}

/** A user's own notifications after `afterId`. */
export async function replayNotifications(
  db: DbOrTx,
  userId: string,
  afterId: number,
): Promise<ReplayResult> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), gt(events.id, afterId)))
    .orderBy(asc(events.id))
    .limit(REPLAY_LIMIT + 1)
  return cut(rows)
}

/** The newest canvas feed event the viewer may see (0 when none): a first subscribe's starting point. */
export async function latestCanvasEventId(
  db: DbOrTx,
  canvasId: string,
  includePrivate: boolean,
): Promise<number> {
  const [row] = await db
    .select({ id: max(events.id) })
    .from(events)
    .where(
      and(
        eq(events.canvasId, canvasId),
        isNull(events.userId),
        includePrivate ? undefined : eq(events.isPrivate, false),
      ),
    )
  return row?.id ?? 0
}

/** At most this many events are caught up after the bus was down; beyond it every socket is told to resync. */
export const CATCH_UP_LIMIT = 10_000

/**
 * Every event created in the last `seconds` (by the database's clock; `created_at` is the writing
 * transaction's start), in id order: what a process may have missed while its LISTEN connection was down.
 */
export async function eventsCreatedWithin(db: DbOrTx, seconds: number): Promise<ReplayResult> {
  const rows = await db
    .select()
    .from(events)
    .where(gt(events.createdAt, sql`now() - make_interval(secs => ${seconds})`))
    .orderBy(asc(events.id))
    .limit(CATCH_UP_LIMIT + 1)
  return rows.length > CATCH_UP_LIMIT ? { rows: [], truncated: true } : { rows, truncated: false }
}
