/** Columns the canvas list and detail read besides the canvas row: owner, billing plan, current assets. */
import { type CanvasAsset, canvasAssets, canvases, canvasRevisions, customers, users } from '@pinpoint/db'
import { sql } from 'drizzle-orm'

/**
 * What the canvas rules read of the billing customer (DomainCustomer). A missing row reads as null: Drizzle
 * nulls a left-joined object when its FIRST column is null, so a NOT NULL column (plan_id) must come first.
 */
export const customerColumns = {
  planId: customers.planId,
  status: customers.status,
  periodEnd: customers.periodEnd,
  customerId: customers.customerId,
}

export const ownerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  TeamId: users.teamId,
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
export const assetsJson = sql<unknown>`(select json_agg(json_build_array(${sql.join(
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
export function parseAssets(value: unknown): CanvasAsset[] {
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

/** The current revision's picture key (decision 056), one primary-key lookup per listed canvas. */
export const currentThumbnailKeySql = sql<
  string | null
>`(select ${canvasRevisions.thumbnailKey} from ${canvasRevisions} where ${canvasRevisions.id} = ${canvases.currentRevisionId})`
