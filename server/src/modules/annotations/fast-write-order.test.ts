/**
 * The fast write path (decision 052) keeps the feed's commit order (decision 053): its one statement takes
 * the canvas's `canvas_versions` row lock BEFORE it draws event ids. A writer that drew its id first and
 * then waited for the lock would commit an older id after a newer one, and clients resuming by id would
 * skip it for good. Real PostgreSQL: a transaction holds the canvas lock while a new comment is posted.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { events } from '@pinpoint/db'
import { and, eq, sql } from 'drizzle-orm'
import { loadActorUser } from '../auth/actor'
import { recordEvent } from '../events/service'
import { createAnnotation } from './service'
import { buildWorld, type World } from './test-world'

let w: World

beforeAll(async () => {
  w = await buildWorld()
})

afterAll(async () => {})

async function someoneWaitsForALock(): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const rows = await w.context.database.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if ((rows[0]?.n ?? 0) > 0) return
    await Bun.sleep(25)
  }
  throw new Error('the new comment never waited for the canvas lock')
}

test('a new comment posted while another writer holds the canvas draws its event id after that writer commits', async () => {
  if (!w.context.config.databaseUrl) throw new Error('this test needs PostgreSQL (two concurrent writers)')
  const feed = (n: number) => ({ type: 'annotation.created', canvasId: w.canvas.id, data: { n } })
  let releaseFirst: () => void = () => {}
  const firstMayCommit = new Promise<void>((resolve) => {
    releaseFirst = resolve
  })
  let firstRecorded: () => void = () => {}
  const firstHasRecorded = new Promise<void>((resolve) => {
    firstRecorded = resolve
  })
  const firstIds: number[] = []
  const first = w.db.transaction(async (tx) => {
    firstIds.push((await recordEvent(tx, feed(1))).id)
    firstRecorded()
    await firstMayCommit
    firstIds.push((await recordEvent(tx, feed(2))).id)
  })
  await firstHasRecorded
  const user = await loadActorUser(w.db, w.member.id)
  if (!user) throw new Error('no such user')
  const comment = createAnnotation(
    { context: w.context, actor: { user, via: 'session' } },
    { CanvasId: w.canvas.id, comment: 'posted while the canvas is locked' },
  )
  await someoneWaitsForALock()
  releaseFirst()
  await first
  const annotation = await comment
  const [created] = await w.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.annotationId, annotation.id), eq(events.type, 'annotation.created')))
  expect(created?.id).toBeGreaterThan(Math.max(...firstIds))
})
