import { openDatabase } from '@pinpoint/db'
import { isDeepStrictEqual } from 'node:util'
import seed from '/tmp/pp/seed.json'
import { annotationsJsonText } from '../server/src/modules/annotations/json-sql'
import { annotationsJsonText as oldText } from './_old-json-sql'
const handle = await openDatabase({ databaseUrl: process.env.URL ?? seed.url, maxConnections: 2 })
const db = handle.db
const canvasId = process.env.CANVAS ?? seed.canvasId
for (const p of [true, false]) for (const withReplies of [true, false]) {
  const a = await annotationsJsonText(db, { canvasId, includePrivate: p, withReplies })
  const b = await oldText(db, { canvasId, includePrivate: p, withReplies })
  console.log(p, withReplies, 'equal', isDeepStrictEqual(JSON.parse(a), JSON.parse(b)), a.length, b.length)
}
const times: Record<string, number[]> = {}
const v: Record<string, (p: boolean) => Promise<string>> = { old: (p) => oldText(db, { canvasId, includePrivate: p }), new: (p) => annotationsJsonText(db, { canvasId, includePrivate: p }) }
for (let i = 0; i < Number(process.env.N ?? 12); i++) for (const [k, fn] of Object.entries(v)) { const s = performance.now(); await fn(i % 2 === 0); (times[k] ??= []).push(performance.now() - s) }
for (const [k, ts] of Object.entries(times)) { ts.sort((a, b) => a - b); console.log(k, 'min', ts[0]!.toFixed(1), 'med', ts[ts.length >> 1]!.toFixed(1)) }
await handle.close()
