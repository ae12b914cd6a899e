/**
 * Soak (issue 13), printed, never asserted, bounded, loopback only: the local cluster (three server
 * processes behind HAProxy, S3 on s3rver, one PostgreSQL) holds SOAK_CLIENTS WebSocket clients (the front
 * end's own real-time client, through the balancer) while comments and replies are posted at
 * SOAK_WRITES_PER_SECOND for SOAK_MINUTES; one process is killed with SIGKILL and restarted at
 * SOAK_KILL_AT, PostgreSQL is restarted at SOAK_PG_RESTART_AT. Prints delivered / missed / duplicated
 * events, latency per minute (POST sent -> applied by the client), HTTP errors by status, each process's
 * memory and how long each fault took to heal. See bench/README.md for the variables.
 */
import { existsSync, readdirSync } from 'node:fs'
import { migrate, openDatabase } from '@pinpoint/db'
import { buildCanvas, buildTeam } from '@pinpoint/db/testing'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { type Cluster, startCluster } from '../server/src/cluster/cluster'
import { createSession } from '../server/src/modules/auth/session'
import { printTable, rssMb } from './lib'
import { openClient, quantile, type SoakClient, subscribed } from './soak-clients'

const env = process.env
const MINUTES = Number(env.SOAK_MINUTES ?? 10)
const CLIENTS = Number(env.SOAK_CLIENTS ?? 1000)
const RATE = Number(env.SOAK_WRITES_PER_SECOND ?? 20)
/** Clients are spread over canvases (one review screen each); writes go round robin over them. */
const CANVASES = Number(env.SOAK_CANVASES ?? 10)
/** Fault times in minutes; by default 4/10 and 7/10 of the run, so a short run keeps the shape. */
const KILL_AT = Number(env.SOAK_KILL_AT ?? MINUTES * 0.4)
const PG_AT = Number(env.SOAK_PG_RESTART_AT ?? MINUTES * 0.7)
const KILL = env.SOAK_KILL !== '0'
const PG_RESTART = env.SOAK_PG_RESTART !== '0'
/** After the writes stop: time for reconnecting clients to catch up before counting. */
const DRAIN_SECONDS = Number(env.SOAK_DRAIN_SECONDS ?? 20)
const MAX_IN_FLIGHT = 200
const adminUrl = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

function pgRestartCommand(): { command: string } | { skip: string } {
  if (env.SOAK_PG_RESTART_CMD) return { command: env.SOAK_PG_RESTART_CMD }
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : []
  if (versions.length !== 1 || !Bun.which('pg_ctlcluster'))
    return { skip: 'no pg_ctlcluster cluster found; set SOAK_PG_RESTART_CMD to restart PostgreSQL' }
  return { command: `pg_ctlcluster --skip-systemctl-redirect ${versions[0]} main restart` }
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`)

// --- database: a fresh one for the soak, dropped at the end ---
const dbName = `pinpoint_soak_${process.pid}_${Date.now().toString(36)}`
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${dbName}`)
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`)
const handle = await openDatabase({ databaseUrl, maxConnections: 3 })
let cluster: Cluster | null = null
const clients: SoakClient[] = []
const probes: SoakClient[] = []

async function cleanUp() {
  for (const client of [...clients, ...probes]) client.client.close()
  await cluster?.stop().catch(() => {})
  await handle.close().catch(() => {})
  await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {})
  await admin.end({ timeout: 5 })
}
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)))

try {
  await migrate(handle)
  const periodEnd = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  const { owner } = await buildTeam(handle.db, { plan: 'enterprise35peruser', customer: { periodEnd } })
  const canvasIds: string[] = []
  for (let i = 0; i < CANVASES; i++) canvasIds.push((await buildCanvas(handle.db, { user: owner })).canvas.id)
  const cookie = `pinpoint_session=${(await createSession(handle.db, { userId: owner.id, now: new Date() })).token}`

  log(`starting the cluster (3 processes, HAProxy, s3rver) on database ${dbName}`)
  cluster = await startCluster({ databaseUrl, sessionSecret: 'soak-session-secret-0123456789abcdefghij' })
  const { url, processes } = cluster
  // One probe per process, connected to it directly with a short fixed backoff: when does each process
  // deliver again after a fault (its bus, not the front end's backoff, is what is measured)?
  for (const process of processes)
    probes.push(openClient(process.url, cookie, canvasIds[0] ?? '', { backoffMs: [200] }))
  for (let i = 0; i < CLIENTS; i += 50) {
    const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, (_, k) =>
      openClient(url, cookie, canvasIds[(i + k) % CANVASES] ?? ''),
    )
    clients.push(...batch)
    await Promise.all(batch.map((client) => subscribed(client)))
  }
  await Promise.all(probes.map((probe) => subscribed(probe)))
  log(
    `${clients.length} clients subscribed through HAProxy, sessions per process: ${JSON.stringify(await cluster.currentSessions())}`,
  )
  await Bun.sleep(2000)
  const rssStart = await Promise.all(processes.map((p) => rssMb(p.pid ?? 0)))
  const pidsStart = processes.map((p) => p.pid)

  // --- the writer: comments and replies at RATE per second, never more than MAX_IN_FLIGHT at once ---
  const sentAt = new Map<string, number>() // annotation or reply id -> POST sent
  const httpErrors = new Map<string, number>()
  const annotationsOf = new Map<string, string[]>()
  let posted = 0
  let inFlight = 0
  let skipped = 0
  const count = (key: string) => httpErrors.set(key, (httpErrors.get(key) ?? 0) + 1)
  async function write(seq: number): Promise<void> {
    const canvasId = canvasIds[seq % CANVASES] ?? ''
    const parents = annotationsOf.get(canvasId) ?? []
    const reply = seq % 2 === 1 && parents.length > 0
    const path = reply
      ? `/api/v1/annotations/${parents[seq % parents.length]}/replies`
      : '/api/v1/annotations'
    const body = reply
      ? { comment: `soak reply ${seq}` }
      : { CanvasId: canvasId, comment: `soak comment ${seq}` }
    const started = performance.now()
    try {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      })
      const json = (await response.json().catch(() => ({}))) as {
        annotation?: { id: string }
        reply?: { id: string }
      }
      if (response.status !== 200) {
        count(String(response.status))
        return
      }
      posted++
      const id = json.annotation?.id ?? json.reply?.id
      if (id) sentAt.set(id, started)
      if (json.annotation) annotationsOf.set(canvasId, [...parents.slice(-20), json.annotation.id])
    } catch (error) {
      count(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error')
    }
  }

  /** `end`: the process is restarted / the restart command returned; deliveries after it count as "back". */
  const faults: { name: string; at: number; end: number; notes: string[] }[] = []
  const pgCommand = pgRestartCommand()
  async function killAndRestart() {
    const victim = processes[1]
    if (!victim) return
    const at = performance.now()
    const fault = { name: `SIGKILL ${victim.name}`, at, end: at, notes: [] as string[] }
    faults.push(fault)
    log(`fault: SIGKILL ${victim.name} (pid ${victim.pid}), then restart`)
    await victim.kill()
    await victim.restart()
    fault.end = performance.now()
    fault.notes.push(`${victim.name} healthy again after ${((performance.now() - at) / 1000).toFixed(1)} s`)
    for (let i = 0; i < 200; i++) {
      const served = await fetch(`${url}/api/v1/health`).then(
        (r) => r.headers.get('x-pinpoint-server'),
        () => null,
      )
      if (served === victim.name) {
        fault.notes.push(
          `${victim.name} served through HAProxy after ${((performance.now() - at) / 1000).toFixed(1)} s`,
        )
        break
      }
      await Bun.sleep(50)
    }
  }
  async function restartPostgres() {
    if (!PG_RESTART) return log('PostgreSQL restart skipped (SOAK_PG_RESTART=0)')
    if ('skip' in pgCommand) return log(`PostgreSQL restart skipped: ${pgCommand.skip}`)
    const at = performance.now()
    const fault = { name: 'PostgreSQL restart', at, end: at, notes: [] as string[] }
    faults.push(fault)
    log(`fault: ${pgCommand.command}`)
    const run = Bun.spawn(['sh', '-c', pgCommand.command], { stdout: 'pipe', stderr: 'pipe' })
    const code = await run.exited
    fault.end = performance.now()
    fault.notes.push(`command exited ${code} after ${((performance.now() - at) / 1000).toFixed(1)} s`)
    if (code !== 0)
      fault.notes.push(`stderr: ${(await new Response(run.stderr).text()).trim().slice(0, 200)}`)
    await Promise.all(
      processes.map(async (p) => {
        for (let i = 0; i < 600; i++) {
          const status = await fetch(`${p.url}/api/v1/health`).then(
            (r) => r.status,
            () => 0,
          )
          if (status === 200) {
            fault.notes.push(`${p.name} healthy after ${((performance.now() - at) / 1000).toFixed(1)} s`)
            return
          }
          await Bun.sleep(50)
        }
        fault.notes.push(`${p.name} NOT healthy within 30 s`)
      }),
    )
  }

  const writesStart = performance.now()
  const writesEnd = writesStart + MINUTES * 60_000
  const faultRuns: Promise<void>[] = []
  const schedule = (minute: number, enabled: boolean, run: () => Promise<void>) => {
    if (enabled && minute < MINUTES) setTimeout(() => faultRuns.push(run()), minute * 60_000)
  }
  schedule(KILL_AT, KILL, killAndRestart)
  schedule(PG_AT, true, restartPostgres)
  log(`writing ${RATE}/s for ${MINUTES} min; faults: kill at ${KILL_AT} min, PostgreSQL at ${PG_AT} min`)
  const pending = new Set<Promise<void>>()
  for (let seq = 0; ; seq++) {
    const due = writesStart + (seq * 1000) / RATE
    if (due >= writesEnd) break
    const wait = due - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped++
      continue
    }
    inFlight++
    const job = write(seq).finally(() => {
      inFlight--
      pending.delete(job)
    })
    pending.add(job)
    if (seq % (RATE * 60) === 0 && seq > 0) log(`minute ${seq / (RATE * 60)}: ${posted} posted`)
  }
  await Promise.all(pending)
  await Promise.all(faultRuns)
  log(`writes done (${posted} posted); ${DRAIN_SECONDS} s for clients to catch up`)
  await Bun.sleep(DRAIN_SECONDS * 1000)
  const rssEnd = await Promise.all(processes.map((p) => rssMb(p.pid ?? 0)))

  // --- counting: every client owes every public feed event of its canvas after its starting point ---
  // The events table is the truth: what was committed, whatever the HTTP answer said.
  const rows = await handle.rows<{
    id: string
    canvas_id: string
    annotation_id: string
    reply_id: string | null
  }>(
    sql`select id, canvas_id, annotation_id, reply_id from events
      where user_id is null and canvas_id is not null and not is_private order by id`,
  )
  const byCanvas = new Map<string, { id: number; sent: number | undefined }[]>()
  for (const row of rows) {
    const list = byCanvas.get(row.canvas_id) ?? []
    list.push({ id: Number(row.id), sent: sentAt.get(row.reply_id ?? row.annotation_id) })
    byCanvas.set(row.canvas_id, list)
  }
  let delivered = 0
  let missed = 0
  let appliedTwice = 0
  let wireDuplicates = 0
  let missedClients = 0
  let missedOnWire = 0
  const perMinute = new Map<number, number[]>()
  for (const client of clients) {
    appliedTwice += client.appliedTwice
    wireDuplicates += client.wireDuplicates
    let clientMissed = 0
    for (const event of byCanvas.get(client.canvasId) ?? []) {
      if (event.id <= (client.startId ?? 0)) continue
      const at = client.applied.get(event.id)
      if (at === undefined) {
        clientMissed++
        if (client.wire.has(event.id)) missedOnWire++
        continue
      }
      delivered++
      if (event.sent === undefined) continue
      const minute = Math.floor((event.sent - writesStart) / 60_000)
      const list = perMinute.get(minute) ?? []
      list.push(at - event.sent)
      perMinute.set(minute, list)
    }
    missed += clientMissed
    if (clientMissed > 0) missedClients++
  }

  const faultMinutes = new Set(faults.map((fault) => Math.floor((fault.at - writesStart) / 60_000)))
  const sum = (pick: (c: SoakClient) => number) => clients.reduce((total, c) => total + pick(c), 0)
  printTable(`Soak: ${clients.length} clients, ${CANVASES} canvases, ${RATE} writes/s, ${MINUTES} min`, [
    { figure: 'writes answered 200', value: posted, target: '' },
    { figure: 'writes not sent (too many in flight)', value: skipped, target: '' },
    { figure: 'events delivered (client x event)', value: delivered, target: '' },
    {
      figure: 'missed after reconnect and replay',
      value: `${missed} (${missedClients} clients)`,
      target: '0',
    },
    {
      figure: 'of which arrived but were skipped (an older id after a newer one)',
      value: missedOnWire,
      target: '0',
    },
    { figure: 'duplicated (applied twice)', value: appliedTwice, target: '0' },
    { figure: 'duplicate frames on the wire (skipped by the client)', value: wireDuplicates, target: '' },
    { figure: 'client connects (first + reconnects)', value: sum((c) => c.connects), target: '' },
    { figure: 'resync frames', value: sum((c) => c.resyncs), target: '' },
  ])
  printTable(
    'Latency, POST sent -> applied by the client (ms), by the minute the POST was sent',
    [...perMinute.keys()]
      .sort((a, b) => a - b)
      .map((minute) => {
        const sorted = (perMinute.get(minute) ?? []).sort((a, b) => a - b)
        const fault = faultMinutes.has(minute)
        return {
          minute: minute + 1,
          deliveries: sorted.length,
          p50: quantile(sorted, 0.5).toFixed(1),
          p99: quantile(sorted, 0.99).toFixed(1),
          max: (sorted.at(-1) ?? Number.NaN).toFixed(0),
          note: fault ? 'fault minute' : '',
          target: fault ? '' : 'p99 < 100',
        }
      }),
  )
  printTable('HTTP errors by status (writes through HAProxy)', [
    ...[...httpErrors].map(([status, n]) => ({ status, count: n })),
    ...(httpErrors.size === 0 ? [{ status: 'none', count: 0 }] : []),
  ])
  const errorFrames = new Map<number, number>()
  for (const c of clients)
    for (const [status, n] of c.errors) errorFrames.set(status, (errorFrames.get(status) ?? 0) + n)
  if (errorFrames.size > 0)
    printTable(
      'Socket error frames by status',
      [...errorFrames].map(([status, n]) => ({ status, count: n })),
    )
  printTable(
    'Memory (RSS) per process',
    processes.map((p, i) => {
      const start = rssStart[i] ?? 0
      const end = rssEnd[i] ?? 0
      const restarted = p.pid !== pidsStart[i]
      return {
        process: p.name,
        start_mb: start.toFixed(0),
        end_mb: end.toFixed(0),
        growth: restarted ? 'restarted (new process)' : `${(((end - start) / start) * 100).toFixed(1)} %`,
        target: restarted ? '' : '< 10 %',
      }
    }),
  )
  printTable(
    'Faults: time to be back (from the fault)',
    faults.flatMap((fault) => {
      const probeBack = processes.map((p, i) => {
        // The first event this process's own socket got after the fault was over (live or caught up).
        const firstAfter = [...(probes[i]?.applied ?? [])].find(([, at]) => at > fault.end)
        return `${p.name} delivered again after ${firstAfter ? ((firstAfter[1] - fault.at) / 1000).toFixed(1) : 'never'} s`
      })
      return [...fault.notes, ...probeBack].map((note) => ({
        fault: fault.name,
        note,
        target: /healthy|served|delivered/.test(note) ? '< 10 s' : '',
      }))
    }),
  )
} finally {
  await cleanUp()
}
