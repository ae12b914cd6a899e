/**
 * The dashboard list (GET /users/me/canvases) and the canvas detail. The list is ONE statement whatever
 * the page size: the page (walking the recency index, stopping after a page) with each row's owner, billing
 * plan and current revision's assets (json_agg), and the filtered total as a scalar subquery counted on
 * narrow index ranges (decision 016).
 *
 * Status filter (SPEC 2 leaves the meanings open; decision 016): all = not archived; archived;
 * new-activity = not archived with an unread notification for the caller; none = not archived and no
 * comment activity yet.
 */
import {
  type CanvasAsset,
  canvasAssets,
  canvases,
  canvasReviews,
  canvasRevisions,
  canvasUsers,
  customers,
  type DbOrTx,
  deadlineReminders,
  events,
  teams,
  users,
} from '@pinpoint/db'
import { and, asc, eq, isNotNull, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { can } from '../../policy'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { type CanvasRecord, canvasStateFor, toCanvasRecord } from './access'
import { peopleFor } from './people'
import { type AssetUrlContext, type CanvasOwnerJson, serializeCanvas } from './serialize'

export interface CanvasListQuery {
  status?: 'all' | 'new-activity' | 'archived' | 'none'
  folderId?: string | null
  search?: string
  sort?: 'recency' | 'name' | 'oldest'
  archived?: boolean
  offset: number
  limit: number
}

/**
 * What the canvas rules read of the billing customer (DomainCustomer). A missing row reads as null: Drizzle
 * nulls a left-joined object when its FIRST column is null, so a NOT NULL column (plan_id) must come first.
 */
const customerColumns = {
  planId: customers.planId,
  status: customers.status,
  periodEnd: customers.periodEnd,
  customerId: customers.customerId,
}

const ownerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  TeamId: users.teamId,
}

/** A bound value: a string, or a placeholder of a statement prepared once per list shape. */
type Bound = string | Placeholder

/**
 * Canvases on the caller's dashboard: their own, their team's (unless only-me), and those shared with them.
 * Written as id lists (no join with users), so PostgreSQL can walk the recency index and stop after a page.
 */
export function visibleCanvasesWhere(userId: string, teamId: string | null): SQL {
  return visibleWhere(userId, teamId)
}

function visibleWhere(userId: Bound, teamId: Bound | null): SQL {
  const shared = sql`${canvases.id} in (select ${canvasUsers.canvasId} from ${canvasUsers} where ${canvasUsers.userId} = ${userId})`
  const team = teamId
    ? sql`(${canvases.visibility} <> 'only-me' and ${canvases.userId} in (select ${users.id} from ${users} where ${users.teamId} = ${teamId}))`
    : undefined
  return or(sql`${canvases.userId} = ${userId}`, team, shared) as SQL
}

type ListStatus = NonNullable<CanvasListQuery['status']>

function statusWhere(status: ListStatus, userId: Bound): SQL | undefined {
  switch (status) {
    case 'archived':
      return isNotNull(canvases.archiveDate)
    case 'new-activity':
      return and(
        isNull(canvases.archiveDate),
        sql`exists (select 1 from ${events} where ${events.canvasId} = ${canvases.id} and ${events.userId} = ${userId} and ${events.readAt} is null)`,
      )
    case 'none':
      return and(isNull(canvases.archiveDate), isNull(canvases.lastActivityAt))
    default:
      return isNull(canvases.archiveDate)
  }
}

/**
 * What makes two list queries the same statement (the values are parameters). Bounded: 4 statuses x 3
 * sorts x 3 folder modes x search or not x team or not x first page or not x limit (1-200).
 */
interface ListShape {
  status: ListStatus
  sort: NonNullable<CanvasListQuery['sort']>
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

/** The list's filters other than visibility: status, folder, search. */
function filterConditions(
  shape: Pick<ListShape, 'status' | 'folder' | 'search'>,
  values: { userId: Bound; folderId: Bound | null; search: Bound | null },
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [statusWhere(shape.status, values.userId)]
  if (shape.folder === 'none') conditions.push(isNull(canvases.folderId))
  if (shape.folder === 'one') conditions.push(sql`${canvases.folderId} = ${values.folderId}`)
  if (shape.search) conditions.push(sql`${canvases.title} ilike ${values.search}`)
  return conditions
}

function orderOf(sort: CanvasListQuery['sort']) {
  if (sort === 'name') return [asc(sql`lower(${canvases.title})`), asc(canvases.id)]
  if (sort === 'oldest') return [asc(canvases.createdAt), asc(canvases.id)]
  // NULLS LAST matches canvases_active_updated_at_idx, so the first page is read in index order.
  return [sql`${canvases.updatedAt} desc nulls last`, sql`${canvases.id} desc nulls last`]
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** The columns of an asset in the order `assetsJson` builds them (a JSON array per asset is compact). */
const ASSET_FIELDS = [
  canvasAssets.id,
  canvasAssets.canvasId,
  canvasAssets.canvasRevisionId,
  canvasAssets.name,
  canvasAssets.type,
  canvasAssets.position,
  canvasAssets.mimeType,
  canvasAssets.sizeBytes,
  canvasAssets.storageKey,
  canvasAssets.pageCount,
  canvasAssets.pageThumbnailUrls,
  canvasAssets.width,
  canvasAssets.height,
  canvasAssets.durationSeconds,
  canvasAssets.folderId,
  canvasAssets.uploadStatus,
  canvasAssets.createdAt,
  canvasAssets.updatedAt,
]

/**
 * The current revision's assets of the outer query's canvas as one JSON array of arrays (evaluated for page
 * rows only). Read in (canvas_revision_id, position) index order without an ordered aggregate (which would
 * sort per row); parseAssets sorts by position again, so the order never depends on the plan.
 */
const assetsJson = sql<unknown>`(select json_agg(json_build_array(${sql.join(
  ASSET_FIELDS.map((column) => sql`${sql.identifier('a')}.${sql.identifier(column.name)}`),
  sql`, `,
)})) from (select * from ${canvasAssets} where ${canvasAssets.canvasRevisionId} = ${canvases.currentRevisionId} order by ${canvasAssets.position}) a)`

type AssetTuple = [
  string,
  string,
  string,
  string,
  CanvasAsset['type'],
  number,
  string | null,
  number | null,
  string | null,
  number | null,
  string[] | null,
  number | null,
  number | null,
  number | null,
  string | null,
  CanvasAsset['uploadStatus'],
  string,
  string,
]

/** JSON arrays from `assetsJson` back into CanvasAsset rows (timestamps parsed as Drizzle parses them). */
function parseAssets(value: unknown): CanvasAsset[] {
  const tuples = (typeof value === 'string' ? JSON.parse(value) : value) as AssetTuple[] | null
  if (!tuples) return []
  if (tuples.length > 1) tuples.sort((x, y) => x[5] - y[5])
  return tuples.map((t) => ({
    id: t[0],
    canvasId: t[1],
    canvasRevisionId: t[2],
    name: t[3],
    type: t[4],
    position: t[5],
    mimeType: t[6],
    sizeBytes: t[7],
    storageKey: t[8],
    pageCount: t[9],
    pageThumbnailUrls: t[10] ?? [],
    width: t[11],
    height: t[12],
    durationSeconds: t[13],
    folderId: t[14],
    uploadStatus: t[15],
    createdAt: new Date(t[16]),
    updatedAt: new Date(t[17]),
  }))
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
  const key = `${shape.status}|${shape.sort}|${shape.folder}|${shape.search}|${shape.team}|${shape.limit}|${shape.firstPage}`
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
          editable: can(actor, 'canvas.edit', record.domain),
        },
        urls,
      )
    }),
    total,
  }
}

/**
 * Counts the canvases `visibleCanvasesWhere(userId, teamId)` AND `filters` selects, as the sum of three
 * disjoint parts (own; the team's other members' unless only-me; shared with the caller and not already
 * counted). Each part is a range of canvases_active_user_id_visibility_idx (an index-only scan for
 * non-archived canvases) instead of one scan testing an OR of subqueries on every row.
 */
function countVisibleSql(userId: Bound, teamId: Bound | null, filters: (SQL | undefined)[]): SQL {
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

async function countWhere(db: DbOrTx, count: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`(${count})`.mapWith(Number) })
    .from(sql`(values (1)) as one (x)`)
    .prepare('canvas_count')
    .execute()
  return row?.count ?? 0
}

/** GET /users/me/canvases/archived-count. */
export async function countArchivedCanvases(db: DbOrTx, actor: Actor): Promise<number> {
  const user = requireMember(actor)
  return countWhere(db, countVisibleSql(user.id, user.teamId, [statusWhere('archived', user.id)]))
}

/** Everything the review screen needs about one canvas (revisions, all assets, reviews, reminders for editors). */
export async function loadCanvasDetail(
  db: DbOrTx,
  record: CanvasRecord,
  viewer: Actor['user'],
  options: { editable: boolean; now: Date; urls: AssetUrlContext },
) {
  const id = record.canvas.id
  const [ownerRows, revisions, assets, reviews, reminders] = await Promise.all([
    db.select(ownerColumns).from(users).where(eq(users.id, record.canvas.userId)),
    db
      .select()
      .from(canvasRevisions)
      .where(eq(canvasRevisions.canvasId, id))
      .orderBy(asc(canvasRevisions.number)),
    db
      .select()
      .from(canvasAssets)
      .where(eq(canvasAssets.canvasId, id))
      .orderBy(asc(canvasAssets.position), asc(canvasAssets.createdAt)),
    db
      .select()
      .from(canvasReviews)
      .where(eq(canvasReviews.canvasId, id))
      .orderBy(asc(canvasReviews.createdAt)),
    options.editable
      ? db
          .select()
          .from(deadlineReminders)
          .where(eq(deadlineReminders.canvasId, id))
          .orderBy(asc(deadlineReminders.reminderDate))
      : Promise.resolve([]),
  ])
  const people = peopleFor(viewer, record.domain)
  const owner: CanvasOwnerJson | null = ownerRows[0] ? people.person(ownerRows[0]) : null
  return serializeCanvas(
    {
      canvas: record.canvas,
      owner,
      planId: record.domain.planId ?? null,
      state: canvasStateFor(record, viewer, options.now),
      revisions,
      assets,
      reviews,
      reminders: reminders.map((reminder) => people.reminder(reminder)),
      editable: options.editable,
    },
    options.urls,
  )
}
