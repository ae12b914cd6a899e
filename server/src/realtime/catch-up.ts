/**
 * A process's catch-up after its bus (the LISTEN connection) was down: the database restarted or the
 * backend was terminated, and whatever was announced meanwhile never arrives (decision 053). The hub queues
 * it as a barrier, so it runs before anything heard after the comeback is delivered.
 */
import type { DatabaseHandle } from '@pinpoint/db'
import type { Logger } from '../platform/logger'
import type { AccessChange } from './bus'
import type { Connection, EventRow } from './connection'
import { eventsCreatedWithin } from './replay'

/**
 * The barrier in the hub's delivery queue, queued when the connection drops: what is heard after it (the
 * next connection's announcements) waits until `back` resolved and the catch-up is delivered.
 */
export type CatchUpMessage = { kind: 'catch-up'; lastHeardAt: number; back: Promise<void> }

/**
 * The catch-up starts this long before the last message heard: a writing transaction (`created_at` is its
 * start) may take that long to commit. Within the hub's memory of delivered ids (120 s), so an event heard
 * in that margin is still known and not sent twice.
 */
const CATCH_UP_MARGIN_MS = 30_000

export interface CatchUpInput {
  database: DatabaseHandle
  logger: Logger
  /** Date.now() when the bus last delivered anything (the connection was alive then). */
  lastHeardAt: number
  /** Resolves when the bus listens again (or stopped). */
  back: Promise<void>
  /** The hub is stopping: nothing to catch up for. */
  stopped(): boolean
  connections: Iterable<Connection>
  /** Re-checks the sockets of these users and canvases (the hub's access barrier). */
  recheck(change: AccessChange): Promise<void>
  delivered(id: number): boolean
  /** Publishes one event to this process's sockets that follow its topic, and remembers it as delivered. */
  deliver(row: EventRow): void
}

/**
 * A revocation announced while the bus was down was lost too, so every socket is re-checked first; then the
 * events created since shortly before the last message heard, minus those delivered already, go out in id
 * order. Retried while the database is still coming back; when that fails (or too much was missed) every
 * socket is told to resync.
 */
export async function catchUp(input: CatchUpInput): Promise<void> {
  const { logger } = input
  await input.back
  if (input.stopped()) return
  const userIds = new Set<string>()
  const canvasIds = new Set<string>()
  for (const connection of input.connections) {
    if (connection.actor.user) userIds.add(connection.actor.user.id)
    for (const canvasId of connection.canvases.keys()) canvasIds.add(canvasId)
  }
  await input.recheck({ userIds: [...userIds], canvasIds: [...canvasIds] })
  const seconds = (Date.now() - input.lastHeardAt + CATCH_UP_MARGIN_MS) / 1000
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      const { rows, truncated } = await eventsCreatedWithin(input.database.db, seconds)
      if (truncated) break
      // Filtered before any is delivered: delivering prunes the memory the margin's ids must be found in.
      const missed = rows.filter((row) => !input.delivered(row.id))
      for (const row of missed) input.deliver(row)
      logger.info('realtime: caught up after the bus was down', { events: missed.length })
      return
    } catch (error) {
      logger.warn('realtime: catching up failed', { attempt, error: String(error) })
      await Bun.sleep(1000 * attempt)
    }
  }
  logger.error('realtime: could not catch up; every socket is told to resync')
  for (const connection of input.connections) {
    for (const canvasId of connection.canvases.keys()) connection.send({ type: 'resync', canvasId })
    if (connection.actor.user) connection.send({ type: 'resync', canvasId: null })
  }
}
