/**
 * A canvas's feed events commit in id order (decision 053): clients resume by id and skip ids below the
 * last one they applied, so an older id committed after a newer one is lost for them. Real PostgreSQL,
 * two real transactions on one canvas.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { buildCanvas, buildTeam, createTestDatabase, type TestDatabase } from '@pinpoint/db/testing'
import { sql } from 'drizzle-orm'
import { recordEvent } from './service'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database?.dispose()
})

/** Waits (bounded) until some other session of this database waits for a lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const rows = await database.handle.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if ((rows[0]?.n ?? 0) > 0) return
    await Bun.sleep(25)
  }
  throw new Error('the second writer never waited for the first')
}

test('a second writer on the same canvas draws its event id only after the first commits', async () => {
  if (!database.url) throw new Error('this test needs PostgreSQL (two concurrent transactions)')
  const { owner } = await buildTeam(database.db)
  const { canvas } = await buildCanvas(database.db, { user: owner })
  const feed = (n: number) => ({ type: 'annotation.created', canvasId: canvas.id, data: { n } })

  let releaseFirst: () => void = () => {}
  const firstMayCommit = new Promise<void>((resolve) => {
    releaseFirst = resolve
  })
  let firstRecorded: () => void = () => {}
  const firstHasRecorded = new Promise<void>((resolve) => {
    firstRecorded = resolve
  })
  const firstIds: number[] = []
  const first = database.db.transaction(async (tx) => {
    firstIds.push((await recordEvent(tx, feed(1))).id)
    firstRecorded()
    await firstMayCommit
    // The first writer records again while the second one waits: with ids drawn before the canvas lock,
    // the second writer would already hold a lower id than this one and commit after it.
    firstIds.push((await recordEvent(tx, feed(2))).id)
  })
  await firstHasRecorded
  const second = database.db.transaction(async (tx) => (await recordEvent(tx, feed(3))).id)
  await someoneWaitsForALock()
  releaseFirst()
  await first
  const secondId = await second

  // Commit order: the first transaction, then the second; the ids must ascend in that order.
  expect(secondId).toBeGreaterThan(Math.max(...firstIds))
})
