/**
 * The one read of the fast write path (decision 052): everything a comment write decides on, in ONE
 * statement: the canvas record (as canvasRecordQuery reads it), the writer's invitation role, the
 * annotation (and its flat JSON rows), a label, the writer's unattached uploads, placement checks, and every
 * possible notification recipient (mentioned users, canvas owner, annotation author, earlier repliers) as
 * ActorUsers with their invitation to the canvas. The rules then run in TypeScript on these facts, exactly
 * as they do on the slow path, and the write is one more statement (write-statement.ts).
 */
import {
  type Annotation,
  annotations,
  type Canvas,
  type Customer,
  canvases,
  customers,
  type DbOrTx,
  type FileAttachment,
  fileAttachments,
  type Label,
  labels,
  type SsoConfig,
  ssoConfigs,
  type Team,
  teams,
  type User,
  users,
} from '@pinpoint/db'
import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm'
import { type ActorUser, shapeActorUserRow } from '../auth/actor'
import { type CanvasRecord, toCanvasRecord } from '../canvases/access'
import { rowsOf } from './db-rows'
import { type FlatRow, selectionSql } from './json-statement'

/** A row of `table` from its `to_jsonb` form, mapped as drizzle maps driver values (dates, bigints). */
export function rowFromJson<T>(table: Table, json: Record<string, unknown> | null): T | null {
  if (!json) return null
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const raw = json[column.name]
    row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw)
  }
  return row as T
}

export interface WriteContextQuery {
  /** The canvas, directly (a new comment) or as the annotation's canvas. */
  canvasId?: string
  annotationId?: string
  viewerId: string | null
  /** Users named by mentions in the new text (both id spellings). */
  mentionedIds?: readonly string[]
  /** Add the annotation's earlier repliers to the candidates (a new reply). */
  repliers?: boolean
  labelId?: string
  attachmentIds?: readonly string[]
  assetId?: string | null
  revisionId?: string | null
  /** Read the annotation's flat JSON rows (every reply, private ones included; filtered by the caller). */
  flatRows?: boolean
}

export interface Candidate {
  user: ActorUser
  /** Invited to the canvas (canvas_users). */
  invited: boolean
}

export interface WriteContext {
  record: CanvasRecord | null
  viewerRole: string | null
  annotation: Annotation | null
  label: Label | null
  attachments: FileAttachment[]
  /** The asset belongs to the canvas; `assetRevisionId` is its revision. */
  assetFound: boolean
  assetRevisionId: string | null
  /** The revision id, when it belongs to the canvas. */
  revisionFound: boolean
  repliers: string[]
  candidates: Map<string, Candidate>
  flatRows: FlatRow[]
}

interface RawContext {
  canvas: Record<string, unknown> | null
  owner_team_id: string | null
  customer: Record<string, unknown> | null
  viewer_role: string | null
  annotation: Record<string, unknown> | null
  label: Record<string, unknown> | null
  attachments: Record<string, unknown>[] | null
  asset_revision_id: string | null
  revision_found: boolean | null
  repliers: string[] | null
  candidates:
    | {
        user: Record<string, unknown>
        customer: Record<string, unknown> | null
        team: Record<string, unknown> | null
        sso: Record<string, unknown> | null
        team_customer: Record<string, unknown> | null
        invited: boolean
      }[]
    | null
  flat: FlatRow[] | null
}

const list = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`

function contextSql(q: WriteContextQuery): SQL {
  const canvasId = q.annotationId
    ? sql`(select canvas_id from annotations where id = ${q.annotationId})`
    : sql`${q.canvasId ?? ''}::text`
  const candidateIds: SQL[] = [sql`select user_id from c`]
  if (q.mentionedIds?.length) candidateIds.push(sql`select unnest(${list(q.mentionedIds)})`)
  if (q.annotationId) candidateIds.push(sql`select user_id from annotations where id = ${q.annotationId}`)
  if (q.repliers && q.annotationId)
    candidateIds.push(sql`select user_id from annotation_replies where annotation_id = ${q.annotationId}`)
  const none = sql`null`
  return sql`
    with cid as (select ${canvasId} as id),
    c as (select * from canvases where id = (select id from cid))
    select
      (select to_jsonb(c) from c) as canvas,
      (select u.team_id from c join users u on u.id = c.user_id) as owner_team_id,
      (select to_jsonb(cu) from c join users u on u.id = c.user_id left join teams t on t.id = u.team_id
        join customers cu on cu.user_id = coalesce(t.owner_user_id, u.id)) as customer,
      ${q.viewerId ? sql`(select role from canvas_users where canvas_id = (select id from cid) and user_id = ${q.viewerId})` : none} as viewer_role,
      ${q.annotationId ? sql`(select to_jsonb(a) from annotations a where id = ${q.annotationId})` : none} as annotation,
      ${q.labelId ? sql`(select to_jsonb(l) from labels l where id = ${q.labelId})` : none} as label,
      ${
        q.attachmentIds?.length && q.viewerId
          ? sql`(select jsonb_agg(to_jsonb(f)) from file_attachments f where f.id = any(${list(q.attachmentIds)})
            and f.user_id = ${q.viewerId} and f.annotation_id is null and f.reply_id is null)`
          : none
      } as attachments,
      ${q.assetId ? sql`(select coalesce(canvas_revision_id, '') from canvas_assets where id = ${q.assetId} and canvas_id = (select id from cid))` : none} as asset_revision_id,
      ${q.revisionId ? sql`exists (select 1 from canvas_revisions where id = ${q.revisionId} and canvas_id = (select id from cid))` : none} as revision_found,
      ${
        q.repliers && q.annotationId
          ? sql`(select jsonb_agg(distinct user_id) from annotation_replies where annotation_id = ${q.annotationId} and user_id is not null)`
          : none
      } as repliers,
      (select jsonb_agg(jsonb_build_object('user', to_jsonb(u), 'customer', to_jsonb(uc), 'team', to_jsonb(t),
          'sso', to_jsonb(s), 'team_customer', to_jsonb(tc), 'invited',
          exists (select 1 from canvas_users x where x.canvas_id = (select id from cid) and x.user_id = u.id)))
        from users u left join customers uc on uc.user_id = u.id left join teams t on t.id = u.team_id
        left join sso_configs s on s.team_id = t.id left join customers tc on tc.user_id = t.owner_user_id
        where u.id in (${sql.join(candidateIds, sql` union `)})) as candidates,
      ${
        q.flatRows && q.annotationId
          ? sql`(select json_agg(f) from (${selectionSql({ annotationIds: [q.annotationId], includePrivate: true, withReplies: true })}) f)`
          : none
      } as flat`
}

/** Reads the write context in one statement. */
export async function readWriteContext(db: DbOrTx, q: WriteContextQuery): Promise<WriteContext> {
  const [raw] = await rowsOf<RawContext>(db, contextSql(q))
  if (!raw) throw new Error('the write context returned no row')
  const canvas = rowFromJson<Canvas>(canvases, raw.canvas)
  const record = canvas
    ? toCanvasRecord({
        canvas,
        ownerTeamId: raw.owner_team_id,
        customer: rowFromJson<Customer>(customers, raw.customer),
      })
    : null
  const candidates = new Map<string, Candidate>()
  for (const entry of raw.candidates ?? []) {
    const user = shapeActorUserRow({
      user: rowFromJson<User>(users, entry.user) as User,
      customer: rowFromJson<Customer>(customers, entry.customer),
      team: rowFromJson<Team>(teams, entry.team),
      ssoConfig: rowFromJson<SsoConfig>(ssoConfigs, entry.sso),
      teamCustomer: rowFromJson<Customer>(customers, entry.team_customer),
    })
    candidates.set(user.id, { user, invited: entry.invited })
  }
  return {
    record,
    viewerRole: raw.viewer_role,
    annotation: rowFromJson<Annotation>(annotations, raw.annotation),
    label: rowFromJson<Label>(labels, raw.label),
    attachments: (raw.attachments ?? []).map(
      (json) => rowFromJson<FileAttachment>(fileAttachments, json) as FileAttachment,
    ),
    assetFound: raw.asset_revision_id !== null,
    assetRevisionId: raw.asset_revision_id || null,
    revisionFound: raw.revision_found === true,
    repliers: raw.repliers ?? [],
    candidates,
    flatRows: (raw.flat ?? []).map((row) => ({ ...row, k: Number(row.k) })),
  }
}
