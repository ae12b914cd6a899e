/** What a RealtimeHub (hub.ts) is built from and publishes to. */
import type { DatabaseHandle } from '@pinpoint/db'
import type { Logger } from '../platform/logger'
import type { Bus } from './bus'
import type { Connection } from './connection'

export interface Publisher {
  publish(topic: string, data: string): unknown
}

export interface HubOptions {
  database: DatabaseHandle
  bus: Bus
  logger: Logger
  now: () => Date
  /** Presence sweep period (ms). */
  sweepIntervalMs?: number
  /**
   * Re-checks one socket after its user's rights (or its canvas's sharing) changed: closes it, drops
   * topics, or leaves it be (access.ts). Run on the socket's message queue.
   */
  recheck?: (connection: Connection) => Promise<void>
}
