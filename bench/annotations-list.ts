/**
 * Comment list benchmark (issue 5 targets), printed, never asserted:
 * - GET /canvases/{id}/annotations for 2,000 annotations + 6,000 replies: single-request median and p99,
 *   unchanged (served from the version-validated cache), right after a new reply (the list is rebuilt for
 *   the annotations that changed) and right after a change to every annotation (rebuilt in full);
 * - throughput next to the floor: the same response bytes served from memory by a bare Elysia process,
 *   measured in the same run;
 * - a repeat request with its ETag: 304 latency.
 *
 * Run: `bun bench/annotations-list.ts` (needs PostgreSQL at TEST_DATABASE_URL or the local default).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { annotationReplies, annotations, type DbOrTx } from '@pinpoint/db'
import { eq, sql } from 'drizzle-orm'
import { seedComments } from './comments-seed'
import { freePort, load, printTable, root, startServer, tempDir, waitHealthy } from './lib'

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { median: pick(0.5), p99: pick(0.99) }
}

async function timed(
  url: string,
  init: RequestInit,
): Promise<{ ms: number; status: number; bytes: number; etag: string }> {
  const started = performance.now()
  const res = await fetch(url, init)
  const body = await res.arrayBuffer()
  return {
    ms: performance.now() - started,
    status: res.status,
    bytes: body.byteLength,
    etag: res.headers.get('etag') ?? '',
  }
}

const fixture = await seedComments()
const server = await startServer({
  DATABASE_URL: fixture.databaseUrl,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
})
let floor: ReturnType<typeof Bun.spawn> | undefined
try {
  await waitHealthy(`${server.url}/api/v1/health`)
  const url = `${server.url}/api/v1/canvases/${fixture.canvasId}/annotations`
  const init = { headers: { cookie: `pinpoint_session=${await fixture.token(fixture.member)}` } }
  const first = await timed(url, init)
  if (first.status !== 200) throw new Error(`list answered ${first.status}`)

  // What recordEvents does in the writing transaction: bump the canvas's list version.
  const bump = (db: Pick<DbOrTx, 'execute'> = fixture.handle.db) =>
    db.execute(sql`insert into canvas_versions (canvas_id, version, public_version)
      values (${fixture.canvasId}, 1, 1)
      on conflict (canvas_id) do update set version = canvas_versions.version + 1`)
  const targets = await fixture.handle.db
    .select({ id: annotations.id })
    .from(annotations)
    .where(eq(annotations.canvasId, fixture.canvasId))
    .limit(30)
  // After a new reply: the cached list is rebuilt for what changed.
  const afterReply: number[] = []
  for (const [i, target] of targets.entries()) {
    await fixture.handle.db.transaction(async (tx) => {
      await tx.insert(annotationReplies).values({
        annotationId: target.id,
        userId: fixture.member.id,
        userName: fixture.member.name,
        comment: `Bench reply ${i}: on it.`,
      })
      await bump(tx)
    })
    afterReply.push((await timed(url, init)).ms)
  }
  // After a change to every annotation (a full rebuild, like the first request of a process).
  const rebuilt: number[] = []
  for (let i = 0; i < 15; i++) {
    await fixture.handle.db.execute(
      sql`update annotations set updated_at = updated_at where canvas_id = ${fixture.canvasId}`,
    )
    await bump()
    rebuilt.push((await timed(url, init)).ms)
  }
  const unchanged: number[] = []
  let etag = ''
  for (let i = 0; i < 200; i++) {
    const result = await timed(url, init)
    unchanged.push(result.ms)
    etag = result.etag
  }
  const notModified: number[] = []
  for (let i = 0; i < 300; i++) {
    const result = await timed(url, { headers: { ...init.headers, 'if-none-match': etag } })
    if (result.status !== 304) throw new Error(`expected 304, got ${result.status}`)
    notModified.push(result.ms)
  }

  const bodyFile = join(tempDir('pinpoint-bench-floor-'), 'body.json')
  writeFileSync(bodyFile, await (await fetch(url, init)).text())
  const floorPort = await freePort()
  floor = Bun.spawn([process.execPath, 'bench/floor-file-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(floorPort), FLOOR_BODY_FILE: bodyFile },
    stdout: 'ignore',
  })
  const floorUrl = `http://127.0.0.1:${floorPort}/floor`
  await waitHealthy(floorUrl)
  const concurrency = 16
  await load(floorUrl, { concurrency, seconds: 1 })
  await load(url, { concurrency, seconds: 1, init })
  const floorResult = await load(floorUrl, { concurrency, seconds: 4 })
  const apiResult = await load(url, { concurrency, seconds: 4, init })

  const r = stats(rebuilt)
  const c = stats(afterReply)
  const u = stats(unchanged)
  const n = stats(notModified)
  printTable(
    `GET /canvases/{id}/annotations: 2,000 annotations + 6,000 replies, ${(first.bytes / 1024 / 1024).toFixed(2)} MB`,
    [
      {
        case: 'unchanged (cache validated by version)',
        median_ms: u.median.toFixed(2),
        p99_ms: u.p99.toFixed(2),
        target: 'median < 60 ms',
      },
      {
        case: 'right after a new reply (rebuilt for what changed)',
        median_ms: c.median.toFixed(2),
        p99_ms: c.p99.toFixed(2),
        target: 'median < 60 ms',
      },
      {
        case: 'after a change to every annotation (full rebuild)',
        median_ms: r.median.toFixed(2),
        p99_ms: r.p99.toFixed(2),
        target: '',
      },
      {
        case: 'repeat with If-None-Match (304)',
        median_ms: n.median.toFixed(2),
        p99_ms: n.p99.toFixed(2),
        target: '< 5 ms',
      },
    ],
  )
  printTable(`Throughput (${concurrency} concurrent, 4 s, loopback)`, [
    {
      route: 'floor: same bytes from memory',
      rps: floorResult.rps.toFixed(0),
      p50_ms: floorResult.p50.toFixed(2),
      p99_ms: floorResult.p99.toFixed(2),
    },
    {
      route: 'GET /canvases/{id}/annotations',
      rps: apiResult.rps.toFixed(0),
      p50_ms: apiResult.p50.toFixed(2),
      p99_ms: apiResult.p99.toFixed(2),
    },
    {
      route: 'ratio',
      rps: `${((apiResult.rps / floorResult.rps) * 100).toFixed(0)} %`,
      p50_ms: '',
      p99_ms: 'target >= 50 %',
    },
  ])
} finally {
  floor?.kill()
  await server.stop()
  await fixture.drop()
}
