/**
 * Topic names. Privacy is enforced by topic membership: a private canvas event travels only on
 * `canvas:ID:team`, which a socket joins only when its user may see private comments on that canvas, and a
 * notification only on its recipient's `user:ID`. Nothing is filtered after the fact, so no code path can
 * forget to.
 */
import { type SQL, sql } from 'drizzle-orm'

/** The team topic of a canvas is its canvas topic with this suffix. */
const TEAM_SUFFIX = ':team'

/** Everyone who may open the canvas: public annotation and reply events, asset and revision changes, presence. */
export function canvasTopic(canvasId: string): string {
  return `canvas:${canvasId}`
}

/** Viewers allowed to see private (team) comments of the canvas. */
export function canvasTeamTopic(canvasId: string): string {
  return `${canvasTopic(canvasId)}${TEAM_SUFFIX}`
}

/**
 * Presence for members of the canvas (its creator and the owner's team): viewers with names and avatars.
 * Carries no events; a socket joins it or `canvasLinkTopic`, never both (decision 027 on presence).
 */
export function canvasMembersTopic(canvasId: string): string {
  return `canvas:${canvasId}:members`
}

/** Presence for link holders (guests, other teams, logged-out visitors): how many, never who. */
export function canvasLinkTopic(canvasId: string): string {
  return `canvas:${canvasId}:link`
}

/**
 * Dashboard hints of one team (decision 054): which canvas changed and how, never what it says. Joined
 * only by a non-guest member of that team, on request (`team.subscribe`).
 */
export function teamTopic(teamId: string): string {
  return `team:${teamId}`
}

/** One user's own notifications. */
export function userTopic(userId: string): string {
  return `user:${userId}`
}

/** The fields of an event row that decide where it goes. */
export interface EventAddress {
  userId: string | null
  canvasId: string | null
  isPrivate: boolean
}

/**
 * The one topic an event is delivered on: a notification (user_id set) to its recipient, a canvas feed
 * event to the canvas's public or team topic; null for events nobody listens to.
 */
export function topicOfEvent(event: EventAddress): string | null {
  if (event.userId) return userTopic(event.userId)
  if (event.canvasId) return event.isPrivate ? canvasTeamTopic(event.canvasId) : canvasTopic(event.canvasId)
  return null
}

/** `topicOfEvent` in SQL, on the columns of the events row `row` (a NOTIFY built in SQL, bus.ts). */
export function topicOfEventSql(row: string): SQL {
  const r = sql.raw(row)
  return sql`case when ${r}.user_id is not null then ${userTopic('')} || ${r}.user_id
    when ${r}.canvas_id is null then null
    when ${r}.is_private then ${canvasTopic('')} || ${r}.canvas_id || ${TEAM_SUFFIX}
    else ${canvasTopic('')} || ${r}.canvas_id end`
}
