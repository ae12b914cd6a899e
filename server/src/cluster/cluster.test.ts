/**
 * Three real server processes behind a real HAProxy, on one PostgreSQL, with uploads on S3 (s3rver):
 * - a comment posted on one process reaches sockets on the other two (the LISTEN/NOTIFY bus);
 * - a video uploaded with tus through the balancer, its PATCHes spread over the processes (round robin,
 *   no stickiness; a shared DATA_DIR/tus and PostgreSQL locks), lands on S3 byte-exact;
 * - the process serving a PATCH is killed with SIGKILL mid-upload; the client resumes through the balancer
 *   and the object on S3 has the same SHA-256.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { canvasAssets, type User } from '@pinpoint/db'
import { buildCanvas, buildTeam, createTestDatabase, type TestDatabase } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createSession } from '../modules/auth/session'
import { signatureHeaders, type VideoDetails } from '../modules/uploads/tus-client'
import { TestSocket } from '../realtime/test-socket'
import { type Cluster, startCluster } from './cluster'

let database: TestDatabase
let cluster: Cluster
let cookie: string
let sessionToken: string
let owner: User
const sockets: TestSocket[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  if (!database.url) throw new Error('the cluster test needs PostgreSQL')
  const periodEnd = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  owner = (await buildTeam(database.db, { plan: 'enterprise35peruser', customer: { periodEnd } })).owner
  sessionToken = (await createSession(database.db, { userId: owner.id, now: new Date() })).token
  cookie = `pinpoint_session=${sessionToken}`
  cluster = await startCluster({
    databaseUrl: database.url,
    sessionSecret: 'cluster-test-session-secret-0123456789abcdef',
  })
}, 180_000)

afterAll(async () => {
  for (const socket of sockets) await socket.close()
  await cluster?.stop()
  await database?.dispose()
}, 60_000)

async function api<T>(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as T }
}

async function newVideoCanvas(): Promise<string> {
  const created = await api<{ canvas: { id: string } }>(cluster.url, 'POST', '/api/v1/canvases', {
    type: 'video',
    title: 'Cluster video',
  })
  expect(created.status).toBe(200)
  return created.body.canvas.id
}

describe('three processes behind HAProxy', () => {
  test('the balancer spreads requests over all three processes and each is healthy', async () => {
    const served = new Set<string>()
    for (let i = 0; i < 9; i++) {
      const response = await fetch(`${cluster.url}/api/v1/health`)
      expect(response.status).toBe(200)
      served.add(response.headers.get('x-pinpoint-server') ?? '')
    }
    expect([...served].sort()).toEqual(['app1', 'app2', 'app3'])
    // The proxy origin has its own frontend and host name.
    expect(new URL(cluster.proxyOrigin).hostname).not.toBe(new URL(cluster.url).hostname)
  })

  test('a comment posted on one process reaches sockets on the other two', async () => {
    const canvasId = (await buildCanvas(database.db, { user: owner })).canvas.id
    const [first, second, third] = cluster.processes
    if (!first || !second || !third) throw new Error('three processes expected')
    const listeners = []
    for (const process of [second, third]) {
      const socket = await TestSocket.open(process.url, { sessionToken })
      sockets.push(socket)
      await socket.request({ type: 'subscribe', canvasId }, (frame) => frame.type === 'subscribed')
      listeners.push(socket)
    }
    // And one socket through the balancer, as a browser would connect (WebSocket upgrade through HAProxy).
    const balanced = await TestSocket.open(cluster.url, { sessionToken })
    sockets.push(balanced)
    await balanced.request({ type: 'subscribe', canvasId }, (frame) => frame.type === 'subscribed')
    listeners.push(balanced)

    const posted = await api<{ annotation: { id: string } }>(first.url, 'POST', '/api/v1/annotations', {
      CanvasId: canvasId,
      comment: 'posted on app1',
    })
    expect(posted.status).toBe(200)
    for (const socket of listeners) {
      const frame = await socket.next(
        (f) => f.type === 'event' && f.event.annotationId === posted.body.annotation.id,
        5000,
        true,
      )
      expect(frame).toMatchObject({ event: { data: { annotation: { comment: 'posted on app1' } } } })
    }
  }, 60_000)
})

/** Bytes that sniff as MP4 (an `ftyp` box, brand isom), then random filler. */
function mp4Bytes(size: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(new ArrayBuffer(size))
  data.set(Uint8Array.from([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0]), 0)
  data.set(new TextEncoder().encode('isomiso2avc1mp41'), 16)
  for (let offset = 32; offset < size; offset += 65536)
    data.set(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - offset))), offset)
  return data
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

async function startVideo(size: number) {
  const canvasId = await newVideoCanvas()
  const response = await api<{ uploadableVideoDetails: VideoDetails }>(
    cluster.url,
    'POST',
    '/api/v1/canvas-video-assets',
    { id: canvasId, fileSizeInBytes: size, name: 'clip.mp4' },
  )
  expect(response.status).toBe(200)
  const details = response.body.uploadableVideoDetails
  const created = await fetch(`${cluster.url}/api/v1/uploads`, {
    method: 'POST',
    headers: tusHeaders(details, { 'Upload-Length': String(size) }),
  })
  expect(created.status).toBe(201)
  return { details, url: new URL(created.headers.get('location') ?? '', cluster.url).toString() }
}

const tusHeaders = (details: VideoDetails, extra: Record<string, string> = {}) => ({
  'Tus-Resumable': '1.0.0',
  ...signatureHeaders(details),
  ...extra,
})

/** The server's offset, through the balancer; 423 (another process still holds the lock) is retried. */
async function offsetOf(url: string, details: VideoDetails): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(details) })
    if (head.status === 200) return Number(head.headers.get('upload-offset'))
    if (attempt > 50) throw new Error(`HEAD answered ${head.status}`)
    await Bun.sleep(200)
  }
}

/** PATCHes `data` from the server's offset in `chunk`-sized requests; returns which process served each. */
async function sendFrom(url: string, details: VideoDetails, data: Uint8Array<ArrayBuffer>, chunk: number) {
  const servedBy: string[] = []
  let offset = await offsetOf(url, details)
  while (offset < data.length) {
    const response = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(details, {
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      }),
      body: data.subarray(offset, Math.min(offset + chunk, data.length)),
    })
    servedBy.push(response.headers.get('x-pinpoint-server') ?? '')
    if (response.status === 204) offset = Number(response.headers.get('upload-offset'))
    else if (response.status === 423 || response.status >= 500) offset = await offsetOf(url, details)
    else throw new Error(`PATCH answered ${response.status}: ${await response.text()}`)
  }
  return servedBy
}

async function storedOnS3(guid: string): Promise<string> {
  const [asset] = await database.db.select().from(canvasAssets).where(eq(canvasAssets.id, guid))
  expect(asset?.uploadStatus).toBe('ready')
  const object = cluster.s3.client.file(asset?.storageKey ?? '')
  return sha256(new Uint8Array(await object.arrayBuffer()))
}

describe('tus through the balancer onto S3', () => {
  test('PATCHes spread over the processes; the object on S3 is byte-exact', async () => {
    const data = mp4Bytes(3 * 1024 * 1024)
    const { details, url } = await startVideo(data.length)
    const servedBy = await sendFrom(url, details, data, 256 * 1024)
    expect(new Set(servedBy).size).toBe(3)
    expect(await storedOnS3(details.guid)).toBe(sha256(data))
  }, 120_000)

  test('the process serving a PATCH is killed mid-upload; resuming gives the same SHA-256', async () => {
    const data = mp4Bytes(4 * 1024 * 1024)
    const { details, url } = await startVideo(data.length)
    const half = 2 * 1024 * 1024
    await sendFrom(url, details, data.subarray(0, half), 512 * 1024)
    expect(await offsetOf(url, details)).toBe(half)

    // A PATCH of the rest that sends half of its body, then stalls: the process serving it is mid-write.
    const target = new URL(url)
    const request = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: tusHeaders(details, {
        'Upload-Offset': String(half),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(data.length - half),
      }),
    })
    const outcome = new Promise<string>((resolve) => {
      request.on('response', (response) => resolve(`status ${response.statusCode}`))
      request.on('error', (error) => resolve(`error ${error.message}`))
    })
    request.write(data.subarray(half, half + 1024 * 1024))
    // HAProxy's runtime API tells which process holds the one open session.
    let serving: string | undefined
    for (let attempt = 0; attempt < 100 && !serving; attempt++) {
      const sessions = await cluster.currentSessions()
      serving = Object.entries(sessions).find(([, current]) => current > 0)?.[0]
      if (!serving) await Bun.sleep(50)
    }
    const victim = cluster.processes.find((process) => process.name === serving)
    if (!victim) throw new Error('no process was serving the PATCH')
    // Wait until the staged file has grown past the first half, so the kill lands mid-write.
    for (let attempt = 0; attempt < 100; attempt++) {
      const staged = Bun.file(`${cluster.dataDir}/shared/tus/${target.pathname.split('/').pop()}`)
      if (staged.size > half) break
      await Bun.sleep(50)
    }
    await victim.kill()
    expect(await outcome).not.toBe('status 204')
    request.destroy()

    // Resume as a client would: HEAD for the offset, PATCH the rest, through the balancer.
    const resumedAt = await offsetOf(url, details)
    expect(resumedAt).toBeGreaterThanOrEqual(half)
    expect(resumedAt).toBeLessThan(data.length)
    const servedBy = await sendFrom(url, details, data, 256 * 1024)
    expect(servedBy).not.toContain(victim.name)
    expect(await storedOnS3(details.guid)).toBe(sha256(data))

    // The killed process comes back and takes requests again.
    await victim.restart()
    const served = new Set<string>()
    for (let i = 0; i < 12 && !served.has(victim.name); i++) {
      const response = await fetch(`${cluster.url}/api/v1/health`)
      served.add(response.headers.get('x-pinpoint-server') ?? '')
      await Bun.sleep(200)
    }
    expect(served.has(victim.name)).toBe(true)
  }, 180_000)
})
