/**
 * What comment calls send over the real-time channel: creates, updates, status changes, labels, replies,
 * deletes, the actor's and others' texts, own notifications; and the reconnect acceptance test (20
 * comments made while disconnected arrive, in order, exactly once).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { teams } from '@pinpoint/db'
import { buildLabel } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { TestSocket } from '../../realtime/test-socket'
import type { AnnotationJson } from './json-sql'
import { buildWorld, sessionToken, type World } from './test-world'

let w: World
let baseUrl: string
let stop: () => Promise<void>
const sockets: TestSocket[] = []

async function open(user: World['member']) {
  const socket = await TestSocket.open(baseUrl, { sessionToken: await sessionToken(w.db, user) })
  sockets.push(socket)
  return socket
}

async function subscribe(socket: TestSocket, lastEventId?: number) {
  return socket.request(
    { type: 'subscribe', canvasId: w.canvas.id, lastEventId },
    (f) => f.type === 'subscribed',
  )
}

async function createComment(text: string) {
  const res = await (await w.as(w.member)).post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
    CanvasId: w.canvas.id,
    comment: text,
  })
  expect(res.status).toBe(200)
  return res.body.annotation
}

beforeAll(async () => {
  w = await buildWorld()
  const app = w.app.listen({ port: 0, hostname: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${app.server?.port}`
  stop = async () => {
    await app.stop()
  }
})

afterAll(async () => {
  for (const socket of sockets) await socket.close()
  await stop()
})

describe('comment events on the canvas topic', () => {
  test('create, update, status, label, reply and delete arrive in order with snapshots and texts', async () => {
    const watcher = await open(w.admin)
    await subscribe(watcher)
    const ownerInbox = await open(w.owner)
    const a = await createComment('live one')
    const member = await w.as(w.member)
    await member.put(`/api/v1/annotations/${a.id}`, { comment: 'live one, edited' })
    await member.put(`/api/v1/annotations/${a.id}`, { status: 'resolved' })
    const [team] = await w.db
      .select()
      .from(teams)
      .where(eq(teams.id, w.member.teamId ?? ''))
    if (!team) throw new Error('no team')
    const label = await buildLabel(w.db, { team })
    await member.post(`/api/v1/annotations/${a.id}/labels/${label.id}`)
    const reply = await member.post<{ reply: { id: string } }>(`/api/v1/annotations/${a.id}/replies`, {
      comment: 'a reply',
    })
    await member.delete(`/api/v1/annotations/${a.id}`)
    await watcher.next((f) => f.type === 'event' && f.event.type === 'annotation.deleted', 3000, true)
    const mine = watcher.events().filter((event) => event.annotationId === a.id)
    expect(mine.map((event) => event.type)).toEqual([
      'annotation.created',
      'annotation.updated',
      'annotation.status-changed',
      'annotation.label-added',
      'reply.created',
      'annotation.deleted',
    ])
    expect(mine[0]?.data).toMatchObject({
      annotation: { id: a.id, comment: 'live one' },
      text: `${w.member.name} left a new comment`,
      selfText: 'You left a comment',
    })
    expect(mine[2]?.data).toMatchObject({
      oldStatus: 'active',
      newStatus: 'resolved',
      annotation: { status: 'resolved' },
    })
    expect(mine[4]).toMatchObject({
      replyId: reply.body.reply.id,
      data: { reply: { comment: 'a reply' }, text: `${w.member.name} replied to a comment` },
    })
    const note = await ownerInbox.next(
      (f) => f.type === 'notification' && f.notification.annotationId === a.id,
      3000,
      true,
    )
    expect(note).toMatchObject({
      notification: {
        type: 'notification.comment',
        read: false,
        data: { text: `${w.member.name} left a new comment` },
      },
    })
  })
})

describe('reconnect', () => {
  test('20 comments made while disconnected arrive in order, exactly once', async () => {
    const first = await open(w.admin)
    await subscribe(first)
    const marker = await createComment('before the drop')
    const seen = await first.next((f) => f.type === 'event' && f.event.annotationId === marker.id, 3000, true)
    const lastEventId = seen.type === 'event' ? seen.event.id : 0
    await first.close()

    const missed: string[] = []
    for (let i = 0; i < 20; i++) missed.push((await createComment(`missed ${i}`)).id)
    const again = await open(w.admin)
    const subscribed = await subscribe(again, lastEventId)
    // Made right after reconnecting: live, once, after the replay.
    const after = await createComment('after the reconnect')
    await again.next((f) => f.type === 'event' && f.event.annotationId === after.id, 3000, true)
    await Bun.sleep(100)
    expect(subscribed).toMatchObject({ replayed: 20 })
    expect(again.events('annotation.created').map((event) => event.annotationId)).toEqual([
      ...missed,
      after.id,
    ])
  })
})
