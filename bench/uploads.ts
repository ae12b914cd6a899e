/**
 * Upload benchmark (issue 4 targets), printed, never asserted:
 * - tus upload throughput on loopback next to the floor, a plain streamed HTTP PUT of the same file to the
 *   same server process (both write through the storage module); target tus >= 70 % of the floor;
 * - the server's resident memory while a 1 GB file is uploaded with tus (and with the floor PUT); target
 *   under 250 MB.
 * tus is driven over the wire protocol (POST create, streamed 64 MB PATCHes) and, for reference, with
 * tus-js-client.
 *
 * Run: `bun bench/uploads.ts` (needs PostgreSQL at TEST_DATABASE_URL or the local default). SIZE_MB sets the
 * throughput file size (default 256), MEMORY_MB the memory test size (default 1024).
 */
import { closeSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { migrate, openDatabase } from '@pinpoint/db'
import { buildTeam } from '@pinpoint/db/testing'
import postgres from 'postgres'
import { createSession } from '../server/src/modules/auth/session'
import { TUS_CHUNK_BYTES } from '../server/src/modules/uploads/signature'
import { signatureHeaders, startUpload, type VideoDetails } from '../server/src/modules/uploads/tus-client'
import { freePort, printTable, root, rssMb, tempDir, waitHealthy } from './lib'

const SIZE_MB = Number(process.env.SIZE_MB ?? 256)
const MEMORY_MB = Number(process.env.MEMORY_MB ?? 1024)
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `pinpoint_bench_uploads_${process.pid}_${Date.now().toString(36)}`
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database ${name}`)
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`)
const handle = await openDatabase({ databaseUrl, maxConnections: 2 })
const dir = tempDir('pinpoint-bench-uploads-')

/** A file of `mb` MiB that sniffs as MP4 (ftyp box) followed by random bytes. */
function makeFile(mb: number): string {
  const path = join(dir, `upload-${mb}.mp4`)
  const fd = openSync(path, 'w')
  const block = crypto.getRandomValues(new Uint8Array(1024 * 1024))
  block.set([
    0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d,
    0x70, 0x34, 0x32,
  ])
  for (let i = 0; i < mb; i++) writeSync(fd, block)
  closeSync(fd)
  return path
}

const port = await freePort()
const proc = Bun.spawn([process.execPath, 'bench/upload-server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    PROXY_PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_REQUESTS: 'false',
  },
  stdout: 'ignore',
  stderr: 'inherit',
})
const base = `http://127.0.0.1:${port}`

async function sampleRss(during: Promise<unknown>): Promise<number> {
  let peak = await rssMb(proc.pid)
  let running = true
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(proc.pid))
      await Bun.sleep(25)
    }
  })()
  try {
    await during
  } finally {
    running = false
    await sampler
  }
  return peak
}

try {
  await migrate(handle)
  const { owner } = await buildTeam(handle.db, {
    plan: 'enterprise35peruser',
    customer: { periodEnd: new Date(Date.now() + 365 * 86_400_000) },
  })
  const { token } = await createSession(handle.db, { userId: owner.id, now: new Date() })
  await waitHealthy(`${base}/api/v1/health`)
  const headers = { cookie: `pinpoint_session=${token}`, 'content-type': 'application/json' }
  const canvas = (await (
    await fetch(`${base}/api/v1/canvases`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'video', title: 'Bench' }),
    })
  ).json()) as { canvas: { id: string } }

  async function details(size: number): Promise<VideoDetails> {
    const res = await fetch(`${base}/api/v1/canvas-video-assets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: canvas.canvas.id, fileSizeInBytes: size }),
    })
    if (!res.ok) throw new Error(`canvas-video-assets answered ${res.status}: ${await res.text()}`)
    return ((await res.json()) as { uploadableVideoDetails: VideoDetails }).uploadableVideoDetails
  }

  async function floorPut(path: string): Promise<number> {
    const started = performance.now()
    const res = await fetch(`${base}/bench/put`, { method: 'PUT', body: Bun.file(path) })
    if (!res.ok) throw new Error(`floor PUT answered ${res.status}`)
    return performance.now() - started
  }

  async function tusWire(path: string): Promise<number> {
    const size = Bun.file(path).size
    const signed = signatureHeaders(await details(size))
    const started = performance.now()
    const created = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), ...signed },
    })
    const location = new URL(created.headers.get('location') ?? '', base).toString()
    // Streamed PATCHes of TUS_CHUNK_BYTES, as the product's client sends them.
    for (let offset = 0; offset < size; offset += TUS_CHUNK_BYTES) {
      const patched = await fetch(location, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          ...signed,
        },
        body: Bun.file(path).slice(offset, Math.min(size, offset + TUS_CHUNK_BYTES)),
      })
      if (patched.status !== 204)
        throw new Error(`tus PATCH answered ${patched.status}: ${await patched.text()}`)
    }
    return performance.now() - started
  }

  async function tusClient(path: string): Promise<number> {
    const signed = await details(Bun.file(path).size)
    const started = performance.now()
    await startUpload(`${base}/api/v1/uploads`, path, signed, { retryDelays: null }).done
    return performance.now() - started
  }

  const file = makeFile(SIZE_MB)
  const runs = { floor: [] as number[], tus: [] as number[], client: [] as number[] }
  await floorPut(file) // warm-up
  for (let i = 0; i < 3; i++) {
    runs.floor.push(await floorPut(file))
    runs.tus.push(await tusWire(file))
    runs.client.push(await tusClient(file))
  }
  const mbps = (ms: number[]) => SIZE_MB / (Math.min(...ms) / 1000)
  const floorRate = mbps(runs.floor)
  printTable(`Upload throughput, ${SIZE_MB} MiB on loopback (best of 3)`, [
    { upload: 'plain streamed PUT (floor)', 'MiB/s': floorRate.toFixed(0), 'vs floor': '100 %' },
    {
      upload: 'tus (POST + streamed 64 MB PATCHes)',
      'MiB/s': mbps(runs.tus).toFixed(0),
      'vs floor': `${((100 * mbps(runs.tus)) / floorRate).toFixed(0)} %`,
    },
    {
      upload: 'tus with tus-js-client',
      'MiB/s': mbps(runs.client).toFixed(0),
      'vs floor': `${((100 * mbps(runs.client)) / floorRate).toFixed(0)} %`,
    },
  ])
  rmSync(file)

  const big = makeFile(MEMORY_MB)
  const idle = await rssMb(proc.pid)
  const tusPeak = await sampleRss(tusWire(big))
  const putPeak = await sampleRss(floorPut(big))
  printTable(`Server resident memory during a ${MEMORY_MB} MiB upload (target < 250 MB)`, [
    { upload: 'idle before', 'peak RSS MB': idle.toFixed(0) },
    { upload: 'tus', 'peak RSS MB': tusPeak.toFixed(0) },
    { upload: 'plain PUT (floor)', 'peak RSS MB': putPeak.toFixed(0) },
  ])
} finally {
  proc.kill('SIGTERM')
  await proc.exited
  await handle.close()
  await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
  rmSync(dir, { recursive: true, force: true })
}
