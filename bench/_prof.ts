import { openDatabase } from '@pinpoint/db'
import seed from '/tmp/pp/seed.json'
import * as J from '../server/src/modules/annotations/json-sql'
const handle = await openDatabase({ databaseUrl: seed.url, maxConnections: 2 })
const db = handle.db
// capture SQL
let captured: any
await J.annotationJsonTexts({ execute: async (q: any) => { captured = q; return [] } } as any, { canvasId: seed.canvasId, includePrivate: true })
const { sql: text, params } = db.dialect.sqlToQuery(captured)
const times: Record<string, number[]> = {}
const rec = (k: string, t: number) => (times[k] ??= []).push(t)
for (let i = 0; i < 12; i++) {
  let s = performance.now(); await handle.sql!.unsafe(text, params as any); rec('pgjs objects', performance.now() - s)
  s = performance.now(); await handle.sql!.unsafe(text, params as any).raw(); rec('pgjs raw', performance.now() - s)
  s = performance.now(); await handle.sql!.unsafe(`select count(*) from (${text}) x`, params as any); rec('server only(count)', performance.now() - s)
  s = performance.now(); await J.annotationJsonTexts(db, { canvasId: seed.canvasId, includePrivate: true }); rec('full', performance.now() - s)
}
for (const [k, ts] of Object.entries(times)) { ts.sort((a, b) => a - b); console.log(k.padEnd(20), 'min', ts[0]!.toFixed(1), 'med', ts[ts.length >> 1]!.toFixed(1)) }
await handle.close()
