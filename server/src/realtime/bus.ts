/**
 * The bus: how a write in one server process reaches the sockets of every process.
 *
 * Writers never talk to sockets. A service records events (rows of `events`) and, in the same transaction,
 * issues `NOTIFY app_events` with each event's id, topic and, when it is small enough, its frame (the
 * exact text a socket receives). PostgreSQL delivers a NOTIFY only when its transaction commits, so a
 * rolled-back write is never announced. Every process LISTENs; its realtime hub publishes the frames to
 * its local sockets as they are, and loads from the events table only the (large) events that came
 * without one, so a usual comment costs no database read per process. With PGlite the same SQL works
 * within the one process.
 *
 * Presence uses the same channel (it is never stored, so its payload carries the entry itself).
 */
import type { DatabaseHandle, DbOrTx, Event } from '@pinpoint/db'
import { type SQL, sql } from 'drizzle-orm'
import type { Logger } from '../platform/logger'
import { eventFrame } from './connection'
import { dashboardHintsSql } from './dashboard-hints'
import { topicOfEvent, topicOfEventSql } from './topics'

export const BUS_CHANNEL = 'app_events'

/** Postgres refuses NOTIFY payloads of 8000 bytes or more; stay well below. */
export const MAX_PAYLOAD_BYTES = 7000

/** An event id, the one topic it is delivered on and, when it fits in a payload, its frame. */
export type EventRef = [id: number, topic: string, frame?: string]

/**
 * Frames up to this size (as JSON in the payload) travel in the NOTIFY; larger events are loaded. With an
 * id and a topic around it, one such ref stays under MAX_PAYLOAD_BYTES (notifyEventRowsSql relies on it).
 */
export const MAX_FRAME_BYTES = 6000

/** One presence change: an entry refreshed (`viewer` set) or gone (`viewer` null). */
export interface PresenceMessage {
  canvasId: string
  connectionId: string
  viewer: { userId: string | null; name: string; avatarUrl: string | null } | null
}

/**
 * Someone's rights changed (logout, password change, removal from a team, role, canvas sharing or
 * visibility): every process re-checks its sockets of these users and on these canvases before it
 * delivers anything announced after this message.
 */
export interface AccessChange {
  userIds: string[]
  canvasIds: string[]
}

/**
 * A frame that is not stored (customer.updated, ...): delivered to the topic's sockets that are connected
 * when it arrives, never replayed; the client refetches on reconnect anyway.
 */
export interface TransientFrame {
  topic: string
  frame: string
}

export type BusMessage =
  | { kind: 'events'; events: EventRef[] }
  | ({ kind: 'frame' } & TransientFrame)
  | { kind: 'presence'; presence: PresenceMessage }
  | ({ kind: 'access' } & AccessChange)

type Wire =
  | { k: 'e'; e: EventRef[] }
  | { k: 'p'; p: PresenceMessage }
  | { k: 'a'; u: string[]; c: string[] }
  | { k: 'f'; t: string; f: string }

export interface Bus {
  /** Starts listening (idempotent). Messages published before start are not received. */
  start(): Promise<void>
  stop(): Promise<void>
  /** Publishes outside any transaction (presence). Events go through `notifyEvents` inside the writing transaction. */
  publish(message: BusMessage): Promise<void>
  /** Adds a local handler of every message received from any process (including this one). */
  onMessage(handler: (message: BusMessage) => void): () => void
  /**
   * Adds a handler called when the listening connection drops (the database restarted, the backend was
   * terminated), before anything heard on the next connection: whatever is announced until `back` resolves
   * (listening again, or the bus stopped) never arrives (decision 053).
   */
  onDrop(handler: (back: Promise<void>) => void): () => void
}

/** Splits event refs into NOTIFY payloads under the size limit (a ref's frame counts with its escaping). */
export function encodeEvents(events: readonly EventRef[]): string[] {
  const payloads: string[] = []
  let batch: EventRef[] = []
  let size = 16
  for (const ref of events) {
    const refSize = Buffer.byteLength(JSON.stringify(ref)) + 1
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

/** The refs of recorded events, each with its frame when that is small enough to travel in the payload. */
export function eventRefs(rows: readonly Event[]): EventRef[] {
  return rows.flatMap((row): EventRef[] => {
    const topic = topicOfEvent(row)
    if (!topic) return []
    const frame = eventFrame(row)
    return Buffer.byteLength(JSON.stringify(frame)) <= MAX_FRAME_BYTES
      ? [[row.id, topic, frame]]
      : [[row.id, topic]]
  })
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`

/**
 * `encodeEvents(eventRefs(rows))` in SQL, for events written by the same statement (the fast write path,
 * write-statement.ts): a query that NOTIFYs each row of `rows` (a relation with the columns of `events`)
 * in a payload of its own, with its topic (topicOfEventSql) and, when small enough, its frame (the
 * fields and names of connection.ts `eventFrame`). bus-wire.test.ts decodes what it sends.
 */
export function notifyEventRowsSql(rows: string): SQL {
  const ev = sql.raw(rows)
  return sql`select pg_notify(${BUS_CHANNEL}, json_build_object('k', 'e', 'e', json_build_array(
      case when octet_length(to_json(f.frame)::text) <= ${MAX_FRAME_BYTES}::int
        then json_build_array(f.id, f.topic, f.frame) else json_build_array(f.id, f.topic) end))::text)
    from (
      select e.id, e.topic,
        (case when e.user_id is not null
          then json_build_object('type', 'notification', 'notification', e.body)
          else json_build_object('type', 'event', 'event', e.body) end)::text as frame
      from (select ev.id, ev.user_id, ${topicOfEventSql('ev')} as topic, json_build_object(
          'id', ev.id, 'type', ev.type, 'canvasId', ev.canvas_id, 'annotationId', ev.annotation_id,
          'replyId', ev.reply_id, 'actorUserId', ev.actor_user_id, 'isPrivate', ev.is_private,
          'data', ev.data, 'read', ev.read_at is not null,
          'createdAt', to_char(ev.created_at at time zone 'UTC', ${sql.raw(ISO)})) as body
        from ${ev} ev where ev.user_id is not null or ev.canvas_id is not null) e
      order by e.id) f`
}

const isRef = (value: unknown): value is EventRef =>
  Array.isArray(value) &&
  typeof value[0] === 'number' &&
  typeof value[1] === 'string' &&
  (value[2] === undefined || typeof value[2] === 'string')

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/** Ids per access payload: 7000 bytes hold well over 100 ids of up to 40 characters. */
const ACCESS_IDS_PER_PAYLOAD = 100

function encodeAccess({ userIds, canvasIds }: AccessChange): string[] {
  const payloads: string[] = []
  const users = [...new Set(userIds)]
  const canvases = [...new Set(canvasIds)]
  while (users.length > 0 || canvases.length > 0) {
    const u = users.splice(0, ACCESS_IDS_PER_PAYLOAD)
    const c = canvases.splice(0, ACCESS_IDS_PER_PAYLOAD - u.length)
    payloads.push(JSON.stringify({ k: 'a', u, c } satisfies Wire))
  }
  return payloads
}

function encode(message: BusMessage): string[] {
  if (message.kind === 'events') return encodeEvents(message.events)
  if (message.kind === 'access') return encodeAccess(message)
  if (message.kind === 'frame')
    return [JSON.stringify({ k: 'f', t: message.topic, f: message.frame } satisfies Wire)]
  return [JSON.stringify({ k: 'p', p: message.presence } satisfies Wire)]
}

function decode(payload: string): BusMessage | null {
  try {
    const wire = JSON.parse(payload) as Partial<Wire>
    if (wire.k === 'e' && Array.isArray(wire.e) && wire.e.every(isRef))
      return { kind: 'events', events: wire.e }
    if (wire.k === 'p' && wire.p && typeof wire.p.canvasId === 'string') {
      return { kind: 'presence', presence: wire.p }
    }
    if (wire.k === 'f' && typeof wire.t === 'string' && typeof wire.f === 'string')
      return { kind: 'frame', topic: wire.t, frame: wire.f }
    if (wire.k === 'a' && isStringList(wire.u) && isStringList(wire.c))
      return { kind: 'access', userIds: wire.u, canvasIds: wire.c }
  } catch {
    // A foreign or corrupt payload on our channel is ignored, never fatal.
  }
  return null
}

/**
 * Announces events from inside the transaction that wrote them (or right after an autocommitted insert):
 * `pg_notify` is transactional, so listeners hear of them exactly when they become visible.
 */
export async function notifyEvents(db: DbOrTx, rows: readonly Event[]): Promise<void> {
  // One statement for every payload and the dashboards' hints (dashboard-hints.ts): no extra round trip.
  const notifies = encodeEvents(eventRefs(rows)).map((payload) => sql`pg_notify(${BUS_CHANNEL}, ${payload})`)
  const hints = dashboardHintsSql(BUS_CHANNEL, rows)
  if (hints) notifies.push(hints)
  if (notifies.length === 0) return
  await db.execute(sql`select ${sql.join(notifies, sql`, `)}`)
}

/**
 * Announces a change of rights from inside the transaction that made it (or right after an autocommitted
 * write): every process re-checks the sockets of `userIds` and those following `canvasIds` when it
 * commits, before delivering any event written later (decision 026).
 */
export async function notifyAccessChange(db: DbOrTx, change: Partial<AccessChange>): Promise<void> {
  const payloads = encodeAccess({ userIds: change.userIds ?? [], canvasIds: change.canvasIds ?? [] })
  for (const payload of payloads) await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`)
}

export function createBus(database: DatabaseHandle, logger: Logger): Bus {
  const handlers = new Set<(message: BusMessage) => void>()
  const dropHandlers = new Set<(back: Promise<void>) => void>()
  /** Set while the connection is down: resolves the `back` promise handed to the drop handlers. */
  let markBack: (() => void) | null = null
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

  const onDrop = () => {
    logger.warn('bus: the listening connection dropped; catching up once it is back')
    const back = new Promise<void>((resolve) => {
      markBack = resolve
    })
    for (const handler of dropHandlers) {
      try {
        handler(back)
      } catch (error) {
        logger.error('bus drop handler failed', {
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }
  const onListen = () => {
    markBack?.()
    markBack = null
  }

  return {
    start() {
      starting ??= database.listen(BUS_CHANNEL, receive, { onListen, onDrop }).then((stop) => {
        unlisten = stop
      })
      return starting
    },
    async stop() {
      await starting?.catch(() => {})
      starting = null
      // A catch-up waiting for the connection must not wait for ever.
      onListen()
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
    onDrop(handler) {
      dropHandlers.add(handler)
      return () => {
        dropHandlers.delete(handler)
      }
    },
  }
}

/**
 * Announces transient frames from inside the transaction that caused them (or after an autocommitted
 * write). Frames too large for one NOTIFY are refused: transient frames are small by design.
 */
export async function notifyFrames(db: DbOrTx, frames: readonly TransientFrame[]): Promise<void> {
  for (const frame of frames) {
    const payload = encode({ kind: 'frame', ...frame })[0] ?? ''
    if (Buffer.byteLength(payload) >= MAX_PAYLOAD_BYTES)
      throw new Error(`frame for ${frame.topic} is too large`)
    await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`)
  }
}
