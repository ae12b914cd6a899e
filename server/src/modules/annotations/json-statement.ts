/**
 * The one statement behind annotation JSON: flat text rows, one per annotation, label, attachment and reply,
 * tagged by kind, all read in one snapshot with the privacy filter in its WHERE clauses (see json-sql.ts).
 */
import { type SQL, sql } from 'drizzle-orm'

export interface AnnotationSelection {
  canvasId?: string
  annotationIds?: readonly string[]
  /** Include private annotations and private replies (the viewer may see private comments). */
  includePrivate: boolean
  /** Event snapshots leave replies out: replies have their own events, and a snapshot must not shrink a
   *  team viewer's thread to what a public viewer sees. */
  withReplies?: boolean
}

/** The WHERE clauses of a selection on `annotations a`: the canvas, the ids, and the privacy filter. */
export function selectionWhere(selection: AnnotationSelection): SQL {
  const where: SQL[] = []
  if (selection.canvasId) where.push(sql`a.canvas_id = ${selection.canvasId}`)
  if (selection.annotationIds) {
    if (selection.annotationIds.length === 0) where.push(sql`false`)
    else where.push(sql`a.id in ${[...selection.annotationIds]}`)
  }
  if (!selection.includePrivate) where.push(sql`not a.is_private`)
  return sql.join(where, sql` and `)
}

/** Row kinds of the statement. */
export const ANNOTATION = 0
export const LABEL = 1
export const FILE = 2
export const REPLY = 3

/** One flat row: `p` is the annotation it belongs to, `s` its sort key (creation time with microseconds). */
export interface FlatRow {
  k: number
  p: string
  s: string
  id: string
  /** Transaction ids of the row(s) it comes from (the fingerprint's parts). */
  x: string
  y: string | null
  c1: string | null
  c2: string | null
  c3: string | null
  c4: string | null
  c5: string | null
  c6: string | null
  c7: string | null
  c8: string | null
  c9: string | null
  c10: string | null
  c11: string | null
  c12: string | null
  c13: string | null
  c14: string | null
  c15: string | null
  c16: string | null
  c17: string | null
  c18: string | null
  c19: string | null
  c20: string | null
  c21: string | null
  c22: string | null
  c23: string | null
  c24: string | null
  c25: string | null
  c26: string | null
  c27: string | null
}

const COLUMNS = 27

/** ISO-8601 in UTC with milliseconds and Z, like Date.prototype.toISOString. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
/** A sort key with the full (microsecond) precision of the column: orders like the column itself. */
const sortKey = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`

/** A union branch: `k, p, s, id, c1..c27`, unused columns null (every column is text). */
function branch(
  kind: number,
  parent: string,
  sort: string,
  id: string,
  values: string[],
  from: string,
  xmins: [string, string?],
): string {
  const columns = Array.from({ length: COLUMNS }, (_, i) => `${values[i] ?? 'null'}::text as c${i + 1}`)
  return `select ${kind} as k, ${parent} as p, ${sortKey(sort)} as s, ${id} as id, ${xmins[0]}::text as x, ${xmins[1] ?? 'null'}::text as y, ${columns.join(', ')} ${from}`
}

const ANNOTATION_BRANCH = branch(
  ANNOTATION,
  'a.id',
  'a.created_at',
  'a.id',
  [
    'a.canvas_id',
    'a.canvas_revision_id',
    'a.canvas_asset_id',
    'a.canvas_asset_page_index',
    'a.user_id',
    'a.user_name',
    'a.comment',
    'a.path',
    'a.is_private',
    'a.status',
    'a.inactive_reason',
    'a.metadata',
    'a.x',
    'a.y',
    'a.video_time',
    'a.assigned_user_id',
    'u.id',
    'u.name',
    'u.avatar_url',
    iso('a.last_export_date'),
    'a.text_content_before',
    'a.text_content_after',
    'a.screenshot_url',
    'a.after_screenshot_url',
    iso('a.created_at'),
    iso('a.updated_at'),
    iso('a.edited_at'),
  ],
  'from a left join users u on u.id = a.assigned_user_id',
  ['a.xmin', 'u.xmin'],
)

const LABEL_BRANCH = branch(
  LABEL,
  'al.annotation_id',
  'al.created_at',
  'lb.id',
  ['lb.name', 'lb.color'],
  'from annotation_labels al join a on a.id = al.annotation_id join labels lb on lb.id = al.label_id',
  ['al.xmin', 'lb.xmin'],
)

const fileColumns = (annotationId: string) => [
  'f.annotation_id',
  'f.reply_id',
  'f.name',
  'f.mime_type',
  'f.size_bytes',
  iso('f.created_at'),
  annotationId,
]

/** Annotation-level files only: a reply's files are counted and listed with the reply. */
const ANNOTATION_FILE_BRANCH = branch(
  FILE,
  'f.annotation_id',
  'f.created_at',
  'f.id',
  fileColumns('f.annotation_id'),
  'from file_attachments f join a on a.id = f.annotation_id where f.reply_id is null',
  ['f.xmin'],
)

const REPLY_FILE_BRANCH = branch(
  FILE,
  'r.annotation_id',
  'f.created_at',
  'f.id',
  fileColumns('r.annotation_id'),
  'from file_attachments f join r on r.id = f.reply_id',
  ['f.xmin'],
)

const REPLY_BRANCH = branch(
  REPLY,
  'r.annotation_id',
  'r.created_at',
  'r.id',
  [
    'r.user_id',
    'r.user_name',
    'r.comment',
    'r.is_private',
    iso('r.created_at'),
    iso('r.updated_at'),
    iso('r.edited_at'),
  ],
  'from r',
  ['r.xmin'],
)

export function selectionSql(selection: AnnotationSelection): SQL {
  const withReplies = selection.withReplies ?? true
  const replies = withReplies
    ? sql.raw(`,
    r as materialized (
      select r.*, r.xmin from annotation_replies r join a on a.id = r.annotation_id
      ${selection.includePrivate ? '' : 'where not r.is_private'})`)
    : sql``
  const branches = [ANNOTATION_BRANCH, LABEL_BRANCH, ANNOTATION_FILE_BRANCH]
  if (withReplies) branches.push(REPLY_BRANCH, REPLY_FILE_BRANCH)
  return sql`
    with a as materialized (select a.*, a.xmin from annotations a where ${selectionWhere(selection)})${replies}
    ${sql.raw(branches.join('\n    union all\n    '))}`
}
