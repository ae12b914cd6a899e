/**
 * `npm run cluster`: three server processes behind HAProxy, S3 storage (s3rver) and one PostgreSQL
 * database, in the foreground until Ctrl-C or `npm run cluster -- stop` from another terminal.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/pinpoint_cluster; created when missing),
 * CLUSTER_PORT (default 3390: the app; the proxy origin is the next port), CLUSTER_PROCESSES (default 3).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import postgres from 'postgres'
import { findHaproxy, HAPROXY_MISSING, startCluster } from './cluster'

const ROOT = resolve(import.meta.dir, '..', '..', '..')
const PID_FILE = join(ROOT, 'data', 'cluster.pid')
const command = process.argv[2] ?? 'start'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function stopRunning(): Promise<void> {
  if (!existsSync(PID_FILE)) {
    console.log('No cluster is running (no data/cluster.pid).')
    return
  }
  const pid = Number(readFileSync(PID_FILE, 'utf8'))
  try {
    process.kill(pid, 'SIGTERM')
  } catch {
    rmSync(PID_FILE, { force: true })
    console.log(`The cluster (pid ${pid}) was not running any more.`)
    return
  }
  for (let waited = 0; waited < 30_000 && existsSync(PID_FILE); waited += 200) await Bun.sleep(200)
  console.log(existsSync(PID_FILE) ? `pid ${pid} did not stop within 30 s.` : 'Cluster stopped.')
}

/** Creates the database named in the URL when it does not exist (on the same server's `postgres` db). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`
    if (!row) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

async function start(): Promise<void> {
  if (!findHaproxy()) {
    console.error(HAPROXY_MISSING)
    process.exit(1)
  }
  if (existsSync(PID_FILE)) {
    if (isRunning(Number(readFileSync(PID_FILE, 'utf8')))) {
      console.error('A cluster is running already (data/cluster.pid). Stop it with: npm run cluster -- stop')
      process.exit(1)
    }
    rmSync(PID_FILE, { force: true }) // left by a cluster that was killed
  }
  const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/pinpoint_cluster'
  await ensureDatabase(databaseUrl)
  const appPort = Number(process.env.CLUSTER_PORT || 3390)
  const cluster = await startCluster({
    databaseUrl,
    // Every process must share it; a cluster on this machine is for trying, so a fixed value is fine.
    sessionSecret: process.env.SESSION_SECRET || 'local-cluster-session-secret-not-for-production',
    processes: Number(process.env.CLUSTER_PROCESSES || 3),
    appPort,
    proxyPort: appPort + 1,
    log: (line) => console.log(`  ${line}`),
  })
  mkdirSync(join(ROOT, 'data'), { recursive: true })
  writeFileSync(PID_FILE, String(process.pid))
  console.log(`\n  Pinpoint cluster on ${cluster.url} (proxy origin ${cluster.proxyOrigin}).`)
  console.log('  Stop with Ctrl-C or: npm run cluster -- stop\n')
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await cluster.stop()
    rmSync(PID_FILE, { force: true })
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

if (command === 'stop') await stopRunning()
else if (command === 'start') await start()
else {
  console.error('Usage: npm run cluster [-- start | stop]')
  process.exit(2)
}
