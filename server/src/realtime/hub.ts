/**
 * This process's side of the real-time channel: its sockets, their topics, catch-up on (re)subscribe and
 * delivery of what the bus announces.
 *
 * Delivery uses Bun's native pub/sub (`server.publish(topic, frame)`): one serialisation per event, fanned
 * out by the runtime. Exactly-once on reconnect needs care because a replay (read from the events table)
 * and live delivery (announced by NOTIFY) overlap in time:
 *  - while a socket catches up it is NOT subscribed to the topic; live frames for it are buffered instead;
 *  - the replay is sent, then the buffered frames it did not already contain, then the socket subscribes,
 *    all synchronously, so nothing published in between can slip past;
 *  - a replayed event whose NOTIFY has not reached this process yet would later arrive live as well: the
 *    socket is excluded from that one publish (unsubscribe, publish, resubscribe: synchronous, so exact).
 * When the bus's LISTEN connection drops, what is announced until it is back never arrives: the hub queues
 * a barrier, and once the bus listens again re-checks every socket's rights and delivers the events created
 * since shortly before it last heard anything that it has not delivered yet (catch-up.ts, decision 053).
 */
import { events } from '@pinpoint/db'
import { inArray } from 'drizzle-orm'
import type { AccessChange, BusMessage, PresenceMessage } from './bus'
import { type CatchUpMessage, catchUp as runCatchUp } from './catch-up'
import { type Connection, type EventRow, eventFrame } from './connection'
import type { HubOptions, Publisher } from './hub-options'
import { PresenceStore, presenceFrameOf, type Viewer } from './presence'
import { canvasLinkTopic, canvasMembersTopic, topicOfEvent } from './topics'

interface CatchUp {
  connection: Connection
  pending: { id: number; frame: string }[]
}

/** How long a replayed-but-not-yet-delivered event id keeps its socket excluded from the live publish. */
const EXCLUSION_MS = 60_000
/** How long delivered ids are remembered (replays of older events never wait for a live copy). */
const DELIVERED_MEMORY_MS = 120_000

export type { HubOptions, Publisher } from './hub-options'

/** Close code of a socket whose session ended (logout, password change, revoked token). */
export const CLOSE_SESSION_ENDED = 4001

export class RealtimeHub {
  readonly presence: PresenceStore
  private server: Publisher | null = null
  private readonly subscribers = new Map<string, number>()
  /** Every open socket of this process, for re-checks when rights change. */
  private readonly connections = new Set<Connection>()
  private readonly catching = new Map<string, Set<CatchUp>>()
  private readonly exclusions = new Map<string, Map<Connection, { ids: Set<number>; until: number }>>()
  private readonly delivered = new Map<number, number>()
  private queue: (BusMessage | CatchUpMessage)[] = []
  private draining: Promise<void> | null = null
  private lastHeardAt = Date.now()
  /** What start() subscribed to on the bus (messages, drops); empty while stopped. */
  private busListeners: (() => void)[] = []
  private sweeper: ReturnType<typeof setInterval> | null = null
  /** Settles once start() has its first LISTEN in place, or gave up (see whenListening). */
  private readonly listening = Promise.withResolvers<void>()

  constructor(private readonly options: HubOptions) {
    this.presence = new PresenceStore(options.now)
  }

  /** Starts hearing the bus; `server` is where frames are published (Bun's server once listening). */
  async start(server: Publisher): Promise<void> {
    this.server = server
    if (this.busListeners.length > 0) return
    this.busListeners = [
      this.options.bus.onMessage((message) => this.enqueue(message)),
      this.options.bus.onDrop((back) =>
        this.enqueue({ kind: 'catch-up', lastHeardAt: this.lastHeardAt, back }),
      ),
    ]
    try {
      await this.options.bus.start()
    } finally {
      this.listening.resolve()
    }
    this.sweeper = setInterval(() => this.sweepPresence(), this.options.sweepIntervalMs ?? 1000)
    this.sweeper.unref?.()
  }

  async stop(): Promise<void> {
    for (const stopListening of this.busListeners) stopListening()
    this.busListeners = []
    this.listening.resolve()
    await this.options.bus.stop()
    if (this.sweeper) clearInterval(this.sweeper)
    this.sweeper = null
    await this.draining
    this.server = null
  }

  /**
   * Settles once the bus listens. The process answers HTTP, and so takes sockets, before that; a
   * subscription served earlier would be told a position whose next events nobody hears.
   */
  whenListening(): Promise<void> {
    return this.listening.promise
  }

  /** Registers an open socket (it is re-checked when its user's rights change). */
  connect(connection: Connection): void {
    this.connections.add(connection)
  }

  /** Ends a socket from the server side: nothing more is delivered to it from now on. */
  close(connection: Connection, code: number, reason: string): void {
    if (connection.closed) return
    this.disconnect(connection)
    try {
      connection.socket.close(code, reason)
    } catch {
      // Already closing.
    }
  }

  /** Subscribes live (no replay), e.g. a user's own notifications on connect. */
  subscribe(connection: Connection, topic: string): void {
    if (connection.topics.has(topic) || connection.closed) return
    connection.socket.subscribe(topic)
    connection.topics.add(topic)
    this.subscribers.set(topic, (this.subscribers.get(topic) ?? 0) + 1)
  }

  unsubscribe(connection: Connection, topic: string): void {
    if (!connection.topics.delete(topic)) return
    if (!connection.closed) connection.socket.unsubscribe(topic)
    const count = (this.subscribers.get(topic) ?? 1) - 1
    if (count <= 0) this.subscribers.delete(topic)
    else this.subscribers.set(topic, count)
    this.exclusions.get(topic)?.delete(connection)
  }

  /**
   * Subscribes to `topics` after sending what `replay` returns (events after the client's last id, in id
   * order), each event exactly once, with nothing lost in between. Returns the number replayed.
   */
  async subscribeWithReplay(
    connection: Connection,
    topics: string[],
    replay: () => Promise<EventRow[]>,
  ): Promise<number> {
    await this.listening.promise
    const catchUp: CatchUp = { connection, pending: [] }
    const fresh = topics.filter((topic) => !connection.topics.has(topic))
    for (const topic of fresh) this.addCatching(topic, catchUp)
    let rows: EventRow[]
    try {
      rows = await replay()
    } finally {
      for (const topic of fresh) this.removeCatching(topic, catchUp)
    }
    if (connection.closed) return 0
    // From here to the end: synchronous, so no publish can interleave.
    const sent = new Set<number>()
    for (const row of rows) {
      connection.socket.send(eventFrame(row))
      sent.add(row.id)
    }
    for (const { id, frame } of catchUp.pending) {
      if (sent.has(id)) continue
      connection.socket.send(frame)
      sent.add(id)
    }
    for (const topic of fresh) this.subscribe(connection, topic)
    const until = Date.now() + EXCLUSION_MS
    for (const row of rows) {
      if (this.delivered.has(row.id)) continue
      const topic = topicOfEvent(row)
      if (!topic || !fresh.includes(topic)) continue
      let byConnection = this.exclusions.get(topic)
      if (!byConnection) {
        byConnection = new Map()
        this.exclusions.set(topic, byConnection)
      }
      const entry = byConnection.get(connection) ?? { ids: new Set<number>(), until }
      entry.ids.add(row.id)
      entry.until = until
      byConnection.set(connection, entry)
    }
    return rows.length
  }

  /** Forgets a closed connection everywhere. */
  disconnect(connection: Connection): void {
    connection.closed = true
    this.connections.delete(connection)
    for (const topic of [...connection.topics]) this.unsubscribe(connection, topic)
    for (const canvasId of connection.presence) void this.leavePresence(connection, canvasId)
  }

  /** Announces that the connection's user is viewing the canvas (bus: every process updates its picture). */
  async refreshPresence(connection: Connection, canvasId: string, viewer: Viewer): Promise<void> {
    connection.presence.add(canvasId)
    const message: PresenceMessage = { canvasId, connectionId: connection.id, viewer }
    await this.options.bus.publish({ kind: 'presence', presence: message })
  }

  async leavePresence(connection: Connection, canvasId: string): Promise<void> {
    if (!connection.presence.delete(canvasId)) return
    const message: PresenceMessage = { canvasId, connectionId: connection.id, viewer: null }
    await this.options.bus.publish({ kind: 'presence', presence: message }).catch((error: unknown) => {
      this.options.logger.warn('presence leave not published', { error: String(error) })
    })
  }

  /** The presence frame for members (names, avatars) or for link holders (a count, decision 027). */
  presenceFrame(canvasId: string, forMembers: boolean): string {
    return presenceFrameOf(canvasId, this.presence.viewers(canvasId), forMembers)
  }

  /** Drops expired viewers and tells the canvases' sockets (run by a timer; callable from tests). */
  sweepPresence(): void {
    for (const canvasId of this.presence.sweep()) this.publishPresence(canvasId)
  }

  private publishPresence(canvasId: string): void {
    this.publish(canvasMembersTopic(canvasId), this.presenceFrame(canvasId, true))
    this.publish(canvasLinkTopic(canvasId), this.presenceFrame(canvasId, false))
  }

  private enqueue(message: BusMessage | CatchUpMessage): void {
    if (message.kind !== 'catch-up') this.lastHeardAt = Date.now()
    if (message.kind === 'presence') {
      // Presence carries its content and needs no database: apply at once, in arrival order.
      if (this.presence.apply(message.presence)) this.publishPresence(message.presence.canvasId)
      return
    }
    if (message.kind === 'frame' && !this.draining) {
      // Transient frames are not stored or replayed: publish in arrival order to whoever listens now.
      if (this.hasLocalInterest(message.topic)) this.publish(message.topic, message.frame)
      return
    }
    // Behind queued events or a rights re-check, a frame waits its turn: a dashboard hint written after
    // a member left the team must not reach their socket before its re-check (decision 054).
    this.queue.push(message)
    this.draining ??= this.drain().finally(() => {
      this.draining = null
    })
  }

  /**
   * Delivers queued announcements in arrival order. An access change is a barrier: the events before it
   * are delivered, then the affected sockets are re-checked, and only then what came after it, so an
   * event (or a transient frame) written after a revocation never reaches the revoked socket.
   */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue
      this.queue = []
      let start = 0
      for (let index = 0; index <= batch.length; index++) {
        const message = batch[index]
        if (message && message.kind === 'events') continue
        await this.deliverEvents(batch.slice(start, index) as BusMessage[])
        if (message?.kind === 'access') await this.applyAccessChange(message)
        else if (message?.kind === 'catch-up') await this.catchUp(message)
        else if (message?.kind === 'frame' && this.hasLocalInterest(message.topic))
          this.publish(message.topic, message.frame)
        start = index + 1
      }
    }
  }

  /** Re-checks every local socket of the changed users or on the changed canvases, and waits for it. */
  private async applyAccessChange(change: AccessChange): Promise<void> {
    const recheck = this.options.recheck
    if (!recheck) return
    const users = new Set(change.userIds)
    const affected = [...this.connections].filter((connection) => {
      const actor = connection.actor
      if (actor.user && users.has(actor.user.id)) return true
      if (actor.impersonatorId && users.has(actor.impersonatorId)) return true
      return change.canvasIds.some((canvasId) => connection.canvases.has(canvasId))
    })
    await Promise.all(
      affected.map(
        (connection) =>
          new Promise<void>((resolve) => {
            connection.enqueue(() =>
              recheck(connection)
                .catch((error: unknown) => {
                  // When in doubt, the socket goes: the client reconnects and subscribes afresh.
                  this.options.logger.error('realtime: re-check failed', { error: String(error) })
                  this.close(connection, CLOSE_SESSION_ENDED, 'Rights could not be checked')
                })
                .finally(resolve),
            )
          }),
      ),
    )
  }

  private catchUp(message: CatchUpMessage): Promise<void> {
    return runCatchUp({
      ...this.options,
      ...message,
      stopped: () => this.busListeners.length === 0,
      connections: this.connections,
      recheck: (change) => this.applyAccessChange(change),
      delivered: (id) => this.delivered.has(id),
      deliver: (row) => {
        const topic = topicOfEvent(row)
        if (topic && this.hasLocalInterest(topic)) this.deliver(row.id, topic, eventFrame(row))
        this.remember(row.id)
      },
    })
  }

  /**
   * Delivers event announcements. Frames that came in the payload are published as they are; events
   * announced without one (too large for a NOTIFY) are loaded, one query per batch.
   */
  private async deliverEvents(batch: BusMessage[]): Promise<void> {
    const refs = batch.flatMap((message) => (message.kind === 'events' ? message.events : []))
    if (refs.length === 0) return
    const wanted = refs
      .filter(([, topic, frame]) => frame === undefined && this.hasLocalInterest(topic))
      .map(([id]) => id)
    let rows = new Map<number, EventRow>()
    if (wanted.length > 0) {
      try {
        const loaded = await this.options.database.db.select().from(events).where(inArray(events.id, wanted))
        rows = new Map(loaded.map((row) => [row.id, row]))
      } catch (error) {
        this.options.logger.error('realtime: loading events failed', { error: String(error) })
      }
    }
    for (const [id, topic, frame] of refs) {
      // Only after a catch-up: it may have delivered an event whose announcement came in after it.
      if (this.delivered.has(id)) continue
      if (frame !== undefined) {
        if (this.hasLocalInterest(topic)) this.deliver(id, topic, frame)
      } else {
        const row = rows.get(id)
        const rowTopic = row ? topicOfEvent(row) : null
        if (row && rowTopic) this.deliver(id, rowTopic, eventFrame(row))
      }
      this.remember(id)
    }
  }

  /** One event to this process's sockets on its topic: one frame, fanned out by Bun. */
  private deliver(id: number, topic: string, frame: string): void {
    for (const catchUp of this.catching.get(topic) ?? []) catchUp.pending.push({ id, frame })
    const excluded: Connection[] = []
    const byConnection = this.exclusions.get(topic)
    if (byConnection) {
      const now = Date.now()
      for (const [connection, entry] of byConnection) {
        if (entry.until < now) byConnection.delete(connection)
        else if (entry.ids.delete(id) && connection.topics.has(topic)) excluded.push(connection)
      }
      if (byConnection.size === 0) this.exclusions.delete(topic)
    }
    for (const connection of excluded) connection.socket.unsubscribe(topic)
    this.publish(topic, frame)
    for (const connection of excluded) connection.socket.subscribe(topic)
  }

  private publish(topic: string, frame: string): void {
    if (this.server && this.subscribers.has(topic)) this.server.publish(topic, frame)
  }

  private hasLocalInterest(topic: string): boolean {
    return this.subscribers.has(topic) || this.catching.has(topic)
  }

  private remember(id: number): void {
    const now = Date.now()
    this.delivered.set(id, now)
    // Map iteration follows insertion order: the oldest entries come first.
    for (const [oldId, at] of this.delivered) {
      if (now - at <= DELIVERED_MEMORY_MS) break
      this.delivered.delete(oldId)
    }
  }

  private addCatching(topic: string, catchUp: CatchUp): void {
    let set = this.catching.get(topic)
    if (!set) {
      set = new Set()
      this.catching.set(topic, set)
    }
    set.add(catchUp)
  }

  private removeCatching(topic: string, catchUp: CatchUp): void {
    const set = this.catching.get(topic)
    set?.delete(catchUp)
    if (set?.size === 0) this.catching.delete(topic)
  }
}
