/**
 * One open socket and what it is subscribed to, plus the event -> frame serialisation shared by live
 * delivery and replay (so a replayed frame is byte-identical to the live one).
 */
import type { Event } from '@pinpoint/db'
import type { Actor } from '../modules/auth/actor'
import type { EventFrameBody, ServerFrame } from './protocol'
import { topicOfEvent } from './topics'

/** What the hub needs from a socket (Bun's ServerWebSocket and Elysia's wrapper both fit). */
export interface RealtimeSocket {
  send(data: string): unknown
  subscribe(topic: string): unknown
  unsubscribe(topic: string): unknown
  close(code?: number, reason?: string): unknown
}

export type EventRow = Event

const PROCESS_TAG = Math.random().toString(36).slice(2, 8)
let counter = 0

export class Connection {
  readonly id = `${PROCESS_TAG}${(++counter).toString(36)}`
  /** Live topics (the socket is subscribed to them in Bun). */
  readonly topics = new Set<string>()
  /** canvasId -> whether the private (team) topic was granted. */
  readonly canvases = new Map<string, boolean>()
  /** The team whose dashboard hints this socket follows (`team.subscribe`), if any. */
  teamId: string | null = null
  /** Canvases this connection announced presence on. */
  readonly presence = new Set<string>()
  closed = false
  /** Messages are handled one after another, so a refresh sent right after a subscribe sees it done. */
  private chain: Promise<void> = Promise.resolve()
  private windowStart = 0
  private windowCount = 0

  constructor(
    readonly socket: RealtimeSocket,
    /** Who the socket acts for; replaced when its rights are re-checked (access.ts). */
    public actor: Actor,
    /** The upgrade request: its cookies carry feedback-link password grants. */
    readonly request?: Request,
  ) {}

  send(frame: ServerFrame): void {
    if (!this.closed) this.socket.send(JSON.stringify(frame))
  }

  /** Runs `task` after the previous message's task; errors are the task's own business. */
  enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task, task)
  }

  /** A fixed-window message budget per connection: true while within `limit` messages per `windowMs`. */
  withinRate(nowMs: number, limit = 60, windowMs = 10_000): boolean {
    if (nowMs - this.windowStart >= windowMs) {
      this.windowStart = nowMs
      this.windowCount = 0
    }
    this.windowCount += 1
    return this.windowCount <= limit
  }
}

export function eventFrameBody(row: EventRow): EventFrameBody {
  return {
    id: row.id,
    type: row.type,
    canvasId: row.canvasId,
    annotationId: row.annotationId,
    replyId: row.replyId,
    actorUserId: row.actorUserId,
    isPrivate: row.isPrivate,
    data: row.data,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The frame of an event: `notification` on a user's topic, `event` on a canvas topic. */
export function eventFrame(row: EventRow): string {
  const body = eventFrameBody(row)
  const frame: ServerFrame = topicOfEvent(row)?.startsWith('user:')
    ? { type: 'notification', notification: body }
    : { type: 'event', event: body }
  return JSON.stringify(frame)
}
