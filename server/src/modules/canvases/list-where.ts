/**
 * Which canvases the dashboard list selects, and how many: visibility (own, the team's unless only-me,
 * shared with the caller), status, folder and search, written so PostgreSQL walks narrow index ranges
 * (decision 016).
 */
import { canvases, canvasReviews, canvasUsers, type DbOrTx, events, users } from '@pinpoint/db'
import type { VerdictFilter } from '@pinpoint/domain'
import { and, asc, isNotNull, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm'

/** A bound value: a string, or a placeholder of a statement prepared once per list shape. */
export type Bound = string | Placeholder

/**
 * Canvases on the caller's dashboard: their own, their team's (unless only-me), and those shared with them.
 * Written as id lists (no join with users), so PostgreSQL can walk the recency index and stop after a page.
 */
export function visibleCanvasesWhere(userId: string, teamId: string | null): SQL {
  return visibleWhere(userId, teamId)
}

export function visibleWhere(userId: Bound, teamId: Bound | null): SQL {
  const shared = sql`${canvases.id} in (select ${canvasUsers.canvasId} from ${canvasUsers} where ${canvasUsers.userId} = ${userId})`
  const team = teamId
    ? sql`(${canvases.visibility} <> 'only-me' and ${canvases.userId} in (select ${users.id} from ${users} where ${users.teamId} = ${teamId}))`
    : undefined
  return or(sql`${canvases.userId} = ${userId}`, team, shared) as SQL
}

/** all = not archived; archived; new-activity = unread notification; none = no comment activity yet. */
export type ListStatus = 'all' | 'new-activity' | 'archived' | 'none'
export type ListSort = 'recency' | 'name' | 'oldest'

export function statusWhere(status: ListStatus, userId: Bound): SQL | undefined {
  switch (status) {
    case 'archived':
      return isNotNull(canvases.archiveDate)
    case 'new-activity':
      return and(isNull(canvases.archiveDate), sql`exists (${unreadOf(userId, sql`1`)})`)
    case 'none':
      return and(isNull(canvases.archiveDate), isNull(canvases.lastActivityAt))
    default:
      return isNull(canvases.archiveDate)
  }
}

/**
 * The caller's unread notifications on the outer query's canvas: what "new activity" means (decision 016),
 * so the filter and the cards' badge can never disagree. Unread = not marked read (POST /events/mark-as-read,
 * which opening a notification does). events_user_id_canvas_id_unread_idx holds exactly these rows.
 */
function unreadOf(userId: Bound, select: SQL): SQL {
  return sql`select ${select} from ${events} where ${events.userId} = ${userId} and ${events.canvasId} = ${canvases.id} and ${events.readAt} is null`
}

/** How many unread notifications the caller has on the outer query's canvas (page rows only). */
export function unreadCountSql(userId: Bound): SQL<number> {
  return sql<number>`(${unreadOf(userId, sql`count(*)::int`)})`.mapWith(Number)
}

/**
 * The latest verdict on the outer query's canvas's current revision (canvas_reviews_canvas_revision_id_idx;
 * a revision has a handful of reviews, so sorting them is nothing).
 */
export const latestVerdictSql = sql<
  string | null
>`(select ${canvasReviews.status} from ${canvasReviews} where ${canvasReviews.canvasRevisionId} = ${canvases.currentRevisionId} order by ${canvasReviews.createdAt} desc, ${canvasReviews.id} desc limit 1)`

/** Canvases whose current revision's latest verdict is `verdict` ('unreviewed': none yet). */
export function verdictWhere(verdict: VerdictFilter | undefined): SQL | undefined {
  if (!verdict || verdict === 'any') return undefined
  if (verdict === 'unreviewed') return sql`${latestVerdictSql} is null`
  // A literal, not a parameter: the filter is part of the prepared statement's shape (list.ts).
  return sql`${latestVerdictSql} = ${sql.raw(`'${verdict}'`)}`
}

/** The list's filters other than visibility: status, verdict, folder, search. */
export function filterConditions(
  shape: { status: ListStatus; verdict?: VerdictFilter; folder: 'any' | 'none' | 'one'; search: boolean },
  values: { userId: Bound; folderId: Bound | null; search: Bound | null },
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [
    statusWhere(shape.status, values.userId),
    verdictWhere(shape.verdict),
  ]
  if (shape.folder === 'none') conditions.push(isNull(canvases.folderId))
  if (shape.folder === 'one') conditions.push(sql`${canvases.folderId} = ${values.folderId}`)
  if (shape.search) conditions.push(sql`${canvases.title} ilike ${values.search}`)
  return conditions
}

export function orderOf(sort: ListSort | undefined) {
  if (sort === 'name') return [asc(sql`lower(${canvases.title})`), asc(canvases.id)]
  if (sort === 'oldest') return [asc(canvases.createdAt), asc(canvases.id)]
  // NULLS LAST matches canvases_active_updated_at_idx, so the first page is read in index order.
  return [sql`${canvases.updatedAt} desc nulls last`, sql`${canvases.id} desc nulls last`]
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * Counts the canvases `visibleCanvasesWhere(userId, teamId)` AND `filters` selects, as the sum of three
 * disjoint parts (own; the team's other members' unless only-me; shared with the caller and not already
 * counted). Each part is a range of canvases_active_user_id_visibility_idx (an index-only scan for
 * non-archived canvases) instead of one scan testing an OR of subqueries on every row.
 */
export function countVisibleSql(userId: Bound, teamId: Bound | null, filters: (SQL | undefined)[]): SQL {
  const own = and(sql`${canvases.userId} = ${userId}`, ...filters)
  const parts = [sql`(select count(*) from ${canvases} where ${own})`]
  const teamUsers = teamId
    ? sql`select ${users.id} from ${users} where ${users.teamId} = ${teamId}`
    : undefined
  if (teamUsers) {
    const team = and(
      sql`${canvases.userId} in (${teamUsers} and ${users.id} <> ${userId})`,
      sql`${canvases.visibility} <> 'only-me'`,
      ...filters,
    )
    parts.push(sql`(select count(*) from ${canvases} where ${team})`)
  }
  const shared = and(
    sql`${canvases.id} in (select ${canvasUsers.canvasId} from ${canvasUsers} where ${canvasUsers.userId} = ${userId})`,
    sql`${canvases.userId} <> ${userId}`,
    teamUsers
      ? sql`not (${canvases.visibility} <> 'only-me' and ${canvases.userId} in (${teamUsers}))`
      : undefined,
    ...filters,
  )
  parts.push(sql`(select count(*) from ${canvases} where ${shared})`)
  return sql`select (${sql.join(parts, sql` + `)})::int`
}

export async function countWhere(db: DbOrTx, count: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`(${count})`.mapWith(Number) })
    .from(sql`(values (1)) as one (x)`)
    .prepare('canvas_count')
    .execute()
  return row?.count ?? 0
}
