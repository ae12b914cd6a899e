import { describe, expect, test } from 'bun:test'
import { createRealtimeClient, type RealtimeMessage, type WebSocketLike } from '@pinpoint/api'
import { dashboardChangeOf } from './dashboard-changes'

const hint = (kind: string) => ({ type: 'dashboard.hint', canvasId: 'c1', kind }) as RealtimeMessage

describe('dashboardChangeOf', () => {
  test('cards added, removed or moved refetch everything; activity and edits only the lists', () => {
    for (const kind of ['created', 'deleted', 'moved', 'archived'])
      expect(dashboardChangeOf(hint(kind), false)).toBe('all')
    for (const kind of ['renamed', 'updated', 'activity'])
      expect(dashboardChangeOf(hint(kind), false)).toBe('lists')
  })

  test('any change of a project refetches everything (its list, and its name on the cards)', () => {
    for (const kind of ['created', 'renamed', 'moved', 'shared', 'deleted', 'updated'] as const)
      expect(dashboardChangeOf({ type: 'dashboard.project-hint', projectId: 'f1', kind }, false)).toBe('all')
  })

  test('an own notification on a canvas refetches the lists (New activity); others change nothing', () => {
    const notification = (canvasId: string | null) =>
      ({
        type: 'notification',
        notification: {
          id: 1,
          type: 'notification.comment',
          canvasId,
          annotationId: null,
          replyId: null,
          actorUserId: 'u2',
          isPrivate: false,
          data: {},
          read: false,
          createdAt: '2026-01-01T00:00:00Z',
        },
      }) as RealtimeMessage
    expect(dashboardChangeOf(notification('c1'), false)).toBe('lists')
    expect(dashboardChangeOf(notification(null), false)).toBeNull()
    expect(dashboardChangeOf({ type: 'pong', at: 'now' }, true)).toBeNull()
  })

  test('after a reconnect the dashboard refetches once; leaving the team refetches too', () => {
    class FakeSocket implements WebSocketLike {
      readyState = 0
      onopen: ((event: unknown) => void) | null = null
      onclose: ((event: unknown) => void) | null = null
      onerror: ((event: unknown) => void) | null = null
      onmessage: ((event: { data: unknown }) => void) | null = null
      send() {}
      close() {}
      open() {
        this.readyState = 1
        this.onopen?.({})
        this.onmessage?.({ data: JSON.stringify({ type: 'team.subscribed', teamId: 't1' }) })
      }
    }
    const sockets: FakeSocket[] = []
    const timers: (() => void)[] = []
    const scopes: (string | null)[] = []
    let followed = false
    const client = createRealtimeClient({
      url: 'http://app.test/api/v1/realtime',
      createSocket: () => {
        const socket = new FakeSocket()
        sockets.push(socket)
        return socket
      },
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
      // The shell's rule (realtime.ts): the first team.subscribed starts the feed, later ones follow reconnects.
      onMessage: (message) => {
        scopes.push(dashboardChangeOf(message, followed))
        if (message.type === 'team.subscribed') followed = true
      },
    })
    client.subscribeTeam('t1')
    sockets[0]?.open()
    sockets[0]?.onclose?.({})
    timers[0]?.()
    sockets[1]?.open()
    expect(scopes).toEqual([null, 'all'])
    expect(dashboardChangeOf({ type: 'team.unsubscribed', teamId: 't1' }, true)).toBe('all')
    client.close()
  })
})
