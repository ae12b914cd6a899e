/**
 * The soak's WebSocket clients: the front end's own real-time client (packages/api createRealtimeClient:
 * reconnect with backoff, resubscribe with the last event id it saw, skip replayed frames it already
 * applied), on Bun's WebSocket with the session cookie. Each records what it applied and what came twice
 * on the wire, so the soak can count delivered, missed and duplicated events afterwards.
 */
import { createRealtimeClient, type RealtimeClient, type WebSocketLike } from '../packages/api/src/realtime'

export interface SoakClient {
  canvasId: string
  /** Event id -> performance.now() when the client applied it (handed it to the page). */
  applied: Map<number, number>
  /** Events handed to the page more than once (the client skips ids it has seen: goal 0). */
  appliedTwice: number
  /** Every event id that arrived on the wire, applied or not. */
  wire: Set<number>
  /** Event frames that arrived more than once on the wire (the client skipped them). */
  wireDuplicates: number
  /** The subscription's starting point (the first `subscribed` frame): every later event is owed. */
  startId: number | null
  connects: number
  resyncs: number
  /** `error` frames, by status (e.g. a subscribe refused while the database was down). */
  errors: Map<number, number>
  client: RealtimeClient
  /** Resolves at the first `subscribed` frame. */
  subscribed: Promise<void>
}

const EVENT_ID = /^\{"type":"event","event":\{"id":(\d+)/

export function openClient(
  baseUrl: string,
  cookie: string,
  canvasId: string,
  options: { backoffMs?: readonly number[] } = {},
): SoakClient {
  const wire = new Set<number>()
  let resolveSubscribed: () => void = () => {}
  const state = {
    canvasId,
    wire,
    applied: new Map(),
    appliedTwice: 0,
    wireDuplicates: 0,
    startId: null as number | null,
    connects: 0,
    resyncs: 0,
    errors: new Map<number, number>(),
    subscribed: new Promise<void>((resolve) => {
      resolveSubscribed = resolve
    }),
  }
  const client = createRealtimeClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/api/v1/realtime`,
    backoffMs: options.backoffMs,
    createSocket(url) {
      // Bun's WebSocket takes headers: the session cookie, as a browser on the app's origin sends it.
      const ws = new WebSocket(url, { headers: { cookie } } as unknown as string[])
      ws.addEventListener('message', (message) => {
        const id = EVENT_ID.exec(String(message.data))?.[1]
        if (id === undefined) return
        if (wire.has(Number(id))) state.wireDuplicates++
        else wire.add(Number(id))
      })
      return ws as unknown as WebSocketLike
    },
    onStatus(status) {
      if (status === 'open') state.connects++
    },
    onMessage(message) {
      if (message.type === 'event') {
        if (state.applied.has(message.event.id)) state.appliedTwice++
        else state.applied.set(message.event.id, performance.now())
      } else if (message.type === 'subscribed') {
        const start = (message as { lastEventId?: number }).lastEventId
        if (state.startId === null && typeof start === 'number') state.startId = start
        resolveSubscribed()
      } else if (message.type === 'resync') state.resyncs++
      else if (message.type === 'error')
        state.errors.set(message.status, (state.errors.get(message.status) ?? 0) + 1)
    },
  })
  client.subscribeCanvas(canvasId)
  return Object.assign(state, { client })
}

/** Resolves when the client's first subscription is confirmed, or rejects after `timeoutMs`. */
export async function subscribed(client: SoakClient, timeoutMs = 30_000): Promise<void> {
  await Promise.race([
    client.subscribed,
    Bun.sleep(timeoutMs).then(() => {
      throw new Error(`a client was not subscribed within ${timeoutMs} ms`)
    }),
  ])
}

export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
