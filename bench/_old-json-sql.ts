/**
 * Annotation JSON (SPEC section 3 names) built by PostgreSQL in one statement: each annotation with its
 * Labels, assignedUser, AnnotationReplies (each with its FileAttachments), FileAttachments and
 * numFileAttachments. Set-based: the selected annotations first, then one grouped aggregate per child
 * table joined to them (hash joins, not a sub-select per annotation), so the cost grows linearly with the
 * rows returned; the database hands back one text value that goes to the client as is, with no per-row
 * objects built in JavaScript. Every annotation read (list, single, event snapshots) goes through here, so
 * all paths share one shape and one privacy filter.
 */
import type { DbOrTx } from '@pinpoint/db'
import { type SQL, sql } from 'drizzle-orm'
import { rowsOf } from '../server/src/modules/annotations/db-rows'

export interface AnnotationSelection {
  canvasId?: string
  annotationIds?: readonly string[]
  /** Include private annotations and private replies (the viewer may see private comments). */
  includePrivate: boolean
  /** Event snapshots leave replies out: replies have their own events, and a snapshot must not shrink a
   *  team viewer's thread to what a public viewer sees. */
  withReplies?: boolean
}

/** ISO-8601 in UTC with milliseconds and Z, like Date.prototype.toISOString. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Attachments are downloaded through an access-checked route, so the JSON holds no expiring signature. */
const fileJson = (annotationId: string) => `json_build_object(
    'id', f.id,
    'AnnotationId', f.annotation_id,
    'AnnotationReplyId', f.reply_id,
    'name', f.name,
    'mimeType', f.mime_type,
    'sizeBytes', f.size_bytes,
    'url', '/api/v1/annotations/' || ${annotationId} || '/file-attachments/' || f.id,
    'createdAt', ${iso('f.created_at')}) order by f.created_at, f.id`

/** The thread of each selected annotation, each reply with its files. */
function repliesCtes(includePrivate: boolean): SQL {
  return sql.raw(`,
    r as (
      select r.* from annotation_replies r join a on a.id = r.annotation_id
      ${includePrivate ? '' : 'where not r.is_private'}),
    rf as (
      select f.reply_id, json_agg(${fileJson('r.annotation_id')}) as list
      from file_attachments f join r on r.id = f.reply_id group by f.reply_id),
    rj as (
      select r.annotation_id, json_agg(json_build_object(
        'id', r.id,
        'AnnotationId', r.annotation_id,
        'UserId', r.user_id,
        'userName', r.user_name,
        'comment', r.comment,
        'isPrivate', r.is_private,
        'FileAttachments', coalesce(rf.list, '[]'::json),
        'createdAt', ${iso('r.created_at')},
        'updatedAt', ${iso('r.updated_at')}
      ) order by r.created_at, r.id) as list
      from r left join rf on rf.reply_id = r.id group by r.annotation_id)`)
}

const ANNOTATION_JSON = (withReplies: boolean) => `json_build_object(
    'id', a.id,
    'CanvasId', a.canvas_id,
    'CanvasRevisionId', a.canvas_revision_id,
    'CanvasAssetId', a.canvas_asset_id,
    'canvasAssetPageIndex', a.canvas_asset_page_index,
    'UserId', a.user_id,
    'userName', a.user_name,
    'comment', a.comment,
    'path', a.path,
    'isPrivate', a.is_private,
    'status', a.status,
    'inactiveReason', a.inactive_reason,
    'metadata', a.metadata,
    'x', a.x,
    'y', a.y,
    'videoTime', a.video_time,
    'assignedUserId', a.assigned_user_id,
    'assignedUser', case when u.id is null then null
                    else json_build_object('id', u.id, 'name', u.name, 'avatarUrl', u.avatar_url) end,
    'Labels', coalesce(l.list, '[]'::json),
    'lastExportDate', ${iso('a.last_export_date')},
    'textContentBefore', a.text_content_before,
    'textContentAfter', a.text_content_after,
    'screenshotUrl', a.screenshot_url,
    'afterScreenshotUrl', a.after_screenshot_url,
    ${withReplies ? "'AnnotationReplies', coalesce(rj.list, '[]'::json)," : ''}
    'FileAttachments', coalesce(af.list, '[]'::json),
    'numFileAttachments', coalesce(af.n, 0),
    'createdAt', ${iso('a.created_at')},
    'updatedAt', ${iso('a.updated_at')}
  ) order by a.created_at, a.id`

function selectionSql(selection: AnnotationSelection): SQL {
  const where: SQL[] = []
  if (selection.canvasId) where.push(sql`a.canvas_id = ${selection.canvasId}`)
  if (selection.annotationIds) {
    if (selection.annotationIds.length === 0) where.push(sql`false`)
    else where.push(sql`a.id in ${[...selection.annotationIds]}`)
  }
  if (!selection.includePrivate) where.push(sql`not a.is_private`)
  const withReplies = selection.withReplies ?? true
  return sql`
    with a as (select * from annotations a where ${sql.join(where, sql` and `)}),
    l as (
      select al.annotation_id, json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color)
        order by al.created_at, lb.id) as list
      from annotation_labels al join a on a.id = al.annotation_id join labels lb on lb.id = al.label_id
      group by al.annotation_id),
    -- annotation-level files only: a reply's files are counted and listed with the reply.
    af as (
      select f.annotation_id, json_agg(${sql.raw(fileJson('f.annotation_id'))}) as list, count(*) as n
      from file_attachments f join a on a.id = f.annotation_id
      where f.reply_id is null group by f.annotation_id)
    ${withReplies ? repliesCtes(selection.includePrivate) : sql``}
    select coalesce(json_agg(${sql.raw(ANNOTATION_JSON(withReplies))}), '[]'::json)::text as body
    from a
    left join l on l.annotation_id = a.id
    left join af on af.annotation_id = a.id
    left join users u on u.id = a.assigned_user_id
    ${withReplies ? sql`left join rj on rj.annotation_id = a.id` : sql``}`
}

/** The selected annotations as a JSON array text, ordered by creation. */
export async function annotationsJsonText(db: DbOrTx, selection: AnnotationSelection): Promise<string> {
  const [row] = await rowsOf<{ body: string }>(db, selectionSql(selection))
  return row?.body ?? '[]'
}

/** Annotation JSON objects for the given ids (those the selection allows), keyed by id. */
export async function annotationsJson(
  db: DbOrTx,
  selection: AnnotationSelection,
): Promise<Map<string, AnnotationJson>> {
  const list = JSON.parse(await annotationsJsonText(db, selection)) as AnnotationJson[]
  return new Map(list.map((annotation) => [annotation.id, annotation]))
}

export interface FileAttachmentJson {
  id: string
  AnnotationId: string | null
  AnnotationReplyId: string | null
  name: string
  mimeType: string
  sizeBytes: number
  url: string
  createdAt: string
}

export interface AnnotationReplyJson {
  id: string
  AnnotationId: string
  UserId: string | null
  userName: string
  comment: string
  isPrivate: boolean
  FileAttachments: FileAttachmentJson[]
  createdAt: string
  updatedAt: string
}

export interface AnnotationJson {
  id: string
  CanvasId: string
  CanvasRevisionId: string | null
  CanvasAssetId: string | null
  canvasAssetPageIndex: number | null
  UserId: string | null
  userName: string
  comment: string
  path: string | null
  isPrivate: boolean
  status: string
  inactiveReason: string | null
  metadata: Record<string, unknown>
  x: number | null
  y: number | null
  videoTime: number | null
  assignedUserId: string | null
  assignedUser: { id: string; name: string; avatarUrl: string | null } | null
  Labels: { id: string; name: string; color: string }[]
  lastExportDate: string | null
  textContentBefore: string | null
  textContentAfter: string | null
  screenshotUrl: string | null
  afterScreenshotUrl: string | null
  AnnotationReplies?: AnnotationReplyJson[]
  FileAttachments: FileAttachmentJson[]
  numFileAttachments: number
  createdAt: string
  updatedAt: string
}
