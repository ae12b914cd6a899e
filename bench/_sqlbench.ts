import { openDatabase } from '@pinpoint/db'
import seed from '/tmp/pp/seed.json'
import { annotationsJsonText } from '../server/src/modules/annotations/json-sql'
import { v1 } from './_v1'
const handle = await openDatabase({ databaseUrl: seed.url, maxConnections: 2 })
const db = handle.db
const one = async (q: any) => ((await handle.rows<{ body: string }>(q))[0]?.body ?? '')
const variants: Record<string, (p: boolean) => Promise<string>> = {
  v0: (p) => annotationsJsonText(db, { canvasId: seed.canvasId, includePrivate: p }),
  v1: (p) => one(v1(seed.canvasId, p)),
  v1agg: (p) => one(v1(seed.canvasId, p, { orderInAgg: true })),
  v1nofiles: (p) => one(v1(seed.canvasId, p, { replyFiles: 'none' })),
  v1rows: async (p) => `[${(await handle.rows<{ j: string }>(v1(seed.canvasId, p, { rows: true }))).map((r) => r.j).join(',')}]`,
  v1rowsRaw: async (p) => `[${(await handle.sql!.unsafe(handle.db.dialect.sqlToQuery(v1(seed.canvasId, p, { rows: true })).sql, handle.db.dialect.sqlToQuery(v1(seed.canvasId, p, { rows: true })).params as any)).map((r: any) => r.j).join(',')}]`,
}
const ref = { t: await variants.v0!(true), f: await variants.v0!(false) }
for (const [k, fn] of Object.entries(variants)) {
  const t = await fn(true), f = await fn(false)
  console.log(k, 'same(team)', t === ref.t, 'same(public)', f === ref.f, t.length, f.length)
}
const times: Record<string, number[]> = {}
for (let i = 0; i < Number(process.env.N ?? 10); i++)
  for (const [k, fn] of Object.entries(variants)) {
    const s = performance.now(); await fn(i % 2 === 0); (times[k] ??= []).push(performance.now() - s)
  }
for (const [k, ts] of Object.entries(times)) { ts.sort((a, b) => a - b); console.log(k, 'min', ts[0]!.toFixed(1), 'med', ts[ts.length >> 1]!.toFixed(1)) }
await handle.close()
