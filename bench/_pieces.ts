import { openDatabase } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import seed from '/tmp/pp/seed.json'
const handle = await openDatabase({ databaseUrl: seed.url, maxConnections: 2 })
const C = seed.canvasId
const iso = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const q: Record<string, string> = {
  count: `select count(*)::text as body from annotations a where a.canvas_id = '${C}'`,
  aMin: `select json_agg(json_build_object('id', a.id, 'comment', a.comment))::text as body from annotations a where a.canvas_id = '${C}'`,
  aMeta: `select json_agg(json_build_object('id', a.id, 'comment', a.comment, 'metadata', a.metadata))::text as body from annotations a where a.canvas_id = '${C}'`,
  aIso: `select json_agg(json_build_object('id', a.id, 'comment', a.comment, 'c', ${iso('a.created_at')}, 'u', ${iso('a.updated_at')}, 'l', ${iso('a.last_export_date')}))::text as body from annotations a where a.canvas_id = '${C}'`,
  aRow: `select json_agg(a)::text as body from annotations a where a.canvas_id = '${C}'`,
  rMin: `select json_agg(json_build_object('id', r.id, 'comment', r.comment))::text as body from annotations a join annotation_replies r on r.annotation_id = a.id where a.canvas_id = '${C}'`,
  rFull: `select json_agg(json_build_object('id', r.id, 'AnnotationId', r.annotation_id, 'UserId', r.user_id, 'userName', r.user_name, 'comment', r.comment, 'isPrivate', r.is_private, 'c', ${iso('r.created_at')}, 'u', ${iso('r.updated_at')}))::text as body from annotations a join annotation_replies r on r.annotation_id = a.id where a.canvas_id = '${C}'`,
  rSub: `select json_agg((select json_agg(json_build_object('id', r.id, 'comment', r.comment)) from annotation_replies r where r.annotation_id = a.id))::text as body from annotations a where a.canvas_id = '${C}'`,
  rSubCount: `select sum((select count(*) from annotation_replies r where r.annotation_id = a.id))::text as body from annotations a where a.canvas_id = '${C}'`,
}
const times: Record<string, number[]> = {}
for (let i = 0; i < 12; i++) for (const [k, s] of Object.entries(q)) { const t = performance.now(); await handle.rows(sql.raw(s)); (times[k] ??= []).push(performance.now() - t) }
for (const [k, ts] of Object.entries(times)) { ts.sort((a, b) => a - b); console.log(k.padEnd(10), 'min', ts[0]!.toFixed(1), 'med', ts[ts.length >> 1]!.toFixed(1)) }
await handle.close()
