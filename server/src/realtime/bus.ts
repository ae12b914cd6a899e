/**
 * The bus: how a write in one server process reaches the sockets of every process.
 *
 * Writers never talk to sockets. A service records events (rows of `events`) and, in the same transaction,
 * issues `NOTIFY app_events` with a tiny payload (event ids and their topics, never content). PostgreSQL
 * delivers a NOTIFY only when its transaction commits, so a rolled-back write is never announced and a
 * listener that loads the event always finds it. Every process LISTENs; its realtime hub loads the events
 * and sends them to its local sockets. With PGlite the same SQL works within the one process.
 *
 * Presence uses the same channel (it is never stored, so its payload carries the entry itself).
 */
import type { DatabaseHandle, DbOrTx } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import type { Logger } from '../platform/logger'

export const BUS_CHANNEL = 'app_events'

/** Postgres refuses NOTIFY payloads of 8000 bytes or more; stay well below. */
const MAX_PAYLOAD_BYTES = 7000

/** An event id and the one topic it is delivered on. */
export type EventRef = [id: number, topic: string]

/** One presence change: an entry refreshed (`viewer` set) or gone (`viewer` null). */
export interface PresenceMessage {
  canvasId: string
  connectionId: string
  viewer: { userId: string | null; name: string; avatarUrl: string | null } | null
}

export type BusMessage =
  | { kind: 'events'; events: EventRef[] }
  | { kind: 'presence'; presence: PresenceMessage }

type Wire = { k: 'e'; e: EventRef[] } | { k: 'p'; p: PresenceMessage }

export interface Bus {
  /** Starts listening (idempotent). Messages published before start are not received. */
  start(): Promise<void>
  stop(): Promise<void>
  /** Publishes outside any transaction (presence). Events go through `notifyEvents` inside the writing transaction. */
  publish(message: BusMessage): Promise<void>
  /** Adds a local handler of every message received from any process (including this one). */
  onMessage(handler: (message: BusMessage) => void): () => void
}

/** Splits event refs into NOTIFY payloads under the size limit. */
export function encodeEvents(events: readonly EventRef[]): string[] {
  const payloads: string[] = []
  let batch: EventRef[] = []
  let size = 16
  for (const ref of events) {
    const refSize = ref[1].length + 24
    if (batch.length > 0 && size + refSize > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ k: 'e', e: batch } satisfies Wire))
      batch = []
      size = 16
    }
    batch.push(ref)
    size += refSize
  }
  if (batch.length > 0) payloads.push(JSON.stringify({ k: 'e', e: batch } satisfies Wire))
  return payloads
}

function encode(message: BusMessage): string[] {
  if (message.kind === 'events') return encodeEvents(message.events)
  return [JSON.stringify({ k: 'p', p: message.presence } satisfies Wire)]
}

function decode(payload: string): BusMessage | null {
  try {
    const wire = JSON.parse(payload) as Partial<Wire>
    if (wire.k === 'e' && Array.isArray(wire.e)) return { kind: 'events', events: wire.e }
    if (wire.k === 'p' && wire.p && typeof wire.p.canvasId === 'string') {
      return { kind: 'presence', presence: wire.p }
    }
  } catch {
    // A foreign or corrupt payload on our channel is ignored, never fatal.
  }
  return null
}

/**
 * Announces events from inside the transaction that wrote them (or right after an autocommitted insert):
 * `pg_notify` is transactional, so listeners hear of them exactly when they become visible.
 */
export async function notifyEvents(db: DbOrTx, events: readonly EventRef[]): Promise<void> {
  for (const payload of encodeEvents(events)) {
    await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`)
  }
}

export function createBus(database: DatabaseHandle, logger: Logger): Bus {
  const handlers = new Set<(message: BusMessage) => void>()
  let unlisten: (() => Promise<void>) | null = null
  let starting: Promise<void> | null = null

  const receive = (payload: string) => {
    const message = decode(payload)
    if (!message) return
    for (const handler of handlers) {
      try {
        handler(message)
      } catch (error) {
        logger.error('bus handler failed', { error: error instanceof Error ? error.message : String(error) })
      }
    }
  }

  return {
    start() {
      starting ??= database.listen(BUS_CHANNEL, receive).then((stop) => {
        unlisten = stop
      })
      return starting
    },
    async stop() {
      await starting?.catch(() => {})
      starting = null
      const stop = unlisten
      unlisten = null
      await stop?.().catch(() => {})
    },
    async publish(message) {
      for (const payload of encode(message)) await database.notify(BUS_CHANNEL, payload)
    },
    onMessage(handler) {
      handlers.add(handler)
      return () => {
        handlers.delete(handler)
      }
    },
  }
}
