/**
 * The dashboard list (GET /users/me/canvases) and the canvas detail. The list is two queries whatever the
 * page size: the page itself (with the owner, the billing plan and the total through `count(*) over()`), then
 * the assets of the page's current revisions.
 *
 * Status filter (SPEC 2 leaves the meanings open; decision record 0xx): all = not archived; archived;
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
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { type CanvasRecord, canvasStateFor, toCanvasRecord } from './access'
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

const ownerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  TeamId: users.teamId,
}

/** Canvases on the caller's dashboard: their own, their team's (unless only-me), and those shared with them. */
export function visibleCanvasesWhere(userId: string, teamId: string | null): SQL {
  const shared = sql`exists (select 1 from ${canvasUsers} where ${canvasUsers.canvasId} = ${canvases.id} and ${canvasUsers.userId} = ${userId})`
  const team = teamId ? and(eq(users.teamId, teamId), ne(canvases.visibility, 'only-me')) : undefined
  return or(eq(canvases.userId, userId), team, shared) as SQL
}

function statusWhere(query: CanvasListQuery, userId: string): SQL | undefined {
  const status = query.archived ? 'archived' : (query.status ?? 'all')
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

function orderOf(sort: CanvasListQuery['sort']) {
  if (sort === 'name') return [asc(sql`lower(${canvases.title})`), asc(canvases.id)]
  if (sort === 'oldest') return [asc(canvases.createdAt), asc(canvases.id)]
  return [desc(canvases.updatedAt), desc(canvases.id)]
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

export async function listCanvases(
  db: DbOrTx,
  actor: Actor,
  query: CanvasListQuery,
  urls: AssetUrlContext,
  now: Date,
) {
  const user = requireMember(actor)
  const conditions: (SQL | undefined)[] = [
    visibleCanvasesWhere(user.id, user.teamId),
    statusWhere(query, user.id),
  ]
  if (query.folderId !== undefined)
    conditions.push(
      query.folderId === null ? isNull(canvases.folderId) : eq(canvases.folderId, query.folderId),
    )
  const search = query.search?.trim()
  if (search) conditions.push(ilike(canvases.title, `%${escapeLike(search)}%`))
  const rows = await db
    .select({
      canvas: canvases,
      ownerTeamId: users.teamId,
      customer: customers,
      owner: ownerColumns,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(canvases)
    .innerJoin(users, eq(users.id, canvases.userId))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(customers, eq(customers.userId, sql`coalesce(${teams.ownerUserId}, ${users.id})`))
    .where(and(...conditions))
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset(query.offset)
  const revisionIds = rows
    .map((row) => row.canvas.currentRevisionId)
    .filter((id): id is string => id !== null)
  const assets = revisionIds.length
    ? await db
        .select()
        .from(canvasAssets)
        .where(inArray(canvasAssets.canvasRevisionId, revisionIds))
        .orderBy(asc(canvasAssets.position))
    : []
  const byRevision = new Map<string, CanvasAsset[]>()
  for (const asset of assets)
    byRevision.set(asset.canvasRevisionId, [...(byRevision.get(asset.canvasRevisionId) ?? []), asset])
  let total = rows[0]?.total ?? 0
  if (rows.length === 0 && query.offset > 0) total = await countCanvases(db, and(...conditions) as SQL)
  return {
    canvases: rows.map((row) => {
      const record = toCanvasRecord(row)
      return serializeCanvas(
        {
          canvas: row.canvas,
          owner: row.owner,
          planId: record.domain.planId ?? null,
          state: canvasStateFor(record, user, now),
          assets: byRevision.get(row.canvas.currentRevisionId ?? '') ?? [],
          editable: row.canvas.userId === user.id,
        },
        urls,
      )
    }),
    total,
  }
}

async function countCanvases(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(canvases)
    .innerJoin(users, eq(users.id, canvases.userId))
    .where(where)
  return row?.count ?? 0
}

/** GET /users/me/canvases/archived-count. */
export async function countArchivedCanvases(db: DbOrTx, actor: Actor): Promise<number> {
  const user = requireMember(actor)
  return countCanvases(
    db,
    and(visibleCanvasesWhere(user.id, user.teamId), isNotNull(canvases.archiveDate)) as SQL,
  )
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
  const owner: CanvasOwnerJson | null = ownerRows[0] ?? null
  return serializeCanvas(
    {
      canvas: record.canvas,
      owner,
      planId: record.domain.planId ?? null,
      state: canvasStateFor(record, viewer, options.now),
      revisions,
      assets,
      reviews,
      reminders,
      editable: options.editable,
    },
    options.urls,
  )
}
