import { afterAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { canvasAssets } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import {
  type CanvasBody,
  createCanvasTestApp,
  type ErrorBody,
  pathOf,
  teamWithMembers,
} from '../canvases/testing'
import { signVideoUpload } from './signature'
import { spawnServer } from './spawn-server'
import { resumeUpload, signatureHeaders, startUpload, type VideoDetails } from './tus-client'

const setup = await createCanvasTestApp()
const { db } = setup.context.database
const { config } = setup.context
// The repository's own copies of the generated test clips (fixtures/README.md).
const corpus = join(config.rootDir, 'fixtures')
const server = setup.app.listen({ port: 0, hostname: '127.0.0.1' })
const base = `http://127.0.0.1:${server.server?.port}`
const endpoint = `${base}/api/v1/uploads`
afterAll(() => server.stop(true))

const team = await teamWithMembers(setup)

type VideoBody = {
  uploadableVideoDetails: VideoDetails & { endpoint: string }
  canvasAsset: { id: string; uploadStatus: string; url: string | null }
  canvas: CanvasBody['canvas']
}

async function videoCanvas() {
  return (await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'video', title: 'Video' })).body
    .canvas
}

async function videoAsset(canvasId: string, size: number) {
  const res = await team.ownerClient.post<VideoBody>('/api/v1/canvas-video-assets', {
    id: canvasId,
    fileSizeInBytes: size,
    name: 'clip.mp4',
    folderId: null,
  })
  expect(res.status).toBe(200)
  return res.body
}

/** A file that sniffs as MP4 (a real one from the corpus) padded with random bytes to `size`. */
function mp4OfSize(size: number): Buffer {
  const head = readFileSync(join(corpus, 'videos', 'testsrc-720p-12s.mp4'))
  const out = Buffer.alloc(size)
  head.copy(out, 0, 0, Math.min(head.length, size))
  for (let offset = head.length; offset < size; offset += 65536)
    out.set(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - offset))), offset)
  return out
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

async function storedHash(assetId: string): Promise<string> {
  const [asset] = await db.select().from(canvasAssets).where(eq(canvasAssets.id, assetId))
  expect(asset?.uploadStatus).toBe('ready')
  const object = await setup.context.storage.get(asset?.storageKey ?? '')
  return sha256(new Uint8Array(await (object?.blob().arrayBuffer() ?? new ArrayBuffer(0))))
}

describe('POST /canvas-video-assets', () => {
  test('answers the upload details, the pending asset and the canvas; checks type, size and rights', async () => {
    const canvas = await videoCanvas()
    const body = await videoAsset(canvas.id, 1000)
    expect(body.uploadableVideoDetails).toMatchObject({
      chunkSize: 64 * 1024 * 1024,
      guid: body.canvasAsset.id,
      videoLibraryId: 'pinpoint',
      endpoint: `${config.publicUrl}/api/v1/uploads`,
    })
    expect(body.uploadableVideoDetails.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(body.canvasAsset).toMatchObject({ uploadStatus: 'pending', url: null })
    expect(body.canvas.id).toBe(canvas.id)
    const design = (
      await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'D' })
    ).body.canvas
    expect(
      (
        await team.ownerClient.post<ErrorBody>('/api/v1/canvas-video-assets', {
          id: design.id,
          fileSizeInBytes: 10,
        })
      ).status,
    ).toBe(415)
    const huge = await team.ownerClient.post<ErrorBody>('/api/v1/canvas-video-assets', {
      id: canvas.id,
      fileSizeInBytes: 6 * 1024 ** 3,
    })
    expect([huge.status, huge.body.error]).toEqual([413, 'FileTooLarge'])
    expect(
      (await team.memberClient.post('/api/v1/canvas-video-assets', { id: canvas.id, fileSizeInBytes: 10 }))
        .status,
    ).toBe(403)
    expect(
      (await setup.client().post('/api/v1/canvas-video-assets', { id: canvas.id, fileSizeInBytes: 10 }))
        .status,
    ).toBe(401)
  })
})

describe('tus endpoint', () => {
  test('50 MB with tus-js-client: abort midway, resume, sha256 equal; plays with Range', async () => {
    const canvas = await videoCanvas()
    const data = mp4OfSize(50 * 1024 * 1024)
    const { uploadableVideoDetails, canvasAsset } = await videoAsset(canvas.id, data.length)
    let aborted = false
    // 4 MB chunks: on loopback a single 50 MB PATCH can finish before the client reports half of it.
    const run = startUpload(endpoint, data, uploadableVideoDetails, {
      chunkSize: 4 * 1024 * 1024,
      onProgress(sent) {
        if (!aborted && sent > data.length / 2) {
          aborted = true
          void run.upload.abort()
        }
      },
    })
    while (!aborted) await Bun.sleep(10)
    // The server sees the aborted connection a moment later; then HEAD reports what reached the disk.
    let offset = 0
    for (let attempt = 0; attempt < 50 && offset === 0; attempt++) {
      await Bun.sleep(50)
      const head = await fetch(run.upload.url ?? '', {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', ...signatureHeaders(uploadableVideoDetails) },
      })
      offset = Number(head.headers.get('upload-offset'))
    }
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThan(data.length)
    await resumeUpload(run.upload)
    expect(await storedHash(canvasAsset.id)).toBe(sha256(data))
    const after = (await team.ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
      .CanvasAssets as { id: string; url: string; mimeType: string }[]
    const video = after.find((a) => a.id === canvasAsset.id)
    expect(video?.mimeType).toBe('video/mp4')
    const range = await team.ownerClient.get(pathOf(video?.url ?? ''), {
      headers: { range: 'bytes=1000-1999' },
    })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`)
    expect(Buffer.from(range.text, 'latin1').length).toBeGreaterThan(0)
  }, 60_000)

  test('refuses forged, expired and missing signatures, a signature for another upload, and a wrong size', async () => {
    const canvas = await videoCanvas()
    const { uploadableVideoDetails: details } = await videoAsset(canvas.id, 100)
    const create = (headers: Record<string, string>, length = 100) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), ...headers },
      })
    expect((await create({})).status).toBe(401)
    expect((await create(signatureHeaders({ ...details, signature: 'f'.repeat(64) }))).status).toBe(403)
    expect((await create(signatureHeaders({ ...details, expiration: details.expiration + 60 }))).status).toBe(
      403,
    )
    const expired = signVideoUpload(config.sessionSecret, details.guid, new Date(Date.now() - 2 * 86_400_000))
    const expiredResponse = await create(signatureHeaders(expired))
    expect(expiredResponse.status).toBe(403)
    expect(await expiredResponse.text()).toContain('expired')
    expect((await create(signatureHeaders(details), 101)).status).toBe(413)
    expect((await create(signatureHeaders(details), 99)).status).toBe(400)
    const ok = await create(signatureHeaders(details))
    expect(ok.status).toBe(201)
    const location = new URL(ok.headers.get('location') ?? '', endpoint).toString()
    const { uploadableVideoDetails: other } = await videoAsset(canvas.id, 100)
    const foreign = await fetch(location, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', ...signatureHeaders(other) },
    })
    expect(foreign.status).toBe(403)
    const tooMuch = await fetch(location, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        ...signatureHeaders(details),
      },
      body: new Uint8Array(150),
    })
    expect(tooMuch.status).toBeGreaterThanOrEqual(400)
    expect((await fetch(location, { headers: signatureHeaders(details) })).status).toBe(404)
  })

  test('a file that is not a video is refused when complete', async () => {
    const canvas = await videoCanvas()
    const data = Buffer.from('just text, not a video at all'.repeat(10))
    const { uploadableVideoDetails, canvasAsset } = await videoAsset(canvas.id, data.length)
    const run = startUpload(endpoint, data, uploadableVideoDetails, { retryDelays: null })
    await expect(run.done).rejects.toThrow('415')
    const [asset] = await db.select().from(canvasAssets).where(eq(canvasAssets.id, canvasAsset.id))
    expect(asset?.uploadStatus).toBe('failed')
  })

  test('every corpus video uploads and plays with seeking', async () => {
    const canvas = await videoCanvas()
    for (const name of readdirSync(join(corpus, 'videos'))) {
      const data = readFileSync(join(corpus, 'videos', name))
      const { uploadableVideoDetails, canvasAsset } = await videoAsset(canvas.id, data.length)
      await startUpload(endpoint, data, uploadableVideoDetails).done
      expect(await storedHash(canvasAsset.id)).toBe(sha256(data))
      const assets = (await team.ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
        .CanvasAssets as { id: string; url: string }[]
      const url = assets.find((a) => a.id === canvasAsset.id)?.url ?? ''
      const response = await fetch(`${base}${pathOf(url)}`, {
        headers: { range: `bytes=${data.length - 100}-` },
      })
      expect(response.status).toBe(206)
      expect(response.headers.get('content-type')).toBe(name.endsWith('.webm') ? 'video/webm' : 'video/mp4')
      expect(Buffer.from(await response.arrayBuffer()).equals(data.subarray(data.length - 100))).toBe(true)
    }
  }, 30_000)
})

describe('tus across a kill -9', () => {
  test('the server is killed mid-upload and restarted: the upload resumes and the file is intact', async () => {
    if (!config.databaseUrl) return // PGlite fallback: the child cannot share the database
    const canvas = await videoCanvas()
    const data = mp4OfSize(50 * 1024 * 1024)
    const { uploadableVideoDetails, canvasAsset } = await videoAsset(canvas.id, data.length)
    const env = {
      DATABASE_URL: config.databaseUrl,
      SESSION_SECRET: config.sessionSecret,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pinpoint-kill-')),
    }
    const first = await spawnServer({ rootDir: config.rootDir, env })
    let killed = false
    const run = startUpload(`${first.url}/api/v1/uploads`, data, uploadableVideoDetails, {
      retryDelays: null,
      chunkSize: 4 * 1024 * 1024,
      onProgress(sent) {
        if (!killed && sent > data.length * 0.4) {
          killed = true
          first.process.kill('SIGKILL')
        }
      },
    })
    await expect(run.done).rejects.toBeDefined()
    await first.process.exited
    const second = await spawnServer({ rootDir: config.rootDir, env, port: first.port })
    try {
      await resumeUpload(run.upload)
      const [asset] = await db.select().from(canvasAssets).where(eq(canvasAssets.id, canvasAsset.id))
      expect(asset?.uploadStatus).toBe('ready')
      const stored = Bun.file(join(env.DATA_DIR, 'files', asset?.storageKey ?? ''))
      expect(sha256(new Uint8Array(await stored.arrayBuffer()))).toBe(sha256(data))
    } finally {
      await second.stop()
    }
  }, 90_000)
})
