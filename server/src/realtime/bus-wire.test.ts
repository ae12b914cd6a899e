/**
 * The bus has two encoders of event NOTIFYs: `encodeEvents(eventRefs(rows))` in TypeScript (events recorded
 * by a transaction) and `notifyEventRowsSql` in SQL (the fast write path's one statement). Listeners know
 * one decoder. Real PostgreSQL: events written by a write statement are heard through the bus, and each
 * decoded ref must be the one the TypeScript encoder makes of the stored row: same id, same topic, the same
 * frame (as JSON; PostgreSQL spaces its JSON text differently), and no frame where it is too large.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type Event, events } from '@pinpoint/db'
import { buildCanvas, buildUser } from '@pinpoint/db/testing'
import { asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { runWriteStatement } from '../modules/annotations/write-statement'
import { createTestContext } from '../testing/harness'
import { type EventRef, eventRefs, MAX_FRAME_BYTES } from './bus'

let context: AppContext
const heard: EventRef[] = []
let stopHearing: () => void = () => {}

beforeAll(async () => {
  context = await createTestContext()
  stopHearing = context.bus.onMessage((message) => {
    if (message.kind === 'events') heard.push(...message.events)
  })
  await context.bus.start()
})

afterAll(async () => {
  stopHearing()
  await context.bus.stop()
})

async function heardAll(ids: readonly number[]): Promise<Map<number, EventRef>> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const refs = new Map(heard.filter((ref) => ids.includes(ref[0])).map((ref) => [ref[0], ref]))
    if (refs.size === ids.length) return refs
    await Bun.sleep(10)
  }
  throw new Error('the bus never heard every event of the write statement')
}

test('what the write statement NOTIFYs decodes to the refs the TypeScript encoder makes of the same rows', async () => {
  const db = context.database.db
  const user = await buildUser(db)
  const recipient = await buildUser(db)
  const { canvas } = await buildCanvas(db, { user })
  const feed = { canvasId: canvas.id, actorUserId: user.id }
  const large = 'x'.repeat(MAX_FRAME_BYTES)
  const answer = await runWriteStatement<{ done: boolean; notified: number }>(db, {
    ctes: [sql`g as (select 1 as one)`],
    canvasId: canvas.id,
    events: [
      { ...feed, type: 'annotation.created', annotationId: 'a1', data: { text: 'quoted "and" ünïcode' } },
      { ...feed, type: 'annotation.created', annotationId: 'a2', isPrivate: true, data: { text: 'team' } },
      { ...feed, type: 'notification.comment', userId: recipient.id, annotationId: 'a1', data: { t: 1 } },
      { ...feed, type: 'annotation.updated', annotationId: 'a3', data: { text: large } },
    ],
  })
  expect(answer).toMatchObject({ done: true, notified: 4 })
  const rows: Event[] = await db
    .select()
    .from(events)
    .where(eq(events.canvasId, canvas.id))
    .orderBy(asc(events.id))
  expect(rows).toHaveLength(4)
  const expected = eventRefs(rows)
  const decoded = await heardAll(expected.map((ref) => ref[0]))
  for (const [id, topic, frame] of expected) {
    const ref = decoded.get(id)
    expect(ref?.[1]).toBe(topic)
    if (frame === undefined) expect(ref?.[2]).toBeUndefined()
    else expect(JSON.parse(ref?.[2] ?? 'null')).toEqual(JSON.parse(frame))
  }
  // Every kind of ref took part: a public, a team and a user topic, and one too large to carry its frame.
  expect(expected.map(([, topic, frame]) => [topic, frame === undefined])).toEqual([
    [`canvas:${canvas.id}`, false],
    [`canvas:${canvas.id}:team`, false],
    [`user:${recipient.id}`, false],
    [`canvas:${canvas.id}`, true],
  ])
})
