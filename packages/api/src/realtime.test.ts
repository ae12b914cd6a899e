import { describe, expect, test } from 'bun:test'
import { createRealtimeClient, type RealtimeMessage, realtimeUrl, type WebSocketLike } from './realtime'

class FakeSocket implements WebSocketLike {
  readyState = 0
  sent: unknown[] = []
  onopen: ((event: unknown) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.readyState = 3
    this.onclose?.({})
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
  drop() {
    this.readyState = 3
    this.onclose?.({})
  }
}

const event = (id: number, canvasId = 'c1') => ({
  id,
  type: 'annotation.created',
  canvasId,
  annotationId: 'a',
  replyId: null,
  actorUserId: 'u',
  isPrivate: false,
  data: {},
  read: false,
  createdAt: '2026-01-01T00:00:00Z',
})

function setup() {
  const sockets: FakeSocket[] = []
  const timers: Array<{ fn: () => void; ms: number }> = []
  const messages: RealtimeMessage[] = []
  const client = createRealtimeClient({
    url: 'http://app.test/api/v1/realtime',
    onMessage: (message) => messages.push(message),
    createSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket
    },
    setTimer: (fn, ms) => {
      timers.push({ fn, ms })
      return timers.length
    },
    clearTimer: () => {},
    backoffMs: [100, 200],
  })
  return { client, sockets, timers, messages }
}

describe('realtimeUrl', () => {
  test('maps http to ws', () => {
    expect(realtimeUrl('/api/v1/realtime', 'https://app.test/x')).toBe('wss://app.test/api/v1/realtime')
    expect(realtimeUrl('/api/v1/realtime', 'http://localhost:3000/')).toBe(
      'ws://localhost:3000/api/v1/realtime',
    )
  })
})

describe('createRealtimeClient', () => {
  test('re-subscribes after a drop with the last event id, and applies each event once', () => {
    const { client, sockets, timers, messages } = setup()
    const unsubscribe = client.subscribeCanvas('c1')
    sockets[0]?.open()
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', canvasId: 'c1' }])
    sockets[0]?.receive({ type: 'event', event: event(7) })
    sockets[0]?.drop()
    expect(client.status).toBe('closed')
    expect(timers[0]?.ms).toBe(100)
    timers[0]?.fn()
    sockets[1]?.open()
    expect(sockets[1]?.sent).toEqual([{ type: 'subscribe', canvasId: 'c1', lastEventId: 7 }])
    // The replay overlaps with what was seen: 7 is skipped.
    sockets[1]?.receive({ type: 'event', event: event(7) })
    sockets[1]?.receive({ type: 'event', event: event(8) })
    expect(messages.map((m) => (m.type === 'event' ? m.event.id : null))).toEqual([7, 8])
    unsubscribe()
    expect(sockets[1]?.sent.at(-1)).toEqual({ type: 'unsubscribe', canvasId: 'c1' })
  })

  test('team hints: subscribed once for two followers, again after a drop, left with the last follower', () => {
    const { client, sockets, timers, messages } = setup()
    const first = client.subscribeTeam('t1')
    const second = client.subscribeTeam('t1')
    sockets[0]?.open()
    expect(sockets[0]?.sent).toEqual([{ type: 'team.subscribe', teamId: 't1' }])
    sockets[0]?.receive({ type: 'dashboard.hint', canvasId: 'c9', kind: 'created' })
    sockets[0]?.drop()
    timers[0]?.fn()
    sockets[1]?.open()
    expect(sockets[1]?.sent).toEqual([{ type: 'team.subscribe', teamId: 't1' }])
    first()
    expect(sockets[1]?.sent).toHaveLength(1)
    second()
    expect(sockets[1]?.sent.at(-1)).toEqual({ type: 'team.unsubscribe', teamId: 't1' })
    expect(messages).toEqual([{ type: 'dashboard.hint', canvasId: 'c9', kind: 'created' }])
  })

  test('a drop before the first event replays from where the subscription started', () => {
    const { client, sockets, timers } = setup()
    client.subscribeCanvas('c1')
    sockets[0]?.open()
    sockets[0]?.receive({ type: 'subscribed', canvasId: 'c1', private: false, replayed: 0, lastEventId: 41 })
    sockets[0]?.drop()
    timers[0]?.fn()
    sockets[1]?.open()
    expect(sockets[1]?.sent).toEqual([{ type: 'subscribe', canvasId: 'c1', lastEventId: 41 }])
  })

  test('a subscribe the server failed to serve (5xx) is asked again after a backoff; a 4xx is not', () => {
    const { client, sockets, timers } = setup()
    client.subscribeCanvas('c1')
    sockets[0]?.open()
    sockets[0]?.receive({ type: 'event', event: event(5) })
    sockets[0]?.receive({ type: 'error', error: 'Internal', message: 'x', status: 500, canvasId: 'c1' })
    expect(timers).toHaveLength(1)
    timers[0]?.fn()
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'subscribe', canvasId: 'c1', lastEventId: 5 })
    sockets[0]?.receive({ type: 'error', error: 'NotFound', message: 'x', status: 404, canvasId: 'c1' })
    expect(timers).toHaveLength(1)
  })

  test('notifications: replayed from the last id after a reconnect, deduplicated', () => {
    const { client, sockets, timers, messages } = setup()
    sockets[0]?.open()
    expect(sockets[0]?.sent).toEqual([])
    sockets[0]?.receive({ type: 'notification', notification: event(3) })
    sockets[0]?.drop()
    timers[0]?.fn()
    sockets[1]?.open()
    expect(sockets[1]?.sent).toEqual([{ type: 'notifications.subscribe', lastEventId: 3 }])
    sockets[1]?.receive({ type: 'notification', notification: event(3) })
    sockets[1]?.receive({ type: 'notification', notification: event(4) })
    expect(messages.filter((m) => m.type === 'notification')).toHaveLength(2)
    expect(client.lastNotificationId).toBe(4)
  })

  test('backoff grows and the last delay repeats; close stops reconnecting', () => {
    const { client, sockets, timers } = setup()
    sockets[0]?.drop()
    timers[0]?.fn()
    sockets[1]?.drop()
    timers[1]?.fn()
    sockets[2]?.drop()
    expect(timers.map((t) => t.ms)).toEqual([100, 200, 200])
    client.close()
    expect(timers).toHaveLength(3)
  })

  test('ignores malformed frames', () => {
    const { sockets, messages } = setup()
    sockets[0]?.open()
    sockets[0]?.onmessage?.({ data: 'not json' })
    sockets[0]?.onmessage?.({ data: JSON.stringify({ nope: true }) })
    expect(messages).toEqual([])
  })
})
