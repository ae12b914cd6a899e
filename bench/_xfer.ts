import { openDatabase } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import seed from '/tmp/pp/seed.json'
const handle = await openDatabase({ databaseUrl: seed.url, maxConnections: 2 })
const q: Record<string, any> = {
  one: sql`select repeat('y', 4500000) as body`,
  rows: sql`select repeat('y', 2250) as body from generate_series(1, 2000)`,
  sqlOne: async () => handle.sql!.unsafe(`select repeat('y', 4500000) as body`),
  sqlRows: async () => handle.sql!.unsafe(`select repeat('y', 2250) as body from generate_series(1, 2000)`),
  sqlRowsRaw: async () => handle.sql!.unsafe(`select repeat('y', 2250) as body from generate_series(1, 2000)`).raw(),
}
const times: Record<string, number[]> = {}
for (let i = 0; i < 15; i++) for (const [k, s] of Object.entries(q)) { const t = performance.now(); typeof s === 'function' ? await s() : await handle.rows(s); (times[k] ??= []).push(performance.now() - t) }
for (const [k, ts] of Object.entries(times)) { ts.sort((a, b) => a - b); console.log(k.padEnd(10), 'min', ts[0]!.toFixed(1), 'med', ts[ts.length >> 1]!.toFixed(1)) }
const big = 'x'.repeat(4_500_000) + 'é'
let t = performance.now(); for (let i = 0; i < 10; i++) new TextEncoder().encode(big); console.log('encode 4.5MB', ((performance.now() - t) / 10).toFixed(2))
const parts = Array.from({ length: 2000 }, (_, i) => 'x'.repeat(2250) + i)
t = performance.now(); for (let i = 0; i < 10; i++) new TextEncoder().encode(`{"annotations":[${parts.join(',')}]}`); console.log('join+encode', ((performance.now() - t) / 10).toFixed(2))
t = performance.now(); for (let i = 0; i < 10; i++) Buffer.from(`{"annotations":[${parts.join(',')}]}`); console.log('join+Buffer.from', ((performance.now() - t) / 10).toFixed(2))
await handle.close()
