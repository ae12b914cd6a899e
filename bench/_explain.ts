import { openDatabase } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import seed from '/tmp/pp/seed.json'
import { annotationsJsonText } from '../server/src/modules/annotations/json-sql'
const handle = await openDatabase({ databaseUrl: seed.url, maxConnections: 2 })
const db = handle.db
for (const includePrivate of [true, false]) {
  const times: number[] = []
  let len = 0
  for (let i = 0; i < 8; i++) {
    const t = performance.now()
    const text = await annotationsJsonText(db, { canvasId: seed.canvasId, includePrivate })
    times.push(performance.now() - t)
    len = text.length
  }
  times.sort((a, b) => a - b)
  console.log(includePrivate, len, times.map((t) => t.toFixed(0)).join(' '))
}
const t = performance.now()
const r: any = await db.execute(sql`select ${'x'.repeat(10)} || repeat('y', 4500000) as body`)
console.log('4.5MB text transfer', (performance.now() - t).toFixed(1))
await handle.close()
