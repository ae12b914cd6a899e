/**
 * The real-time channel over a listening server and real PostgreSQL: authentication, validation, topics
 * and privacy, replay on reconnect, presence expiry. Events are recorded directly here; the annotation
 * tests cover the events the HTTP calls write.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { User } from '@pinpoint/db'
import { buildCanvas, buildTeam } from '@pinpoint/db/testing'
import { recordEvent } from '../modules/events/service'
import { realtimeHub } from '.'
import { buildRealtimeCast, startSocketServer } from './test-server'
import { TestSocket } from './test-socket'

const server = await startSocketServer()
const { baseUrl, db, context } = server
const { clock } = context
const { owner, member, guest } = await buildRealtimeCast(db)
const outsider = (await buildTeam(db, { plan: 'enterprise35peruser' })).owner
const canvas = (await buildCanvas(db, { user: owner })).canvas
afterAll(() => server.stop())

const open = (user?: User) => server.open(user)

async function subscribe(socket: TestSocket, canvasId: string, lastEventId?: number) {
  return socket.request(
    { type: 'subscribe', canvasId, lastEventId },
    (f) => f.type === 'subscribed' || f.type === 'error',
  )
}

describe('connecting', () => {
  test('a logged-in user gets ready with their id; an anonymous visitor with null', async () => {
    const mine = await open(member)
    expect(mine.frames[0]).toMatchObject({ type: 'ready', userId: member.id })
    const anonymous = await open()
    expect(anonymous.frames[0]).toMatchObject({ type: 'ready', userId: null })
  })

  test('a foreign Origin is refused before the upgrade', async () => {
    await expect(TestSocket.open(baseUrl, { origin: 'https://evil.example' })).rejects.toThrow()
  })

  test('bad messages answer an error frame and the socket keeps working', async () => {
    const socket = await open(member)
    const bad = [
      'not json',
      '[]',
      '{"type":"nope"}',
      '{"type":"subscribe"}',
      '{"type":"subscribe","canvasId":""}',
      '{"type":"subscribe","canvasId":"x","lastEventId":-1}',
    ]
    for (const message of bad) {
      const error = await socket.request(message, (f) => f.type === 'error')
      expect(error).toMatchObject({ type: 'error', error: 'ValidationFailed', status: 422 })
    }
    const pong = await socket.request({ type: 'ping', id: 7 }, (f) => f.type === 'pong')
    expect(pong).toMatchObject({ type: 'pong', id: 7 })
  })

  test('subscribing to a missing or foreign canvas is NotFound', async () => {
    const socket = await open(outsider)
    expect(await subscribe(socket, 'missing')).toMatchObject({
      type: 'error',
      error: 'NotFound',
      canvasId: 'missing',
    })
    const hidden = (await buildCanvas(db, { user: owner, visibility: 'only-team' })).canvas
    expect(await subscribe(socket, hidden.id)).toMatchObject({ type: 'error', error: 'NotFound' })
  })
})

describe('delivery and privacy', () => {
  test('public events reach every subscriber; private ones only team viewers', async () => {
    const team = await open(member)
    const visitor = await open(guest)
    const anonymous = await open()
    const foreign = await open(outsider)
    expect(await subscribe(team, canvas.id)).toMatchObject({ type: 'subscribed', private: true })
    expect(await subscribe(visitor, canvas.id)).toMatchObject({ type: 'subscribed', private: false })
    expect(await subscribe(anonymous, canvas.id)).toMatchObject({ type: 'subscribed', private: false })
    expect(await subscribe(foreign, canvas.id)).toMatchObject({ type: 'subscribed', private: false })

    await recordEvent(db, {
      type: 'test.private',
      canvasId: canvas.id,
      isPrivate: true,
      data: { secret: 'PRIVATE-X' },
    })
    const pub = await recordEvent(db, { type: 'test.public', canvasId: canvas.id, data: { text: 'hello' } })
    for (const socket of [team, visitor, anonymous, foreign]) {
      await socket.next((f) => f.type === 'event' && f.event.id === pub.id, 3000, true)
    }
    expect(team.events('test.private')).toHaveLength(1)
    for (const socket of [visitor, anonymous, foreign]) {
      expect(JSON.stringify(socket.frames)).not.toContain('PRIVATE-X')
    }
  })

  test('notifications reach only their recipient', async () => {
    const mine = await open(member)
    const other = await open(owner)
    const row = await recordEvent(db, {
      type: 'notification.test',
      userId: member.id,
      data: { text: 'for you' },
    })
    const frame = await mine.next((f) => f.type === 'notification', 3000, true)
    expect(frame).toMatchObject({ notification: { id: row.id, read: false, data: { text: 'for you' } } })
    await Bun.sleep(100)
    expect(other.notifications()).toHaveLength(0)
  })
})

describe('reconnect', () => {
  test('a client that missed 20 events gets all 20, in order, exactly once', async () => {
    const first = await open(member)
    await subscribe(first, canvas.id)
    const marker = await recordEvent(db, { type: 'test.marker', canvasId: canvas.id })
    await first.next((f) => f.type === 'event' && f.event.id === marker.id, 3000, true)
    await first.close()

    const missed: number[] = []
    for (let i = 0; i < 20; i++) {
      missed.push((await recordEvent(db, { type: 'test.missed', canvasId: canvas.id, data: { i } })).id)
    }
    const again = await open(member)
    const subscribed = await subscribe(again, canvas.id, marker.id)
    expect(subscribed).toMatchObject({ type: 'subscribed', replayed: 20 })
    // Events made right after the reconnect arrive live, once, after the replay.
    const live = await recordEvent(db, { type: 'test.missed', canvasId: canvas.id, data: { i: 20 } })
    await again.next((f) => f.type === 'event' && f.event.id === live.id, 3000, true)
    await Bun.sleep(100)
    const ids = again.events('test.missed').map((event) => event.id)
    expect(ids).toEqual([...missed, live.id])
  })

  test('replay while events keep coming: none lost, none doubled', async () => {
    const watcher = await open(member)
    await subscribe(watcher, canvas.id)
    const start = await recordEvent(db, { type: 'test.start', canvasId: canvas.id })
    await watcher.next((f) => f.type === 'event' && f.event.id === start.id, 3000, true)

    const writes = (async () => {
      const ids: number[] = []
      for (let i = 0; i < 40; i++)
        ids.push((await recordEvent(db, { type: 'test.race', canvasId: canvas.id })).id)
      return ids
    })()
    const late = await open(member)
    await Bun.sleep(5)
    await subscribe(late, canvas.id, start.id)
    const ids = await writes
    const last = ids.at(-1)
    await late.next((f) => f.type === 'event' && f.event.id === last, 3000, true)
    await Bun.sleep(100)
    expect(late.events('test.race').map((event) => event.id)).toEqual(ids)
  })

  test('a replay for a guest leaves out private events', async () => {
    const before = await recordEvent(db, { type: 'test.before', canvasId: canvas.id })
    await recordEvent(db, {
      type: 'test.private',
      canvasId: canvas.id,
      isPrivate: true,
      data: { secret: 'PRIVATE-R' },
    })
    await recordEvent(db, { type: 'test.after', canvasId: canvas.id })
    const visitor = await open(guest)
    expect(await subscribe(visitor, canvas.id, before.id)).toMatchObject({ replayed: 1 })
    expect(JSON.stringify(visitor.frames)).not.toContain('PRIVATE-R')
  })

  test('missed notifications are replayed on notifications.subscribe', async () => {
    const a = await recordEvent(db, { type: 'notification.test', userId: owner.id })
    const b = await recordEvent(db, { type: 'notification.test', userId: owner.id })
    const socket = await open(owner)
    const done = await socket.request(
      { type: 'notifications.subscribe', lastEventId: a.id - 1 },
      (f) => f.type === 'notifications.subscribed',
    )
    expect(done).toMatchObject({ replayed: 2 })
    expect(socket.notifications().map((n) => n.id)).toEqual([a.id, b.id])
  })
})

describe('presence', () => {
  test('viewers appear on subscribe and disappear 30 s after their last refresh', async () => {
    const presenceCanvas = (await buildCanvas(db, { user: owner })).canvas
    const watcher = await open(owner)
    const viewer = await open(member)
    await subscribe(watcher, presenceCanvas.id)
    const joined = watcher.next((f) => f.type === 'presence' && f.viewers.some((v) => v.userId === member.id))
    await subscribe(viewer, presenceCanvas.id)
    await joined

    clock.advance(20_000)
    viewer.send({ type: 'presence.refresh', canvasId: presenceCanvas.id })
    await Bun.sleep(100)
    clock.advance(20_000)
    realtimeHub(context).sweepPresence()
    await Bun.sleep(50)
    const last = watcher.frames.filter((f) => f.type === 'presence').at(-1)
    expect(last?.type === 'presence' && last.viewers.map((v) => v.userId)).toContain(member.id)

    const gone = watcher.next((f) => f.type === 'presence' && !f.viewers.some((v) => v.userId === member.id))
    clock.advance(11_000)
    realtimeHub(context).sweepPresence()
    await gone
    clock.reset()
  })

  test('refreshing presence on a canvas not subscribed is an error frame', async () => {
    const socket = await open(member)
    const error = await socket.request(
      { type: 'presence.refresh', canvasId: canvas.id },
      (f) => f.type === 'error',
    )
    expect(error).toMatchObject({ error: 'NotFound' })
  })
})

describe('limits', () => {
  test('a message over 64 kB closes the socket; the server keeps serving others', async () => {
    const big = await open(member)
    const closed = new Promise<number>((resolve) =>
      big.ws.addEventListener('close', (event) => resolve(event.code)),
    )
    big.send(JSON.stringify({ type: 'ping', id: 'x'.repeat(70 * 1024) }))
    expect(await closed).toBe(1009)
    const other = await open(member)
    expect(await other.request({ type: 'ping' }, (f) => f.type === 'pong')).toMatchObject({ type: 'pong' })
  })

  test('a flood of messages is answered TooManyRequests without closing', async () => {
    const socket = await open(member)
    for (let i = 0; i < 70; i++) socket.send({ type: 'ping', id: i })
    await socket.next((f) => f.type === 'error' && f.error === 'TooManyRequests', 3000, true)
    expect(socket.frames.filter((f) => f.type === 'pong').length).toBe(60)
  })
})
