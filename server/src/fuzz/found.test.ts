/**
 * Regressions the OpenAPI fuzz found (openapi-fuzz.test.ts), each pinned by a direct test: a
 * `replacedCanvasId` sent below the premium limit, an unknown `folderId` on an asset upload, and an
 * over-long asset name on the page routes were 500s (a foreign key failure, ENAMETOOLONG).
 */
import { describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type CanvasBody,
  createCanvasTestApp,
  type ErrorBody,
  teamWithMembers,
} from '../modules/canvases/testing'
import { pagesModule } from '../pages'
import { PNG_1PX } from './openapi-cases'

const setup = await createCanvasTestApp()

describe('found by the fuzz', () => {
  test('an unknown replacedCanvasId below the premium limit is ignored, not stored', async () => {
    const team = await teamWithMembers(setup)
    const { canvas } = (
      await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'P' })
    ).body
    const response = await team.ownerClient.put<CanvasBody>(`/api/v1/canvases/${canvas.id}`, {
      isPremium: true,
      replacedCanvasId: 'no-such-canvas',
    })
    expect(response.status).toBe(200)
    expect(response.body.canvas).toMatchObject({ isPremium: true, replacedCanvasId: null })
  })

  test('an asset upload or a video asset into an unknown folder is a 404', async () => {
    const team = await teamWithMembers(setup)
    const { canvas } = (
      await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'F' })
    ).body
    const form = new FormData()
    form.append('id', canvas.id)
    form.append('folderId', 'no-such-folder')
    form.append('canvasAssetFile', new File([PNG_1PX], 'pixel.png', { type: 'image/png' }))
    const upload = await team.ownerClient.request<ErrorBody>('POST', '/api/v1/canvas-assets', { body: form })
    expect(upload.status).toBe(404)
    expect(upload.body.error).toBe('NotFound')
    const video = (await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'video', title: 'V' }))
      .body.canvas
    const pending = await team.ownerClient.post<ErrorBody>('/api/v1/canvas-video-assets', {
      id: video.id,
      fileSizeInBytes: 100,
      folderId: 'no-such-folder',
    })
    expect(pending.status).toBe(404)
  })

  test('a page asset name longer than a file name can be is a 404', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pinpoint-found-'))
    try {
      mkdirSync(join(root, 'shell', 'dist', 'assets'), { recursive: true })
      writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>x</title>')
      const pages = pagesModule({ rootDir: root, remotes: {} })
      const response = await pages.handle(new Request(`http://localhost/assets/${'x'.repeat(10_000)}.js`))
      expect(response.status).toBe(404)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
