/**
 * Dashboard hints (decision 054): every canvas feed event also tells the dashboards of the canvas owner's
 * team that the canvas changed, so their lists, counts and the new-activity filter refetch without a
 * reload. A hint is content-free (canvas id and a kind, never a title or a comment): what the dashboard
 * then shows comes from its own HTTP refetch, which applies every visibility rule, so the hint cannot
 * carry more than the caller could already list.
 *
 * Audience, decided in SQL from the canvas row when the event is written:
 *  - the owner's team topic `team:ID` (joined only by non-guest members of that team, handlers.ts);
 *  - the owner's own topic instead when the canvas is only-me or the owner has no team, so a team never
 *    learns the id of a canvas it may not list. A visibility change goes to the team either way: the
 *    canvas was (or becomes) theirs to list, and their dashboards must drop (or show) it.
 *
 * Hints are transient frames (bus.ts): never stored, never replayed; a dashboard refetches once after a
 * reconnect instead. They ride in the same statement as the events' NOTIFY, so they cost no round trip.
 * Projects (folders) have hints of their own, in the statement that writes them (projectHintSql).
 */
import type { Event } from '@pinpoint/db'
import type { DashboardHintKind, ProjectHintKind } from '@pinpoint/domain'
import { type SQL, sql } from 'drizzle-orm'
import { teamTopic, userTopic } from './topics'

/** The hint a canvas feed event becomes: comments and replies are activity; the rest changes the card. */
export function hintKindOf(eventType: string): DashboardHintKind {
  if (eventType.startsWith('annotation.') || eventType.startsWith('reply.')) return 'activity'
  switch (eventType) {
    case 'canvas.created':
      return 'created'
    case 'canvas.renamed':
      return 'renamed'
    case 'canvas.moved':
      return 'moved'
    case 'canvas.deleted':
      return 'deleted'
    case 'canvas.archived':
    case 'canvas.unarchived':
      return 'archived'
    default:
      return 'updated'
  }
}

interface Hint {
  canvasId: string
  kind: DashboardHintKind
  /** To the team even when the canvas is only-me (a visibility change). */
  wide: boolean
}

/** One hint per canvas and kind (a bulk change of 50 comments is one hint). */
export function hintsOfEvents(rows: readonly Pick<Event, 'type' | 'canvasId' | 'userId'>[]): Hint[] {
  const hints = new Map<string, Hint>()
  for (const row of rows) {
    // Notifications (userId set) reach their recipient on `user:ID` already.
    if (!row.canvasId || row.userId) continue
    const kind = hintKindOf(row.type)
    const key = `${row.canvasId}\u0000${kind}`
    const wide = row.type === 'canvas.visibility-changed' || (hints.get(key)?.wide ?? false)
    hints.set(key, { canvasId: row.canvasId, kind, wide })
  }
  return [...hints.values()]
}

/**
 * An SQL expression that NOTIFYs the hints of `rows` (as transient `dashboard.hint` frames on `channel`)
 * when evaluated inside the writing transaction; null when there are none. A canvas already deleted in
 * this transaction has no row to route by: its deletion is recorded before the row goes (deleteCanvas).
 */
export function dashboardHintsSql(
  channel: string,
  rows: readonly Pick<Event, 'type' | 'canvasId' | 'userId'>[],
): SQL | null {
  const hints = hintsOfEvents(rows)
  if (hints.length === 0) return null
  const values = sql.join(
    hints.map((hint) => sql`(${hint.canvasId}::text, ${hint.kind}::text, ${hint.wide}::boolean)`),
    sql`, `,
  )
  // pg_notify returns void; string_agg of its text form ('') evaluates it once per hint in one statement.
  return sql`(select string_agg(pg_notify(${channel}, json_build_object(
      'k', 'f',
      't', case when u.team_id is not null and (c.visibility <> 'only-me' or h.wide)
             then ${teamTopic('')} || u.team_id else ${userTopic('')} || c.user_id end,
      'f', json_build_object('type', 'dashboard.hint', 'canvasId', c.id, 'kind', h.kind)::text
    )::text)::text, '')
    from (values ${values}) as h (canvas_id, kind, wide)
    join canvases c on c.id = h.canvas_id
    join users u on u.id = c.user_id)`
}

/**
 * Project changes are not canvas events, so they have no feed row to ride on; they still reach the
 * dashboards that list the project, which refetch their projects.
 *
 * An expression for the RETURNING list of an insert, update or delete of `folders`: it NOTIFYs a
 * transient `dashboard.project-hint` frame per written row, so the hint is part of the write's own
 * statement and is delivered exactly when it commits. Routed like a canvas hint, by the row as written
 * (a deleted row as it was): the owner's team unless the project is only-me (then the owner alone),
 * which is who lists it (visibleFoldersWhere). `wide`: a visibility change also tells the team, whose
 * dashboards must drop or show the project. Content-free: the project's id and the kind, never its name.
 */
export function projectHintSql(channel: string, kind: ProjectHintKind, wide = false): SQL<string> {
  return sql<string>`pg_notify(${channel}, (select json_build_object(
      'k', 'f',
      't', case when u.team_id is not null and (folders.visibility <> 'only-me' or ${wide}::boolean)
             then ${teamTopic('')} || u.team_id else ${userTopic('')} || folders.user_id end,
      'f', json_build_object('type', 'dashboard.project-hint', 'projectId', folders.id, 'kind', ${kind}::text)::text
    )::text from users u where u.id = folders.user_id))`
}
