/**
 * The fast write path (decision 052) keeps the feed's commit order (decision 053): its one statement takes
 * the canvas's `canvas_versions` row lock BEFORE it draws event ids. A writer that drew its id first and
 * then waited for the lock would commit an older id after a newer one, and clients resuming by id would
 * skip it for good. Real PostgreSQL: a transaction holds the canvas lock while a new comment is posted.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { events } from '@pinpoint/db'
import { and, eq } from 'drizzle-orm'
import { holdCanvasLock, someoneWaitsForALock } from '../../testing/canvas-lock'
import { loadActorUser } from '../auth/actor'
import { createAnnotation } from './service'
import { buildWorld, type World } from './test-world'

let w: World

beforeAll(async () => {
  w = await buildWorld()
})

afterAll(async () => {})

test('a new comment posted while another writer holds the canvas draws its event id after that writer commits', async () => {
  if (!w.context.config.databaseUrl) throw new Error('this test needs PostgreSQL (two concurrent writers)')
  const first = await holdCanvasLock(w.db, w.canvas.id)
  const user = await loadActorUser(w.db, w.member.id)
  if (!user) throw new Error('no such user')
  const comment = createAnnotation(
    { context: w.context, actor: { user, via: 'session' } },
    { CanvasId: w.canvas.id, comment: 'posted while the canvas is locked' },
  )
  await someoneWaitsForALock(w.context.database, {
    attempts: 400,
    failure: 'the new comment never waited for the canvas lock',
  })
  first.release()
  await first.committed
  const annotation = await comment
  const [created] = await w.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.annotationId, annotation.id), eq(events.type, 'annotation.created')))
  expect(created?.id).toBeGreaterThan(Math.max(...first.ids))
})
