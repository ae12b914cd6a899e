/**
 * A canvas's feed events commit in id order (decision 053): clients resume by id and skip ids below the
 * last one they applied, so an older id committed after a newer one is lost for them. Real PostgreSQL,
 * two real transactions on one canvas.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { buildCanvas, buildTeam, createTestDatabase, type TestDatabase } from '@pinpoint/db/testing'
import { feedEvent, holdCanvasLock, someoneWaitsForALock } from '../../testing/canvas-lock'
import { recordEvent } from './service'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database?.dispose()
})

test('a second writer on the same canvas draws its event id only after the first commits', async () => {
  if (!database.url) throw new Error('this test needs PostgreSQL (two concurrent transactions)')
  const { owner } = await buildTeam(database.db)
  const { canvas } = await buildCanvas(database.db, { user: owner })
  // The first writer records again while the second one waits (see holdCanvasLock): with ids drawn before
  // the canvas lock, the second writer would already hold a lower id than that one and commit after it.
  const first = await holdCanvasLock(database.db, canvas.id)
  const second = database.db.transaction(async (tx) => (await recordEvent(tx, feedEvent(canvas.id, 3))).id)
  await someoneWaitsForALock(database.handle, {
    attempts: 200,
    failure: 'the second writer never waited for the first',
  })
  first.release()
  await first.committed
  const secondId = await second

  // Commit order: the first transaction, then the second; the ids must ascend in that order.
  expect(secondId).toBeGreaterThan(Math.max(...first.ids))
})
