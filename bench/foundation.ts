/**
 * Foundation benchmark (issue 2 targets), printed, never asserted:
 * - warm start until healthy, on PostgreSQL and on a fresh PGlite folder;
 * - idle resident memory on PostgreSQL;
 * - GET /api/v1/health throughput as a ratio of a bare Elysia route serving the same body.
 *
 * Run: `bun bench/foundation.ts` (needs PostgreSQL at TEST_DATABASE_URL or the local default).
 */
import postgres from 'postgres'
import { freePort, load, printTable, root, rssMb, startServer, tempDir, waitHealthy } from './lib'

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `pinpoint_bench_${process.pid}`
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${dbName}`)
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`)
const secret = 'bench-secret-bench-secret-bench-secret-1234'

try {
  // First start migrates the empty database; the second is the warm start we report.
  const first = await startServer({ DATABASE_URL: databaseUrl, SESSION_SECRET: secret })
  await waitHealthy(`${first.url}/api/v1/health`)
  await first.stop()

  const t0 = performance.now()
  const pg = await startServer({ DATABASE_URL: databaseUrl, SESSION_SECRET: secret })
  await waitHealthy(`${pg.url}/api/v1/health`)
  const warmPgMs = performance.now() - t0
  await Bun.sleep(2000)
  const idleRss = await rssMb(pg.pid)

  const healthBody = await (await fetch(`${pg.url}/api/v1/health`)).text()
  const floorPort = await freePort()
  const floor = Bun.spawn([process.execPath, 'bench/floor-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(floorPort), FLOOR_BODY: healthBody },
    stdout: 'ignore',
  })
  await waitHealthy(`http://127.0.0.1:${floorPort}/floor`)
  await load(`http://127.0.0.1:${floorPort}/floor`, { seconds: 1 })
  await load(`${pg.url}/api/v1/health`, { seconds: 1 })
  const floorResult = await load(`http://127.0.0.1:${floorPort}/floor`, { seconds: 4 })
  const healthResult = await load(`${pg.url}/api/v1/health`, { seconds: 4 })
  floor.kill()
  await pg.stop()

  const dataDir = tempDir('pinpoint-bench-pglite-')
  const t1 = performance.now()
  const lite = await startServer({ DATA_DIR: dataDir })
  await waitHealthy(`${lite.url}/api/v1/health`, 120_000)
  const freshPgliteMs = performance.now() - t1
  await lite.stop()

  printTable('Start-up and memory', [
    {
      figure: 'warm start to healthy, PostgreSQL',
      value: `${(warmPgMs / 1000).toFixed(2)} s`,
      target: '< 3 s',
    },
    {
      figure: 'start to healthy, fresh PGlite folder',
      value: `${(freshPgliteMs / 1000).toFixed(2)} s`,
      target: '< 8 s',
    },
    { figure: 'idle RSS, PostgreSQL', value: `${idleRss.toFixed(0)} MB`, target: '< 150 MB' },
  ])
  printTable('Throughput (32 concurrent, 4 s, loopback)', [
    {
      route: 'floor: bare Elysia, same body',
      rps: floorResult.rps.toFixed(0),
      p50_ms: floorResult.p50.toFixed(2),
      p99_ms: floorResult.p99.toFixed(2),
    },
    {
      route: 'GET /api/v1/health',
      rps: healthResult.rps.toFixed(0),
      p50_ms: healthResult.p50.toFixed(2),
      p99_ms: healthResult.p99.toFixed(2),
    },
  ])
  console.log(
    `health / floor = ${((healthResult.rps / floorResult.rps) * 100).toFixed(0)} % (target >= 50 %)`,
  )
} finally {
  await admin.unsafe(`drop database if exists ${dbName} with (force)`)
  await admin.end()
}
