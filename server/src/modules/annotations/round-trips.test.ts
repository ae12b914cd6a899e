/**
 * The write path's budget (decision 052): a new comment, a new reply, a status change (resolving) and a
 * label put on or taken off each send at most 3 queries to PostgreSQL, permission read, event, version
 * bump, notifications and NOTIFY included. Counted at the driver: a second postgres.js client on the same
 * database with its `debug` hook, which runs for every query the client sends (BEGIN and COMMIT too).
 * The same counter on a change that still takes the transactional path shows it really counts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type DatabaseHandle, events, schema, teams, type User } from '@pinpoint/db'
import { buildLabel } from '@pinpoint/db/testing'
import { and, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import type { AppContext } from '../../context'
import { silentLogger } from '../../platform/logger'
import { createMailer } from '../../platform/mailer'
import { type Actor, loadActorUser } from '../auth/actor'
import { mentionIdOf } from '../notifications/service'
import { createReply } from '../replies/service'
import { addAnnotationLabel, removeAnnotationLabel } from './labels'
import { createAnnotation, updateAnnotation } from './service'
import { buildWorld, type World } from './test-world'

const BUDGET = 3

let w: World
let client: postgres.Sql
let sent: string[] = []
let counted: AppContext

beforeAll(async () => {
  w = await buildWorld()
  const url = w.context.config.databaseUrl
  if (!url) throw new Error('the round-trip test needs PostgreSQL')
  client = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query) => {
      sent.push(query)
    },
  })
  const db = drizzle(client, { schema })
  const database = { ...w.context.database, db, sql: client } as DatabaseHandle
  counted = {
    ...w.context,
    database,
    mailer: createMailer({ config: w.context.config, database, logger: silentLogger }),
  }
  // The connection's own setup (type lookups) happens once, before anything is counted.
  await client`select 1`
})

afterAll(async () => {
  await client?.end({ timeout: 5 })
})

async function actorOf(user: User): Promise<Actor> {
  const loaded = await loadActorUser(w.db, user.id)
  if (!loaded) throw new Error('no such user')
  return { user: loaded, via: 'session' }
}

/** Runs `work` and answers its result with the queries it sent. */
async function count<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  sent = []
  const result = await work()
  const queries = sent
  if (process.env.SHOW_QUERIES)
    console.log(
      queries.length,
      queries.map((q) => q.slice(0, 60).replace(/\s+/g, ' ')),
    )
  sent = []
  return { result, queries }
}

const mention = (user: User) => `@[${user.name}](user:${mentionIdOf(user.id)})`

describe('round trips of the write path', () => {
  test('a new comment, with its feed event, the owner notified, a mention and its e-mail: at most 3', async () => {
    const actor = await actorOf(w.member)
    const input = { context: counted, actor }
    const plain = await count(() =>
      createAnnotation(input, { CanvasId: w.canvas.id, comment: 'counted', x: 0.5, y: 0.25 }),
    )
    expect(plain.queries.length).toBeLessThanOrEqual(BUDGET)
    expect(plain.result).toMatchObject({ comment: 'counted', x: 0.5, y: 0.25, AnnotationReplies: [] })
    const mentioned = await count(() =>
      createAnnotation(input, { CanvasId: w.canvas.id, comment: `hello ${mention(w.admin)}` }),
    )
    expect(mentioned.queries.length).toBeLessThanOrEqual(BUDGET)
    // What the queries wrote is all there: the feed event, the owner's and the admin's notifications.
    const written = await w.db.select().from(events).where(eq(events.annotationId, mentioned.result.id))
    expect(written.map((event) => event.type).sort()).toEqual([
      'annotation.created',
      'notification.comment',
      'notification.mention',
    ])
  })

  test('a new reply: at most 3, and the annotation author is notified', async () => {
    const annotation = await createAnnotation(
      { context: w.context, actor: await actorOf(w.admin) },
      { CanvasId: w.canvas.id, comment: 'thread' },
    )
    const { result, queries } = await count(async () =>
      createReply({ context: counted, actor: await actorOf(w.member) }, annotation.id, {
        comment: 'a reply',
      }),
    )
    expect(queries.length).toBeLessThanOrEqual(BUDGET)
    expect(result).toMatchObject({ AnnotationId: annotation.id, comment: 'a reply' })
    const notes = await w.db
      .select()
      .from(events)
      .where(and(eq(events.userId, w.admin.id), eq(events.replyId, result.id)))
    expect(notes.map((event) => event.type)).toEqual(['notification.reply'])
  })

  test('a status change (resolving) and a label on and off: at most 3 each', async () => {
    const author = await actorOf(w.member)
    const annotation = await createAnnotation(
      { context: w.context, actor: author },
      { CanvasId: w.canvas.id, comment: 'to resolve' },
    )
    const actor = await actorOf(w.admin)
    const input = { context: counted, actor }
    const resolved = await count(() => updateAnnotation(input, annotation.id, { status: 'resolved' }))
    expect(resolved.queries.length).toBeLessThanOrEqual(BUDGET)
    expect(resolved.result.status).toBe('resolved')
    const [team] = await w.db
      .select()
      .from(teams)
      .where(eq(teams.id, w.owner.teamId ?? ''))
    const label = await buildLabel(w.db, { team })
    const added = await count(() => addAnnotationLabel(input, annotation.id, label.id))
    expect(added.queries.length).toBeLessThanOrEqual(BUDGET)
    expect(added.result.Labels.map((entry) => entry.id)).toEqual([label.id])
    const removed = await count(() => removeAnnotationLabel(input, annotation.id, label.id))
    expect(removed.queries.length).toBeLessThanOrEqual(BUDGET)
    expect(removed.result.Labels).toEqual([])
    const types = await w.db
      .select()
      .from(events)
      .where(eq(events.annotationId, annotation.id))
      .orderBy(events.id)
    expect(types.map((event) => event.type)).toEqual([
      'annotation.created',
      'notification.comment',
      'annotation.status-changed',
      'notification.status',
      'annotation.label-added',
      'annotation.label-removed',
    ])
  })

  test('the counter counts: an edit of the text still takes the transactional path, over budget', async () => {
    const actor = await actorOf(w.member)
    const annotation = await createAnnotation(
      { context: w.context, actor },
      { CanvasId: w.canvas.id, comment: 'before' },
    )
    const { queries } = await count(() =>
      updateAnnotation({ context: counted, actor }, annotation.id, { comment: 'after' }),
    )
    expect(queries[0]?.toLowerCase()).toContain('begin')
    expect(queries.length).toBeGreaterThan(BUDGET)
  })
})
