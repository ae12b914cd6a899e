/**
 * The one write of the fast write path (decision 052): the change, its events, the canvas version bump,
 * the canvas's activity time and the NOTIFY of every event, as ONE statement of data-modifying CTEs. A
 * single statement is atomic without BEGIN/COMMIT, and `pg_notify` is delivered when it commits, exactly
 * as from a transaction (realtime/bus.ts). Events are only written when the change's gate CTE (`g`)
 * returned a row, so a change that lost a race writes and announces nothing.
 *
 * The NOTIFY payloads and frames are built in SQL by bus.ts `notifyEventRowsSql`, next to the encoder
 * they must match (each event in its own payload; a frame over MAX_FRAME_BYTES is left out and loaded
 * by the listeners).
 */
import type { DbOrTx, EventData } from '@pinpoint/db'
import { type SQL, sql } from 'drizzle-orm'
import { BUS_CHANNEL, notifyEventRowsSql } from '../../realtime/bus'
import { dashboardHintsSql } from '../../realtime/dashboard-hints'
import type { RecordEventInput } from '../events/service'
import { rowsOf } from './db-rows'

export interface WriteStatement {
  /** The change as named CTEs (`name as (...)`); one of them must be `g`, the gate. */
  ctes: SQL[]
  canvasId: string
  events: readonly RecordEventInput[]
  /** Sets canvases.last_activity_at (new comments and replies). */
  activityAt?: Date
  /** Extra columns of the answer, e.g. `(select count(*) from att) as attached`. */
  answer?: SQL[]
}

function eventValues(input: RecordEventInput, index: number): SQL {
  const data: EventData = input.data ?? {}
  return sql`(${input.type}, ${input.canvasId ?? null}::text, ${input.annotationId ?? null}::text,
    ${input.replyId ?? null}::text, ${input.actorUserId ?? null}::text, ${input.userId ?? null}::text,
    ${input.isPrivate ?? false}::boolean, ${JSON.stringify(data)}::jsonb, ${index}::int)`
}

/** The statement; its one row says whether the gate passed (`done`) plus the extra answer columns. */
export function writeStatementSql(w: WriteStatement): SQL {
  const feed = w.events.filter((event) => event.canvasId && !event.userId)
  const publicStep = feed.some((event) => !event.isPrivate) ? 1 : 0
  const ctes = [...w.ctes]
  if (feed.length > 0) {
    // The list cache's validator (list.ts); its new version is written on the feed events (decision 052).
    ctes.push(sql`vb as (
      insert into canvas_versions (canvas_id, version, public_version)
      select id, 1, ${publicStep}::bigint from canvases where id = ${w.canvasId} and exists (select 1 from g)
      on conflict (canvas_id) do update
        set version = canvas_versions.version + 1,
            public_version = canvas_versions.public_version + excluded.public_version
      returning version)`)
  }
  if (w.events.length > 0) {
    ctes.push(sql`ev as (
      insert into events (type, canvas_id, annotation_id, reply_id, actor_user_id, user_id, is_private, data,
        canvas_version)
      select v.type, v.canvas_id, v.annotation_id, v.reply_id, v.actor_user_id, v.user_id, v.is_private, v.data,
        ${feed.length > 0 ? sql`case when v.user_id is null and v.canvas_id = ${w.canvasId} then (select version from vb) end` : sql`null::bigint`}
      from (values ${sql.join(
        w.events.map((event, index) => eventValues(event, index)),
        sql`, `,
      )})
        as v(type, canvas_id, annotation_id, reply_id, actor_user_id, user_id, is_private, data, n)
      where exists (select 1 from g)
      order by v.n
      returning *)`)
    ctes.push(sql`nt as (${notifyEventRowsSql('ev')})`)
  }
  // The team's dashboards hear of the activity in the same statement, as recordEvents' path does (decision 054).
  const hints = dashboardHintsSql(
    BUS_CHANNEL,
    w.events.map((event) => ({
      type: event.type,
      canvasId: event.canvasId ?? null,
      userId: event.userId ?? null,
    })),
  )
  if (hints) ctes.push(sql`dh as (select ${hints} as sent where exists (select 1 from g))`)
  if (w.activityAt) {
    ctes.push(sql`act as (
      update canvases set last_activity_at = ${w.activityAt.toISOString()}
      where id = ${w.canvasId} and exists (select 1 from g) returning id)`)
  }
  const answer = [
    sql`exists (select 1 from g) as done`,
    ...(w.events.length > 0 ? [sql`(select count(*) from nt)::int as notified`] : []),
    ...(hints ? [sql`(select count(*) from dh)::int as hinted`] : []),
    ...(w.answer ?? []),
  ]
  return sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(answer, sql`, `)}`
}

export async function runWriteStatement<T extends { done: boolean }>(
  db: DbOrTx,
  w: WriteStatement,
): Promise<T> {
  const [row] = await rowsOf<T>(db, writeStatementSql(w))
  if (!row) throw new Error('the write statement returned no row')
  return row
}
