/**
 * The dashboard list (GET /users/me/canvases) and the canvas detail. The list is ONE statement whatever
 * the page size: the page (walking the recency index, stopping after a page) with each row's owner, billing
 * plan, current revision's assets (json_agg) and the caller's unread notifications on it (the cards'
 * New activity badge), and the filtered total as a scalar subquery counted on
 * narrow index ranges (decision 016).
 *
 * Status filter (SPEC 2 leaves the meanings open; decision 016): all = not archived; archived;
 * new-activity = not archived with an unread notification for the caller; none = not archived and no
 * comment activity yet.
 */
import { canvases, customers, type DbOrTx, teams, users } from '@pinpoint/db'
import type { VerdictFilter } from '@pinpoint/domain'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import { can } from '../../policy'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { canvasStateFor, toCanvasRecord } from './access'
import {
  assetsJson,
  currentThumbnailKeySql,
  customerColumns,
  ownerColumns,
  parseAssets,
} from './list-columns'
import {
  countVisibleSql,
  countWhere,
  escapeLike,
  filterConditions,
  type ListSort,
  type ListStatus,
  latestVerdictSql,
  orderOf,
  statusWhere,
  unreadCountSql,
  visibleWhere,
} from './list-where'
import { peopleFor } from './people'
import { type AssetUrlContext, serializeCanvas } from './serialize'

export interface CanvasListQuery {
  status?: ListStatus
  /** Latest verdict on the current revision (decision 047). */
  verdict?: VerdictFilter
  folderId?: string | null
  search?: string
  sort?: ListSort
  archived?: boolean
  offset: number
  limit: number
}

/**
 * What makes two list queries the same statement (the values are parameters). Bounded: 4 statuses x 3
 * sorts x 5 verdicts x 3 folder modes x search or not x team or not x first page or not x limit (1-200).
 */
interface ListShape {
  status: ListStatus
  verdict: VerdictFilter
  sort: ListSort
  folder: 'any' | 'none' | 'one'
  search: boolean
  team: boolean
  /** The page size as a literal, or 'parameter' for a value that is not a positive integer. */
  limit: number | 'parameter'
  firstPage: boolean
}

interface ListValues {
  userId: string
  teamId: string | null
  folderId: string | null
  /** The ILIKE pattern (`%text%`, escaped). */
  search: string | null
  offset: number
}

/**
 * The list statement of one shape, with placeholders for the values. ONE statement: the page's ids
 * (walking the recency index and stopping after a page), joined back to their rows with owner and plan,
 * the current revision's assets aggregated per row, and the total as an uncorrelated scalar subquery
 * (evaluated once, on narrow indexes: see countVisibleSql).
 *
 * It is a server-side prepared statement, so PostgreSQL caches its plan (planning it costs more than
 * running it) and Drizzle builds its SQL once per shape. LIMIT (and a zero OFFSET) are literals, so the
 * cached generic plan still knows the page is small (with a LIMIT parameter it plans for 10 % of the table
 * and hash-joins all of it); other offsets stay parameters (one statement per page depth would be unbounded).
 */
function buildListStatement(db: DbOrTx, shape: ListShape) {
  const userId = sql.placeholder('userId')
  const teamId = shape.team ? sql.placeholder('teamId') : null
  const filters = filterConditions(shape, {
    userId,
    folderId: sql.placeholder('folderId'),
    search: sql.placeholder('search'),
  })
  const where = and(visibleWhere(userId, teamId), ...filters) as SQL
  const order = orderOf(shape.sort)
  const limit = shape.limit === 'parameter' ? sql`${sql.placeholder('limit')}` : sql.raw(String(shape.limit))
  const offset = shape.firstPage ? sql.raw('0') : sql`${sql.placeholder('offset')}`
  const page = sql`(select ${canvases.id} from ${canvases} where ${where} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}) as page`
  return db
    .select({
      canvas: canvases,
      ownerTeamId: users.teamId,
      customer: customerColumns,
      owner: ownerColumns,
      assets: assetsJson,
      verdict: latestVerdictSql,
      unreadCount: unreadCountSql(userId),
      thumbnailKey: currentThumbnailKeySql,
      total: sql<number>`(${countVisibleSql(userId, teamId, filters)})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(canvases, sql`${canvases.id} = page.id`)
    .innerJoin(users, eq(users.id, canvases.userId))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(customers, eq(customers.userId, sql`coalesce(${teams.ownerUserId}, ${users.id})`))
    .orderBy(...order)
    .prepare('canvas_list')
}

const listStatements = new WeakMap<DbOrTx, Map<string, ReturnType<typeof buildListStatement>>>()

function listStatement(db: DbOrTx, shape: ListShape) {
  let byShape = listStatements.get(db)
  if (!byShape) {
    byShape = new Map()
    listStatements.set(db, byShape)
  }
  const key = `${shape.status}|${shape.verdict}|${shape.sort}|${shape.folder}|${shape.search}|${shape.team}|${shape.limit}|${shape.firstPage}`
  let statement = byShape.get(key)
  if (!statement) {
    statement = buildListStatement(db, shape)
    byShape.set(key, statement)
  }
  return statement
}

export async function listCanvases(
  db: DbOrTx,
  actor: Actor,
  query: CanvasListQuery,
  urls: AssetUrlContext,
  now: Date,
) {
  const user = requireMember(actor)
  const search = query.search?.trim()
  const shape: ListShape = {
    status: query.archived ? 'archived' : (query.status ?? 'all'),
    verdict: query.verdict ?? 'any',
    sort: query.sort ?? 'recency',
    folder: query.folderId === undefined ? 'any' : query.folderId === null ? 'none' : 'one',
    search: Boolean(search),
    team: user.teamId !== null,
    limit: Number.isSafeInteger(query.limit) && query.limit > 0 ? query.limit : 'parameter',
    firstPage: query.offset === 0,
  }
  const values: ListValues = {
    userId: user.id,
    teamId: user.teamId,
    folderId: query.folderId ?? null,
    search: search ? `%${escapeLike(search)}%` : null,
    offset: query.offset,
  }
  const rows = await listStatement(db, shape).execute({ ...values, limit: query.limit })
  // An empty page has no row to carry the total: only then is it a query of its own.
  const total =
    rows[0]?.total ??
    (query.offset === 0
      ? 0
      : await countWhere(db, countVisibleSql(values.userId, values.teamId, filterConditions(shape, values))))
  return {
    canvases: rows.map((row) => {
      const record = toCanvasRecord(row)
      return serializeCanvas(
        {
          canvas: row.canvas,
          owner: row.owner && peopleFor(user, record.domain).person(row.owner),
          planId: record.domain.planId ?? null,
          state: canvasStateFor(record, user, now),
          assets: parseAssets(row.assets),
          verdict: row.verdict,
          unreadCount: row.unreadCount,
          thumbnailKey: row.thumbnailKey,
          editable: can(actor, 'canvas.edit', record.domain),
        },
        urls,
      )
    }),
    total,
  }
}

/** GET /users/me/canvases/archived-count. */
export async function countArchivedCanvases(db: DbOrTx, actor: Actor): Promise<number> {
  const user = requireMember(actor)
  return countWhere(db, countVisibleSql(user.id, user.teamId, [statusWhere('archived', user.id)]))
}
