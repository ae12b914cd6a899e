/**
 * Who is viewing which canvas. Each process keeps the whole picture in memory, fed by the bus (every
 * process hears every refresh), so any process can tell its sockets who is there. Entries expire
 * PRESENCE_TIMEOUT_MS after their last refresh by the receiving process's clock (`now`, injectable), so a
 * crashed process's viewers disappear on their own and clock skew between processes does not matter.
 */
import { PRESENCE_TIMEOUT_MS } from '@pinpoint/domain'
import type { PresenceMessage } from './bus'
import type { ServerFrame } from './protocol'

export interface Viewer {
  userId: string | null
  name: string
  avatarUrl: string | null
}

/** The presence frame for members (names, avatars) or for link holders (a count, decision 027). */
export function presenceFrameOf(canvasId: string, viewers: Viewer[], forMembers: boolean): string {
  const frame: ServerFrame = forMembers
    ? { type: 'presence', canvasId, viewers }
    : {
        type: 'presence',
        canvasId,
        anonymous: true,
        viewers: viewers.map(() => ({ userId: null, name: 'Someone', avatarUrl: null })),
      }
  return JSON.stringify(frame)
}

interface Entry {
  viewer: Viewer
  expiresAt: number
}

export class PresenceStore {
  /** canvasId -> connectionId -> entry */
  private readonly canvases = new Map<string, Map<string, Entry>>()

  constructor(
    private readonly now: () => Date,
    private readonly timeoutMs = PRESENCE_TIMEOUT_MS,
  ) {}

  /** Applies a bus message; true when the canvas's visible viewer list changed. */
  apply(message: PresenceMessage): boolean {
    const before = this.signature(message.canvasId)
    let entries = this.canvases.get(message.canvasId)
    if (message.viewer) {
      if (!entries) {
        entries = new Map()
        this.canvases.set(message.canvasId, entries)
      }
      entries.set(message.connectionId, {
        viewer: message.viewer,
        expiresAt: this.now().getTime() + this.timeoutMs,
      })
    } else if (entries) {
      entries.delete(message.connectionId)
      if (entries.size === 0) this.canvases.delete(message.canvasId)
    }
    return this.signature(message.canvasId) !== before
  }

  /** Drops expired entries; returns the canvases whose viewer list changed. */
  sweep(): string[] {
    const now = this.now().getTime()
    const changed: string[] = []
    for (const [canvasId, entries] of this.canvases) {
      const before = this.signature(canvasId)
      for (const [connectionId, entry] of entries) {
        if (entry.expiresAt <= now) entries.delete(connectionId)
      }
      if (entries.size === 0) this.canvases.delete(canvasId)
      if (this.signature(canvasId) !== before) changed.push(canvasId)
    }
    return changed
  }

  /**
   * The viewers of a canvas, one per user (a user with two tabs is one viewer; anonymous viewers each
   * count), in a stable order.
   */
  viewers(canvasId: string): Viewer[] {
    const entries = this.canvases.get(canvasId)
    if (!entries) return []
    const byKey = new Map<string, Viewer>()
    for (const [connectionId, { viewer }] of entries) {
      byKey.set(viewer.userId ? `u:${viewer.userId}` : `c:${connectionId}`, viewer)
    }
    return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, viewer]) => viewer)
  }

  private signature(canvasId: string): string {
    return JSON.stringify(this.viewers(canvasId))
  }
}
