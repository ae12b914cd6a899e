/**
 * The WebSocket protocol of `/api/v1/realtime`: JSON text frames, each an object with a `type`.
 * Client messages are validated against `ClientMessage`; anything else answers an `error` frame and the
 * socket stays open. The server closes a socket with code 4001 when its session or token ended
 * (decision 026); when rights shrink it sends `unsubscribed` / `resync` for the canvases concerned.
 */

import type { DashboardHintKind, ProjectHintKind } from '@pinpoint/domain'
import { getSchemaValidator, type Static, t } from 'elysia'
import { findTextIssue } from '../platform/text-input'

const Id = t.String({ minLength: 1, maxLength: 100 })
const EventId = t.Integer({ minimum: 0 })

export const ClientMessage = t.Union([
  /** Start receiving a canvas's events; with lastEventId, first replays what was missed, in order. */
  t.Object({ type: t.Literal('subscribe'), canvasId: Id, lastEventId: t.Optional(EventId) }),
  t.Object({ type: t.Literal('unsubscribe'), canvasId: Id }),
  /** "I am still looking at this canvas" (send at least every 30 s, e.g. every 10 s). */
  t.Object({ type: t.Literal('presence.refresh'), canvasId: Id }),
  /** Own notifications are subscribed on connect; this replays those after lastEventId. */
  t.Object({ type: t.Literal('notifications.subscribe'), lastEventId: t.Optional(EventId) }),
  /**
   * Dashboard hints of the caller's own team (decision 054): live, never replayed (refetch after a
   * reconnect). Refused (403) unless the caller is a non-guest member of that team.
   */
  t.Object({ type: t.Literal('team.subscribe'), teamId: Id }),
  t.Object({ type: t.Literal('team.unsubscribe'), teamId: Id }),
  t.Object({ type: t.Literal('ping'), id: t.Optional(t.Union([t.String({ maxLength: 100 }), t.Number()])) }),
])
export type ClientMessage = Static<typeof ClientMessage>

const validator = getSchemaValidator(ClientMessage)

/** Parses a raw message (Elysia hands over parsed JSON, or the string when it is not JSON). */
export function parseClientMessage(
  raw: unknown,
): { ok: true; message: ClientMessage } | { ok: false; reason: string } {
  let value = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return { ok: false, reason: 'Messages must be JSON objects.' }
    }
  }
  if (!validator) return { ok: false, reason: 'No validator.' }
  if (validator.Check(value)) {
    // The same text rule as every HTTP request (platform/text-input.ts): a NUL in a canvas id must not
    // reach the database as a query parameter.
    const issue = findTextIssue('', value)
    if (issue) return { ok: false, reason: `Invalid ${issue.path}: ${issue.message}.` }
    return { ok: true, message: value as ClientMessage }
  }
  const type = typeof value === 'object' && value !== null && 'type' in value ? String(value.type) : undefined
  const first = [...validator.Errors(value)][0]
  const detail = first ? `${first.path || '/'}: ${first.message}` : 'invalid'
  return {
    ok: false,
    reason: type ? `Invalid "${type}" message (${detail}).` : `Unknown message (${detail}).`,
  }
}

/** An event as sent to clients (canvas feed event or own notification). */
export interface EventFrameBody {
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

export interface PresenceViewerFrame {
  userId: string | null
  name: string
  avatarUrl: string | null
}

export type ServerFrame =
  | { type: 'ready'; connectionId: string; userId: string | null }
  | { type: 'subscribed'; canvasId: string; private: boolean; replayed: number; lastEventId: number }
  | { type: 'unsubscribed'; canvasId: string }
  | { type: 'notifications.subscribed'; replayed: number }
  /** Too much was missed to replay: reload the canvas (or notifications) over HTTP, then subscribe again. */
  | { type: 'resync'; canvasId: string | null }
  | { type: 'event'; event: EventFrameBody }
  | { type: 'notification'; notification: EventFrameBody }
  /**
   * Who is viewing. Members of the canvas get names and avatars; link holders get `anonymous: true` and
   * one nameless entry per viewer (themself included), i.e. a count (decision 027).
   */
  | { type: 'presence'; canvasId: string; viewers: PresenceViewerFrame[]; anonymous?: boolean }
  | { type: 'team.subscribed'; teamId: string }
  /** The caller left the team (or became a guest): no more hints; reload the dashboard. */
  | { type: 'team.unsubscribed'; teamId: string }
  /**
   * A canvas of the team changed (dashboard-hints.ts): content-free, the dashboard refetches what it
   * shows. Transient: never stored or replayed.
   */
  | { type: 'dashboard.hint'; canvasId: string; kind: DashboardHintKind }
  /** A project (folder) the caller may list changed: content-free, the dashboard refetches its projects. */
  | { type: 'dashboard.project-hint'; projectId: string; kind: ProjectHintKind }
  | { type: 'pong'; id?: string | number; at: string }
  /** The billing owner's customer changed (billing/sync.ts); a transient frame, never replayed. */
  | { type: 'customer.updated'; customer: Record<string, unknown> }
  | { type: 'error'; error: string; message: string; status: number; canvasId?: string }
