/**
 * Two writers on one canvas, for the tests of the feed's commit order (decision 053): a first writer that
 * records an event and then holds the canvas's `canvas_versions` row lock until the test releases it, and
 * a bounded wait until another session is blocked on a lock. Real PostgreSQL only (PGlite has one session).
 */
import type { DatabaseHandle, Db } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import { recordEvent } from '../modules/events/service'

/** A feed event of canvas `canvasId`; `n` tells the writers' events apart. */
export const feedEvent = (canvasId: string, n: number) => ({
  type: 'annotation.created',
  canvasId,
  data: { n },
})

/**
 * Waits until some other session of this database waits for a lock, polling every 25 ms `attempts` times;
 * then throws `failure` (each test says what it expected to be blocked).
 */
export async function someoneWaitsForALock(
  database: DatabaseHandle,
  { attempts, failure }: { attempts: number; failure: string },
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const rows = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if ((rows[0]?.n ?? 0) > 0) return
    await Bun.sleep(25)
  }
  throw new Error(failure)
}

export interface CanvasLockHolder {
  /** The event ids the first writer drew: one before `release()`, a second one after. */
  ids: number[]
  /** Lets the first writer record its second event and commit. */
  release(): void
  /** Settles when the first writer's transaction has committed (or failed). */
  committed: Promise<void>
}

/**
 * Starts the first writer and resolves once it has recorded its first event (so it holds the canvas lock).
 * After `release()` it records again before it commits: with ids drawn before the canvas lock, a writer
 * waiting meanwhile would already hold a lower id than this one and commit after it.
 */
export async function holdCanvasLock(db: Db, canvasId: string): Promise<CanvasLockHolder> {
  let release: () => void = () => {}
  const mayCommit = new Promise<void>((resolve) => {
    release = resolve
  })
  let recorded: () => void = () => {}
  const hasRecorded = new Promise<void>((resolve) => {
    recorded = resolve
  })
  const ids: number[] = []
  const committed = db.transaction(async (tx) => {
    ids.push((await recordEvent(tx, feedEvent(canvasId, 1))).id)
    recorded()
    await mayCommit
    ids.push((await recordEvent(tx, feedEvent(canvasId, 2))).id)
  })
  await Promise.race([hasRecorded, committed])
  return { ids, release, committed }
}
