/**
 * Independent deploys of a slice (decision 051): how long each slice takes to build and to test alone
 * (target: under 60 s each), and how long a switch takes to be live, i.e. until remotes.json, which the
 * shell reads on the next navigation, names the new version (target: under 1 s).
 *
 *   bun bench/releases.ts            builds and tests each slice, then publishes and switches on a fresh server
 */
import { migrate, openDatabase } from '@pinpoint/db'
import { buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { distFiles } from '../scripts/release'
import { printTable, root, startServer, tempDir, waitHealthy } from './lib'

const SLICES = ['dashboard', 'review', 'billing']

async function timed(command: string[], cwd: string): Promise<number> {
  const started = performance.now()
  const proc = Bun.spawn(command, { cwd, stdout: 'ignore', stderr: 'pipe' })
  if ((await proc.exited) !== 0)
    throw new Error(`${command.join(' ')} failed: ${await new Response(proc.stderr).text()}`)
  return (performance.now() - started) / 1000
}

const rows: Record<string, string | number>[] = []
for (const slice of SLICES) {
  const dir = `${root}/mf-${slice}`
  const build = await timed([process.execPath, 'run', 'build'], dir)
  const test = await timed([process.execPath, 'run', 'test'], dir)
  rows.push({
    slice,
    'build s': build.toFixed(1),
    'test s': test.toFixed(1),
    'total s': (build + test).toFixed(1),
  })
}
printTable('Each slice alone (target < 60 s)', rows)

// A fresh server with a staff member (seeded before the server holds the embedded database).
const dataDir = tempDir('pinpoint-bench-releases-')
const email = 'bench.staff@bench.test'
const handle = await openDatabase({ dataDir })
await migrate(handle)
await buildUser(handle.db, { email, isStaff: true })
await handle.close()
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
try {
  await waitHealthy(`${server.url}/api/v1/health`)
  const origin = server.url
  const login = await fetch(`${origin}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  const call = (method: string, path: string, body: unknown) =>
    fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify(body),
    })
  const files = distFiles(`${root}/mf-dashboard/dist`)
  const switchRows: Record<string, string | number>[] = []
  for (let round = 1; round <= 5; round++) {
    const version = `bench-${Date.now().toString(36)}-${round}`
    const publishStarted = performance.now()
    const published = await call('POST', '/releases/dashboard', { version, files })
    if (!published.ok) throw new Error(`publish answered ${published.status}: ${await published.text()}`)
    const publishMs = performance.now() - publishStarted
    const started = performance.now()
    const switched = await call('PUT', '/releases/dashboard/live', { version })
    if (!switched.ok) throw new Error(`switch answered ${switched.status}`)
    for (;;) {
      const remotes = (await (await fetch(`${origin}/remotes.json`)).json()) as {
        dashboard?: { version?: string }
      }
      if (remotes.dashboard?.version === version) break
    }
    switchRows.push({
      round,
      files: files.length,
      'publish ms': publishMs.toFixed(0),
      'switch to live ms': (performance.now() - started).toFixed(1),
    })
  }
  printTable(
    'Switch to live: PUT /releases/dashboard/live until remotes.json names it (target < 1000 ms)',
    switchRows,
  )
} finally {
  await server.stop()
}
