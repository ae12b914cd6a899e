/**
 * The dashboard list (GET /users/me/canvases) and the canvas detail. The list is two queries whatever the
 * page size: the page itself (with the owner, the billing plan and the total through `count(*) over()`), then
 * the assets of the page's current revisions.
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
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import { can } from '../../policy'
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

/**
 * Canvases on the caller's dashboard: their own, their team's (unless only-me), and those shared with them.
 * Written as id lists (no join with users), so PostgreSQL can walk the recency index and stop after a page.
 */
export function visibleCanvasesWhere(userId: string, teamId: string | null): SQL {
  const shared = sql`${canvases.id} in (select ${canvasUsers.canvasId} from ${canvasUsers} where ${canvasUsers.userId} = ${userId})`
  const team = teamId
    ? sql`(${canvases.visibility} <> 'only-me' and ${canvases.userId} in (select ${users.id} from ${users} where ${users.teamId} = ${teamId}))`
    : undefined
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
  // NULLS LAST matches canvases_active_updated_at_idx, so the first page is read in index order.
  return [sql`${canvases.updatedAt} desc nulls last`, sql`${canvases.id} desc nulls last`]
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
  const where = and(...conditions) as SQL
  // Two round trips whatever the page size: the page's ids and the total (in parallel, both on narrow
  // indexes), then the page's rows with owner and plan, and their current revisions' assets.
  const [page, total] = await Promise.all([
    db
      .select({ id: canvases.id })
      .from(canvases)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.limit)
      .offset(query.offset),
    countCanvases(db, where),
  ])
  const ids = page.map((row) => row.id)
  if (ids.length === 0) return { canvases: [], total }
  const [rows, assets] = await Promise.all([
    db
      .select({ canvas: canvases, ownerTeamId: users.teamId, customer: customers, owner: ownerColumns })
      .from(canvases)
      .innerJoin(users, eq(users.id, canvases.userId))
      .leftJoin(teams, eq(teams.id, users.teamId))
      .leftJoin(customers, eq(customers.userId, sql`coalesce(${teams.ownerUserId}, ${users.id})`))
      .where(inArray(canvases.id, ids)),
    db
      .select({ asset: canvasAssets })
      .from(canvasAssets)
      .innerJoin(canvases, eq(canvases.currentRevisionId, canvasAssets.canvasRevisionId))
      .where(inArray(canvases.id, ids))
      .orderBy(asc(canvasAssets.position)),
  ])
  const byRevision = new Map<string, CanvasAsset[]>()
  for (const { asset } of assets)
    byRevision.set(asset.canvasRevisionId, [...(byRevision.get(asset.canvasRevisionId) ?? []), asset])
  const order = new Map(ids.map((id, index) => [id, index]))
  rows.sort((a, b) => (order.get(a.canvas.id) ?? 0) - (order.get(b.canvas.id) ?? 0))
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
          editable: can(actor, 'canvas.edit', record.domain),
        },
        urls,
      )
    }),
    total,
  }
}

async function countCanvases(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(canvases).where(where)
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
