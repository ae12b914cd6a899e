/**
 * tus details that single-process, one-request-at-a-time tests never see:
 * - a HEAD on a completed upload answers the final offset and length (it used to be 404);
 * - two server processes on one database (as behind a load balancer): while one process is writing a
 *   PATCH of an upload, the other answers 423 Locked to a HEAD or PATCH of the same upload instead of
 *   interleaving writes; once the first PATCH ends, the other process serves the upload.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type CanvasBody, createCanvasTestApp, teamWithMembers } from '../canvases/testing'
import { spawnServer } from './spawn-server'
import { signatureHeaders, type VideoDetails } from './tus-client'

const setup = await createCanvasTestApp()
const { config } = setup.context
const server = setup.app.listen({ port: 0, hostname: '127.0.0.1' })
const endpoint = `http://127.0.0.1:${server.server?.port}/api/v1/uploads`
afterAll(() => server.stop(true))
const team = await teamWithMembers(setup)

/** Bytes that sniff as MP4 (an `ftyp` box, brand isom), then filler. */
function mp4Bytes(size: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(new ArrayBuffer(size))
  const box = Uint8Array.from([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0])
  data.set(box, 0)
  data.set(new TextEncoder().encode('isomiso2avc1mp41'), box.length)
  for (let offset = 32; offset < size; offset += 65536)
    data.set(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - offset))), offset)
  return data
}

async function videoUpload(size: number): Promise<VideoDetails> {
  const canvas = (
    await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'video', title: 'Locks' })
  ).body.canvas
  const response = await team.ownerClient.post<{ uploadableVideoDetails: VideoDetails }>(
    '/api/v1/canvas-video-assets',
    { id: canvas.id, fileSizeInBytes: size, name: 'clip.mp4' },
  )
  expect(response.status).toBe(200)
  return response.body.uploadableVideoDetails
}

const tusHeaders = (details: VideoDetails, extra: Record<string, string> = {}) => ({
  'Tus-Resumable': '1.0.0',
  ...signatureHeaders(details),
  ...extra,
})

async function createUpload(base: string, details: VideoDetails, size: number): Promise<string> {
  const created = await fetch(base, {
    method: 'POST',
    headers: tusHeaders(details, { 'Upload-Length': String(size) }),
  })
  expect(created.status).toBe(201)
  return new URL(created.headers.get('location') ?? '', base).pathname
}

describe('tus HEAD on a completed upload', () => {
  test('answers 200 with Upload-Offset = Upload-Length, like any other upload', async () => {
    const data = mp4Bytes(4096)
    const details = await videoUpload(data.length)
    const path = await createUpload(endpoint, details, data.length)
    const url = new URL(path, endpoint).toString()
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(details, {
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      }),
      body: data,
    })
    expect(patch.status).toBe(204)
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(details) })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe(String(data.length))
    expect(head.headers.get('upload-length')).toBe(String(data.length))
    expect(head.headers.get('cache-control')).toBe('no-store')
    // Another signature (another asset) learns nothing about this upload.
    const other = await videoUpload(10)
    expect((await fetch(url, { method: 'HEAD', headers: tusHeaders(other) })).status).toBe(403)
  })
})

/** A PATCH whose body is sent in two parts: the second only when `finish()` is called. */
function slowPatch(url: string, details: VideoDetails, data: Uint8Array<ArrayBuffer>) {
  const target = new URL(url)
  const half = data.length / 2
  let fail: (error: Error) => void = () => {}
  let answered: (status: number) => void = () => {}
  const status = new Promise<number>((resolve, reject) => {
    answered = resolve
    fail = reject
  })
  const request = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: tusHeaders(details, {
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(data.length),
      }),
    },
    (response) => {
      response.resume()
      answered(response.statusCode ?? 0)
    },
  )
  request.on('error', (error) => fail(error))
  request.write(data.subarray(0, half))
  return { status, finish: () => request.end(data.subarray(half)) }
}

describe('tus locks across two server processes', () => {
  test('a HEAD or PATCH on the other process gets 423 while one PATCH writes; then it proceeds', async () => {
    if (!config.databaseUrl) return // PGlite: one process by construction, nothing to share
    const env = {
      DATABASE_URL: config.databaseUrl,
      SESSION_SECRET: config.sessionSecret,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pinpoint-locks-')),
    }
    const [first, second] = await Promise.all([
      spawnServer({ rootDir: config.rootDir, env }),
      spawnServer({ rootDir: config.rootDir, env }),
    ])
    try {
      const data = mp4Bytes(256 * 1024)
      const details = await videoUpload(data.length)
      const path = await createUpload(`${first.url}/api/v1/uploads`, details, data.length)
      const writing = slowPatch(`${first.url}${path}`, details, data)
      // Wait until the first process has the first half on disk (its HEAD would block: ask the file).
      const staged = join(env.DATA_DIR, 'tus', path.split('/').pop() ?? '')
      for (let attempt = 0; attempt < 100 && Bun.file(staged).size < data.length / 2; attempt++)
        await Bun.sleep(50)
      expect(Bun.file(staged).size).toBe(data.length / 2)

      const head = await fetch(`${second.url}${path}`, { method: 'HEAD', headers: tusHeaders(details) })
      expect(head.status).toBe(423)
      const interleaved = await fetch(`${second.url}${path}`, {
        method: 'PATCH',
        headers: tusHeaders(details, {
          'Upload-Offset': String(data.length / 2),
          'Content-Type': 'application/offset+octet-stream',
        }),
        body: data.subarray(data.length / 2),
      })
      expect(interleaved.status).toBe(423)
      expect(await interleaved.text()).toContain('Retry later')

      writing.finish()
      expect(await writing.status).toBe(204)
      const after = await fetch(`${second.url}${path}`, { method: 'HEAD', headers: tusHeaders(details) })
      expect(after.status).toBe(200)
      expect(after.headers.get('upload-offset')).toBe(String(data.length))
    } finally {
      await Promise.all([first.stop(), second.stop()])
      rmSync(env.DATA_DIR, { recursive: true, force: true })
    }
  }, 90_000)
})
