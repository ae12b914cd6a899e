import { openDatabase } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import seed from '/tmp/pp/seed.json'
const handle = await openDatabase({ databaseUrl: seed.url, maxConnections: 2 })
const C = seed.canvasId
const corr = `select a.id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as s,
  concat_ws('|', a.xmin, u.xmin,
   (select string_agg(al.label_id || ':' || al.xmin || ':' || lb.xmin, ',' order by al.label_id) from annotation_labels al join labels lb on lb.id = al.label_id where al.annotation_id = a.id),
   (select string_agg(f.id || ':' || f.xmin, ',' order by f.id) from file_attachments f where f.annotation_id = a.id),
   (select string_agg(r.id || ':' || r.xmin || coalesce((select string_agg(rf.id || ':' || rf.xmin, ',' order by rf.id) from file_attachments rf where rf.reply_id = r.id), ''), ',' order by r.id)
      from annotation_replies r where r.annotation_id = a.id and not r.is_private)) as fp
  from annotations a left join users u on u.id = a.assigned_user_id where a.canvas_id = '${C}' and not a.is_private`
const corrNoRf = corr.replace(/ \|\| coalesce\(\(select string_agg\(rf.*?, ''\)/s, '')
const setb = `with a as materialized (select a.id, a.xmin, a.created_at, a.assigned_user_id from annotations a where a.canvas_id = '${C}' and not a.is_private),
 r as materialized (select r.id, r.annotation_id, r.xmin from annotation_replies r join a on a.id = r.annotation_id where not r.is_private),
 parts as (
   select al.annotation_id as p, 'l' || al.label_id || ':' || al.xmin || ':' || lb.xmin as v from annotation_labels al join a on a.id = al.annotation_id join labels lb on lb.id = al.label_id
   union all select f.annotation_id, 'f' || f.id || ':' || f.xmin from file_attachments f join a on a.id = f.annotation_id
   union all select r.annotation_id, 'r' || r.id || ':' || r.xmin from r
   union all select r.annotation_id, 'g' || f.id || ':' || f.xmin from file_attachments f join r on r.id = f.reply_id),
 g as (select p, string_agg(v, ',' order by v) as fp from parts group by p)
 select a.id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as s, a.xmin || '|' || coalesce(u.xmin::text, '') || '|' || coalesce(g.fp, '') as fp
 from a left join users u on u.id = a.assigned_user_id left join g on g.p = a.id`
const q: Record<string, string> = { corr, corrNoRf, setb }
const times: Record<string, number[]> = {}
for (let i = 0; i < 12; i++) for (const [k, s] of Object.entries(q)) { const t = performance.now(); const rows = await handle.rows(sql.raw(s)); if (i === 0) console.log(k, rows.length, JSON.stringify(rows[1]).slice(0, 300)); (times[k] ??= []).push(performance.now() - t) }
for (const [k, ts] of Object.entries(times)) { ts.sort((a, b) => a - b); console.log(k.padEnd(10), 'min', ts[0]!.toFixed(1), 'med', ts[ts.length >> 1]!.toFixed(1)) }
await handle.close()
