/**
 * Client of the real-time channel (WebSocket `/api/v1/realtime`, JSON frames with a `type`). The
 * session cookie authenticates it; the user's own notifications arrive without subscribing, and a
 * canvas's feed after `{ type: 'subscribe', canvasId }`. After a drop it reconnects with backoff and
 * asks for what it missed by sending the last event id it saw (per canvas, and for notifications),
 * so nothing is lost; replayed frames it already applied are skipped, so nothing is applied twice.
 */
import type { DashboardHintKind, ProjectHintKind } from '@pinpoint/domain'
import type { CustomerView } from './billing'

/** The kinds of dashboard hints live in @pinpoint/domain, shared with the server that sends them. */
export type { DashboardHintKind, ProjectHintKind }

/** An event as the server sends it (a canvas feed event or an own notification). */
export type RealtimeEvent = {
  id: number
  type: string
  canvasId: string | null
  annotationId: string | null
  replyId: string | null
  actorUserId: string | null
  isPrivate: boolean
  data: Record<string, unknown>
  read: boolean
  createdAt: string
}

/** A frame from the server. */
export type RealtimeMessage =
  | { type: 'ready'; connectionId: string; userId: string | null }
  /** lastEventId: where the subscription starts (the newest event the viewer may see when it was made). */
  | { type: 'subscribed'; canvasId: string; private: boolean; replayed: number; lastEventId?: number }
  | { type: 'unsubscribed'; canvasId: string }
  | { type: 'notifications.subscribed'; replayed: number }
  | { type: 'resync'; canvasId: string | null }
  | { type: 'event'; event: RealtimeEvent }
  | { type: 'notification'; notification: RealtimeEvent }
  /** A billing change of the account's customer (issue 10): read-only state may have changed. */
  | { type: 'customer.updated'; customer: CustomerView }
  | {
      type: 'presence'
      canvasId: string
      viewers: Array<{ userId: string | null; name: string; avatarUrl: string | null }>
      /** Sent to link holders: the entries are nameless, only their number counts. */
      anonymous?: boolean
    }
  /** Following the team's dashboard hints (again, after every reconnect). */
  | { type: 'team.subscribed'; teamId: string }
  /** No longer following them (left the team): the dashboard reloads its data. */
  | { type: 'team.unsubscribed'; teamId: string }
  /** A canvas of the team changed elsewhere (decision 054): content-free, refetch what is shown. */
  | { type: 'dashboard.hint'; canvasId: string; kind: DashboardHintKind }
  /** A project (folder) one may list was created, renamed, moved, shared or deleted elsewhere (decision 060). */
  | { type: 'dashboard.project-hint'; projectId: string; kind: ProjectHintKind }
  | { type: 'pong'; id?: string | number; at: string }
  | { type: 'error'; error: string; message: string; status: number; canvasId?: string }

export type RealtimeStatus = 'connecting' | 'open' | 'closed'

export type WebSocketLike = {
  readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onclose: ((event: unknown) => void) | null
  onerror: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
}

export type RealtimeOptions = {
  /** Absolute URL, or a path resolved against the page (default `/api/v1/realtime`). */
  url?: string
  onMessage: (message: RealtimeMessage) => void
  onStatus?: (status: RealtimeStatus) => void
  /** Reconnect delays (ms); the last one repeats. */
  backoffMs?: readonly number[]
  /** Injected for tests. */
  createSocket?: (url: string) => WebSocketLike
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export type RealtimeClient = {
  /** Follows a canvas's feed; kept across reconnects. Returns the unsubscribe function. */
  subscribeCanvas(canvasId: string): () => void
  /**
   * Follows a team's dashboard hints; kept across reconnects (the server answers `team.subscribed` each
   * time, and nothing is replayed: refetch then). Returns the unsubscribe function.
   */
  subscribeTeam(teamId: string): () => void
  send(message: Record<string, unknown>): void
  close(): void
  /** Last notification id seen (resumed from after a reconnect). */
  readonly lastNotificationId: number | null
  readonly status: RealtimeStatus
}

const OPEN = 1

export const DEFAULT_REALTIME_BACKOFF_MS = [500, 1000, 2000, 5000, 10_000] as const

/** The socket URL: same host as the page, ws or wss. */
export function realtimeUrl(url: string, base: string): string {
  const resolved = new URL(url, base)
  if (resolved.protocol === 'http:') resolved.protocol = 'ws:'
  if (resolved.protocol === 'https:') resolved.protocol = 'wss:'
  return resolved.toString()
}

export function createRealtimeClient({
  url = '/api/v1/realtime',
  onMessage,
  onStatus,
  backoffMs = DEFAULT_REALTIME_BACKOFF_MS,
  createSocket = (socketUrl) => new WebSocket(socketUrl) as unknown as WebSocketLike,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: RealtimeOptions): RealtimeClient {
  /** canvasId -> subscriber count and the last event id seen on its feed. */
  const canvases = new Map<string, { count: number; lastEventId: number | null }>()
  let lastNotificationId: number | null = null
  /** teamId -> subscriber count. */
  const teams = new Map<string, number>()
  let socket: WebSocketLike | null = null
  let status: RealtimeStatus = 'connecting'
  let attempts = 0
  let timer: unknown = null
  let closed = false
  let connectedBefore = false

  function setStatus(next: RealtimeStatus) {
    status = next
    onStatus?.(next)
  }

  function sendRaw(message: Record<string, unknown>) {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message))
  }

  function subscribeMessage(canvasId: string, lastEventId: number | null) {
    return lastEventId === null
      ? { type: 'subscribe', canvasId }
      : { type: 'subscribe', canvasId, lastEventId }
  }

  /** A subscribe the server could not serve (its database was away): asked again after a backoff. */
  function retrySubscribe(canvasId: string) {
    const delay = backoffMs[Math.min(attempts, backoffMs.length - 1)] ?? 5000
    setTimer(() => {
      const entry = canvases.get(canvasId)
      if (entry && !closed) sendRaw(subscribeMessage(canvasId, entry.lastEventId))
    }, delay)
  }

  function handle(message: RealtimeMessage) {
    if (message.type === 'subscribed') {
      // The server says where the feed starts: a drop before the first event then still replays from here.
      const entry = canvases.get(message.canvasId)
      if (entry && entry.lastEventId === null && typeof message.lastEventId === 'number')
        entry.lastEventId = message.lastEventId
    } else if (message.type === 'error' && message.canvasId && message.status >= 500) {
      // The socket is fine but this canvas's subscribe (or refresh) failed on the server's side: without a
      // new subscribe the canvas would stay silent until the page is reloaded.
      if (canvases.has(message.canvasId)) retrySubscribe(message.canvasId)
    }
    if (message.type === 'notification') {
      const id = message.notification.id
      // A replay may overlap with what was delivered live: apply each notification once.
      if (lastNotificationId !== null && id <= lastNotificationId) return
      lastNotificationId = id
    } else if (message.type === 'event' && message.event.canvasId) {
      const entry = canvases.get(message.event.canvasId)
      if (entry) {
        if (entry.lastEventId !== null && message.event.id <= entry.lastEventId) return
        entry.lastEventId = message.event.id
      }
    }
    onMessage(message)
  }

  function connect() {
    if (closed) return
    setStatus('connecting')
    const base = typeof location === 'undefined' ? 'http://localhost/' : location.href
    const ws = createSocket(realtimeUrl(url, base))
    socket = ws
    ws.onopen = () => {
      attempts = 0
      setStatus('open')
      // Own notifications are subscribed on connect; after a drop, ask for the ones missed.
      if (connectedBefore && lastNotificationId !== null) {
        sendRaw({ type: 'notifications.subscribe', lastEventId: lastNotificationId })
      }
      connectedBefore = true
      for (const [canvasId, entry] of canvases) sendRaw(subscribeMessage(canvasId, entry.lastEventId))
      for (const teamId of teams.keys()) sendRaw({ type: 'team.subscribe', teamId })
    }
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return
      let message: RealtimeMessage
      try {
        message = JSON.parse(event.data) as RealtimeMessage
      } catch {
        return
      }
      if (!message || typeof message !== 'object' || typeof message.type !== 'string') return
      handle(message)
    }
    ws.onclose = () => {
      if (socket !== ws) return
      socket = null
      setStatus('closed')
      if (closed) return
      const delay = backoffMs[Math.min(attempts, backoffMs.length - 1)] ?? 5000
      attempts += 1
      timer = setTimer(connect, delay)
    }
    ws.onerror = () => {
      // onclose follows and schedules the reconnect.
    }
  }

  connect()

  return {
    subscribeCanvas(canvasId) {
      const entry = canvases.get(canvasId)
      if (entry) entry.count += 1
      else {
        canvases.set(canvasId, { count: 1, lastEventId: null })
        sendRaw(subscribeMessage(canvasId, null))
      }
      return () => {
        const current = canvases.get(canvasId)
        if (!current) return
        current.count -= 1
        if (current.count <= 0) {
          canvases.delete(canvasId)
          sendRaw({ type: 'unsubscribe', canvasId })
        }
      }
    },
    subscribeTeam(teamId) {
      const count = teams.get(teamId) ?? 0
      teams.set(teamId, count + 1)
      if (count === 0) sendRaw({ type: 'team.subscribe', teamId })
      return () => {
        const current = teams.get(teamId)
        if (current === undefined) return
        if (current > 1) teams.set(teamId, current - 1)
        else {
          teams.delete(teamId)
          sendRaw({ type: 'team.unsubscribe', teamId })
        }
      }
    },
    send: sendRaw,
    close() {
      closed = true
      if (timer !== null) clearTimer(timer)
      socket?.close(1000, 'closed by client')
      socket = null
      setStatus('closed')
    },
    get lastNotificationId() {
      return lastNotificationId
    },
    get status() {
      return status
    },
  }
}
