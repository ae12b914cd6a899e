/**
 * Comment list benchmark (issue 5 targets), printed, never asserted:
 * - GET /canvases/{id}/annotations for 2,000 annotations + 6,000 replies: single-request median and p99,
 *   unchanged (served from the version-validated cache), right after a new reply (the list is rebuilt for
 *   the annotations that changed) and right after a change to every annotation (rebuilt in full);
 * - throughput next to the floor: the same response bytes served from memory by a bare Elysia process,
 *   measured in the same run (alternating rounds), with the plain body and with gzip (each against a floor
 *   sending the same bytes);
 * - a repeat request with its ETag: 304 latency.
 *
 * Run: `bun bench/annotations-list.ts` (needs PostgreSQL at TEST_DATABASE_URL or the local default).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { annotationReplies, annotations, type DbOrTx } from '@pinpoint/db'
import { eq, sql } from 'drizzle-orm'
import { recordEvents } from '../server/src/modules/events/service'
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
const floors: ReturnType<typeof Bun.spawn>[] = []
try {
  await waitHealthy(`${server.url}/api/v1/health`)
  const url = `${server.url}/api/v1/canvases/${fixture.canvasId}/annotations`
  const cookie = `pinpoint_session=${await fixture.token(fixture.member)}`
  // Latencies with the plain body (what the figures before gzip measured); gzip is measured on its own.
  const init = { headers: { cookie, 'accept-encoding': 'identity' } }
  const gzipInit = { headers: { cookie, 'accept-encoding': 'gzip' } }
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
    // What a new reply writes: the row and its feed event, which bumps the version and names the annotation.
    await fixture.handle.db.transaction(async (tx) => {
      const [reply] = await tx
        .insert(annotationReplies)
        .values({
          annotationId: target.id,
          userId: fixture.member.id,
          userName: fixture.member.name,
          comment: `Bench reply ${i}: on it.`,
        })
        .returning({ id: annotationReplies.id })
      await recordEvents(tx, [
        { type: 'reply.created', canvasId: fixture.canvasId, annotationId: target.id, replyId: reply?.id },
      ])
    })
    afterReply.push((await timed(url, init)).ms)
  }
  // After a change to every annotation named by its event, like bulk.ts records: read in full, directly.
  const all = await fixture.handle.db
    .select({ id: annotations.id })
    .from(annotations)
    .where(eq(annotations.canvasId, fixture.canvasId))
  const bulk: number[] = []
  for (let i = 0; i < 15; i++) {
    await fixture.handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`update annotations set updated_at = updated_at where canvas_id = ${fixture.canvasId}`,
      )
      await recordEvents(tx, [
        {
          type: 'annotations.bench-touched',
          canvasId: fixture.canvasId,
          data: { annotationIds: all.map((row) => row.id) },
        },
      ])
    })
    bulk.push((await timed(url, init)).ms)
  }
  // After a change to every annotation that no event names (fingerprints first, then a full rebuild).
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

  // Unchanged, gzip: the first such request starts compressing off the request path; wait for it.
  await timed(url, gzipInit)
  await Bun.sleep(500)
  const unchangedGzip: number[] = []
  let gzipBytes = 0
  for (let i = 0; i < 200; i++) {
    const started = performance.now()
    const res = await fetch(url, { ...gzipInit, decompress: false } as RequestInit)
    gzipBytes = (await res.arrayBuffer()).byteLength
    if (res.headers.get('content-encoding') !== 'gzip') throw new Error('expected a gzip body')
    unchangedGzip.push(performance.now() - started)
  }

  // Floors: the same bytes the API sends (plain, and gzip as negotiated), each from memory in its own process.
  const folder = tempDir('pinpoint-bench-floor-')
  const plainFile = join(folder, 'body.json')
  writeFileSync(plainFile, new Uint8Array(await (await fetch(url, init)).arrayBuffer()))
  const gzipFile = join(folder, 'body.json.gz')
  const zipped = await fetch(url, { ...gzipInit, decompress: false } as RequestInit)
  writeFileSync(gzipFile, new Uint8Array(await zipped.arrayBuffer()))
  const startFloor = async (file: string, encoding?: string) => {
    const port = await freePort()
    const proc = Bun.spawn([process.execPath, 'bench/floor-file-server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        FLOOR_BODY_FILE: file,
        ...(encoding ? { FLOOR_CONTENT_ENCODING: encoding } : {}),
      },
      stdout: 'ignore',
    })
    floors.push(proc)
    const floorUrl = `http://127.0.0.1:${port}/floor`
    await waitHealthy(floorUrl)
    return floorUrl
  }
  const plainFloor = await startFloor(plainFile)
  const gzipFloor = await startFloor(gzipFile, 'gzip')
  const concurrency = 16
  const rounds = 4
  const secondsPerRound = 1.5
  /** Floor and API alternate in short rounds, so a change in machine load hits both alike. */
  const compare = async (floorUrl: string, floorInit: RequestInit, apiInit: RequestInit) => {
    await load(floorUrl, { concurrency, seconds: 0.5, init: floorInit })
    await load(url, { concurrency, seconds: 0.5, init: apiInit })
    const totals = { floor: { requests: 0, seconds: 0 }, api: { requests: 0, seconds: 0 } }
    const ratios: number[] = []
    for (let i = 0; i < rounds; i++) {
      const f = await load(floorUrl, { concurrency, seconds: secondsPerRound, init: floorInit })
      const a = await load(url, { concurrency, seconds: secondsPerRound, init: apiInit })
      totals.floor.requests += f.requests
      totals.floor.seconds += f.seconds
      totals.api.requests += a.requests
      totals.api.seconds += a.seconds
      ratios.push(a.rps / f.rps)
    }
    ratios.sort((x, y) => x - y)
    const floorRps = totals.floor.requests / totals.floor.seconds
    const apiRps = totals.api.requests / totals.api.seconds
    return { floorRps, apiRps, low: ratios[0] ?? 0, high: ratios.at(-1) ?? 0 }
  }
  const plain = await compare(plainFloor, { headers: { 'accept-encoding': 'identity' } }, init)
  const gzipped = await compare(gzipFloor, { headers: { 'accept-encoding': 'gzip' } }, gzipInit)

  const r = stats(rebuilt)
  const b = stats(bulk)
  const c = stats(afterReply)
  const u = stats(unchanged)
  const g = stats(unchangedGzip)
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
        case: `unchanged, gzip (${(gzipBytes / 1024).toFixed(0)} kB sent)`,
        median_ms: g.median.toFixed(2),
        p99_ms: g.p99.toFixed(2),
        target: '',
      },
      {
        case: 'right after a new reply (its event names what to rebuild)',
        median_ms: c.median.toFixed(2),
        p99_ms: c.p99.toFixed(2),
        target: 'median < 20 ms',
      },
      {
        case: 'after a change to every annotation, named by its event',
        median_ms: b.median.toFixed(2),
        p99_ms: b.p99.toFixed(2),
        target: 'median < 100 ms',
      },
      {
        case: 'after a change to every annotation, unnamed (fingerprints, full)',
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
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`
  printTable(
    `Throughput (${concurrency} concurrent, ${rounds} alternating rounds of ${secondsPerRound} s each, loopback)`,
    [plain, gzipped].map((result, index) => ({
      encoding: index === 0 ? 'identity' : 'gzip',
      floor_rps: result.floorRps.toFixed(0),
      api_rps: result.apiRps.toFixed(0),
      ratio: pct(result.apiRps / result.floorRps),
      per_round: `${pct(result.low)}..${pct(result.high)}`,
      target: '>= 50 %',
    })),
  )
} finally {
  for (const proc of floors) proc.kill()
  await server.stop()
  await fixture.drop()
}
