/**
 * Dashboard list benchmark (issue 4 target), printed, never asserted:
 * GET /users/me/canvases (first page) with 5,000 canvases in 100 folders, next to the health route (one
 * database round trip) on the same server process in the same run: single-request median and p99, and
 * closed-loop throughput with the latency each request saw under that load; the ratio list/health is the
 * figure to compare with the targets (issue 4: >= 30 %; issue 13: p99 < 10 ms at 16 concurrent clients and
 * >= 15 % of the health route's throughput).
 *
 * Run: `bun bench/canvas-list.ts` (needs PostgreSQL at TEST_DATABASE_URL or the local default).
 */
import { canvasAssets, canvases, canvasRevisions, folders, migrate, openDatabase } from '@pinpoint/db'
import { buildTeam, buildUser } from '@pinpoint/db/testing'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { createSession } from '../server/src/modules/auth/session'
import { load, printTable, startServer, waitHealthy } from './lib'

const CANVASES = 5000
const FOLDERS = 100
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `pinpoint_bench_canvases_${process.pid}_${Date.now().toString(36)}`
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${name}`)
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`)
const handle = await openDatabase({ databaseUrl, maxConnections: 5 })

function median(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
  }
}

async function sequential(url: string, init: RequestInit, count: number) {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const res = await fetch(url, init)
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
    samples.push(performance.now() - started)
  }
  return median(samples)
}

let server: Awaited<ReturnType<typeof startServer>> | undefined
try {
  await migrate(handle)
  const { db } = handle
  const periodEnd = new Date(Date.now() + 365 * 86_400_000)
  const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser', customer: { periodEnd } })
  const member = await buildUser(db, { teamId: team.id })
  const folderRows = await db
    .insert(folders)
    .values(
      Array.from({ length: FOLDERS }, (_, i) => ({
        name: `Project ${i}`,
        userId: i % 2 ? owner.id : member.id,
      })),
    )
    .returning({ id: folders.id })
  const base = Date.now() - CANVASES * 60_000
  for (let start = 0; start < CANVASES; start += 500) {
    const rows = await db
      .insert(canvases)
      .values(
        Array.from({ length: Math.min(500, CANVASES - start) }, (_, k) => {
          const i = start + k
          return {
            userId: i % 3 ? owner.id : member.id,
            type: (['design', 'website', 'video', 'email'] as const)[i % 4] ?? 'design',
            title: `Canvas ${i} ${['homepage', 'pricing', 'newsletter', 'launch video'][i % 4]}`,
            localUrl: i % 4 === 1 ? `https://example.com/${i}` : null,
            folderId: folderRows[i % FOLDERS]?.id ?? null,
            archiveDate: i % 20 === 0 ? new Date() : null,
            createdAt: new Date(base + i * 60_000),
            updatedAt: new Date(base + i * 60_000),
          }
        }),
      )
      .returning({ id: canvases.id, type: canvases.type })
    const revisions = await db
      .insert(canvasRevisions)
      .values(rows.map((row) => ({ canvasId: row.id, number: 1 })))
      .returning({ id: canvasRevisions.id, canvasId: canvasRevisions.canvasId })
    await db.insert(canvasAssets).values(
      revisions.map((revision, k) => ({
        canvasId: revision.canvasId,
        canvasRevisionId: revision.id,
        name: `asset-${k}.png`,
        type: 'image' as const,
        mimeType: 'image/png',
        storageKey: `assets/${'0'.repeat(31)}${k % 10}.png`,
        sizeBytes: 1000,
      })),
    )
  }
  await db.execute(
    sql`update canvases c set current_revision_id = r.id from canvas_revisions r where r.canvas_id = c.id`,
  )
  await db.execute(
    sql`update folders f set canvases_count = (select count(*) from canvases c where c.folder_id = f.id and c.archive_date is null)`,
  )
  // VACUUM as well as ANALYZE: the steady state autovacuum keeps a real table in (visibility map set, hint
  // bits written). Right after a bulk insert every read would first pay for that housekeeping, and the
  // count's index-only scans would fetch every heap tuple. BENCH_NO_VACUUM=1 measures the cold table.
  await db.execute(process.env.BENCH_NO_VACUUM === '1' ? sql`analyze` : sql`vacuum analyze`)
  const { token } = await createSession(db, { userId: member.id, now: new Date() })

  server = await startServer({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
  })
  const health = `${server.url}/api/v1/health`
  await waitHealthy(health)
  const list = `${server.url}/api/v1/users/me/canvases?offset=0&limit=50`
  const init = { headers: { cookie: `pinpoint_session=${token}` } }
  const probe = (await (await fetch(list, init)).json()) as { total: number; canvases: unknown[] }
  console.log(`list: ${probe.canvases.length} of ${probe.total} canvases on the first page`)

  // Warm up both routes, then measure them alternately in the same run.
  await sequential(list, init, 50)
  await sequential(health, {}, 50)
  const listSingle = await sequential(list, init, 300)
  const healthSingle = await sequential(health, {}, 300)
  const listLoad = await load(list, { concurrency: 16, seconds: 4, init })
  const healthLoad = await load(health, { concurrency: 16, seconds: 4 })
  printTable('GET /users/me/canvases (first page, 5,000 canvases in 100 folders) vs GET /health', [
    {
      route: 'list',
      'median ms': listSingle.median.toFixed(2),
      'p99 ms': listSingle.p99.toFixed(2),
      'req/s (16 conc.)': listLoad.rps.toFixed(0),
      'p50 / p99 ms (16 conc.)': `${listLoad.p50.toFixed(2)} / ${listLoad.p99.toFixed(2)}`,
    },
    {
      route: 'health (floor)',
      'median ms': healthSingle.median.toFixed(2),
      'p99 ms': healthSingle.p99.toFixed(2),
      'req/s (16 conc.)': healthLoad.rps.toFixed(0),
      'p50 / p99 ms (16 conc.)': `${healthLoad.p50.toFixed(2)} / ${healthLoad.p99.toFixed(2)}`,
    },
  ])
  console.log(
    `throughput ratio list/health: ${((100 * listLoad.rps) / healthLoad.rps).toFixed(1)} % (targets: >= 30 % issue 4, >= 15 % issue 13)`,
  )
  console.log(`list p99 at 16 concurrent clients: ${listLoad.p99.toFixed(2)} ms (target < 10 ms, issue 13)`)
  console.log(`list single-request median: ${listSingle.median.toFixed(2)} ms (target < 15 ms)`)
} finally {
  await server?.stop()
  await handle.close()
  // KEEP_DB=1 keeps the seeded database for EXPLAIN sessions.
  if (process.env.KEEP_DB === '1') console.log(`kept database ${name}`)
  else await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
}
