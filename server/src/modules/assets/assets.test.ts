import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { canvases, customers, events } from '@pinpoint/db'
import { buildAnnotation } from '@pinpoint/db/testing'
import { and, eq } from 'drizzle-orm'
import { fileRoutes } from '../../platform/storage'
import { createUploadTestApp, multipart, pathOf, teamWithMembers } from '../../testing/upload-app'
import type { CanvasBody, ErrorBody } from '../canvases/testing'

const { setup, db } = await createUploadTestApp()
// The repository's own copies of real PDFs and e-mails (fixtures/README.md says where each comes from).
const corpus = join(setup.context.config.rootDir, 'fixtures')

const b64 = (text: string) => new Blob([Buffer.from(text, 'base64')])
const IMAGES: Record<string, [Blob, string]> = {
  png: [
    b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
    'image/png',
  ],
  gif: [b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), 'image/gif'],
  webp: [b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='), 'image/webp'],
  jpeg: [
    b64(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    ),
    'image/jpeg',
  ],
}

interface AssetJson {
  id: string
  type: string
  name: string
  position: number
  mimeType: string
  pageCount: number
  pageThumbnailUrls: string[]
  url: string
  width: number | null
  height: number | null
  CanvasRevisionId: string
}
type AssetBody = { canvasAsset: AssetJson; canvas: CanvasBody['canvas'] }

async function designCanvas(type = 'design') {
  const team = await teamWithMembers(setup)
  if (type === 'email')
    await db
      .update(customers)
      .set({ betaFeatures: { emailReview: true } })
      .where(eq(customers.userId, team.owner.id))
  const { canvas } = (await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type, title: 'Assets' }))
    .body
  return { ...team, canvas }
}

function upload(
  client: Awaited<ReturnType<typeof designCanvas>>['ownerClient'],
  canvasId: string,
  file: Blob,
  name: string,
  extra: Record<string, string> = {},
) {
  return client.request<AssetBody & ErrorBody>('POST', '/api/v1/canvas-assets', {
    body: multipart({ id: canvasId, canvasAssetFile: [file, name], ...extra }),
  })
}

describe('POST /canvas-assets', () => {
  test('accepts PNG, JPEG, GIF and WebP by content (whatever the name), measures them, serves them', async () => {
    const { ownerClient, canvas } = await designCanvas()
    for (const [kind, [blob, mime]] of Object.entries(IMAGES)) {
      const res = await upload(ownerClient, canvas.id, blob, `picture-${kind}.txt`)
      expect(res.status).toBe(200)
      expect(res.body.canvasAsset).toMatchObject({ type: 'image', mimeType: mime, width: 1, height: 1 })
      const served = await ownerClient.get(pathOf(res.body.canvasAsset.url))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(mime)
    }
    const positions = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
      .CanvasAssets as AssetJson[]
    expect(positions.map((a) => a.position)).toEqual([0, 1, 2, 3])
    expect(
      await db
        .select({ type: events.type })
        .from(events)
        .where(and(eq(events.canvasId, canvas.id), eq(events.type, 'asset.created'))),
    ).toHaveLength(4)
  })

  test('SVG is sanitised and served with a sandbox CSP', async () => {
    const { ownerClient, canvas } = await designCanvas()
    const svg = new Blob([
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="5" height="5"/></svg>',
    ])
    const res = await upload(ownerClient, canvas.id, svg, 'logo.svg')
    expect(res.body.canvasAsset.mimeType).toBe('image/svg+xml')
    const served = await ownerClient.get(pathOf(res.body.canvasAsset.url))
    expect(served.text).not.toContain('script')
    expect(served.text).not.toContain('onload')
    expect(served.text).toContain('<rect')
    expect(served.headers.get('content-security-policy')).toContain('sandbox')
  })

  test('every corpus PDF gives its page count and one thumbnail per page', async () => {
    const { ownerClient, canvas } = await designCanvas()
    const expected = JSON.parse(readFileSync(join(corpus, 'pdfs', 'py-pdf-files.json'), 'utf8')) as {
      data: { path: string; pages: number }[]
    }
    const pages = new Map(expected.data.map((entry) => [basename(entry.path), entry.pages]))
    const files = readdirSync(join(corpus, 'pdfs')).filter((name) => name.endsWith('.pdf'))
    expect(files.length).toBeGreaterThan(0)
    for (const name of files) {
      const res = await upload(ownerClient, canvas.id, Bun.file(join(corpus, 'pdfs', name)), name)
      expect(res.status).toBe(200)
      const asset = res.body.canvasAsset
      expect([name, asset.type, asset.pageCount]).toEqual([name, 'pdf', pages.get(name) ?? -1])
      expect(asset.pageThumbnailUrls).toHaveLength(asset.pageCount)
      for (const url of asset.pageThumbnailUrls) {
        const thumb = await ownerClient.get(pathOf(url))
        expect(thumb.status).toBe(200)
        expect(thumb.headers.get('content-type')).toBe('image/png')
        expect(thumb.text.slice(1, 4)).toBe('PNG')
      }
    }
    // A design whose first asset is a PDF is a pdf design (SPEC 4).
    const { canvas: pdfFirst } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Doc' })
    ).body
    const first = await upload(
      ownerClient,
      pdfFirst.id,
      Bun.file(join(corpus, 'pdfs', files[0] ?? '')),
      'doc.pdf',
    )
    expect(first.body.canvas.effectiveType).toBe('pdf')
  }, 60_000)

  test('refuses a wrong type, a fake PDF, a damaged PDF, an empty and an oversized file', async () => {
    const { ownerClient, canvas } = await designCanvas()
    const wrong = await upload(
      ownerClient,
      canvas.id,
      new Blob([
        new Uint8Array([
          0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
          22, 23, 24, 25, 26, 27, 28, 29, 30,
        ]),
      ]),
      'design.png',
    )
    expect([wrong.status, wrong.body.error]).toEqual([415, 'UnsupportedFileType'])
    const fake = await upload(
      ownerClient,
      canvas.id,
      new Blob(['this is just text pretending to be a PDF']),
      'report.pdf',
    )
    expect([fake.status, fake.body.error]).toEqual([415, 'UnsupportedFileType'])
    const damaged = await upload(
      ownerClient,
      canvas.id,
      new Blob(['%PDF-1.7\n1 0 obj garbage without structure\n%%EOF']),
      'broken.pdf',
    )
    expect([damaged.status, damaged.body.error]).toEqual([422, 'UnreadablePdf'])
    const empty = await upload(ownerClient, canvas.id, new Blob([]), 'empty.png')
    expect(empty.status).toBe(422)
    const huge = new Blob([IMAGES.png?.[0] ?? '', new Uint8Array(31 * 1024 * 1024)])
    const tooBig = await upload(ownerClient, canvas.id, huge, 'huge.png')
    expect([tooBig.status, tooBig.body.error]).toEqual([413, 'FileTooLarge'])
    // Over a real connection the body is refused from its Content-Length, before it is read.
    const server = setup.app.listen({ port: 0, hostname: '127.0.0.1' })
    try {
      const cookie = [...ownerClient.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      const response = await fetch(`http://127.0.0.1:${server.server?.port}/api/v1/canvas-assets`, {
        method: 'POST',
        headers: { cookie, origin: `http://127.0.0.1:${server.server?.port}` },
        body: multipart({
          id: canvas.id,
          canvasAssetFile: [new Blob([new Uint8Array(101 * 1024 * 1024)]), 'giant.pdf'],
        }),
      })
      expect(response.status).toBe(413)
      expect(((await response.json()) as ErrorBody).error).toBe('FileTooLarge')
    } finally {
      await server.stop(true)
    }
    const website = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'website',
        title: 'w',
        localUrl: 'https://example.com',
      })
    ).body.canvas
    expect((await upload(ownerClient, website.id, IMAGES.png?.[0] ?? new Blob(), 'a.png')).status).toBe(415)
  }, 30_000)

  test("another team's canvas is NotFound; a teammate who may not edit is Forbidden; anonymous is NotLoggedIn", async () => {
    const { canvas, memberClient } = await designCanvas()
    await db.update(canvases).set({ visibility: 'only-team' }).where(eq(canvases.id, canvas.id))
    const other = await teamWithMembers(setup)
    const png = IMAGES.png?.[0] ?? new Blob()
    expect((await upload(other.ownerClient, canvas.id, png, 'a.png')).status).toBe(404)
    expect((await upload(memberClient, canvas.id, png, 'a.png')).status).toBe(403)
    expect((await upload(setup.client(), canvas.id, png, 'a.png')).status).toBe(401)
  })

  test('a read-only canvas refuses uploads with a clear error, and still reads', async () => {
    const { ownerClient, canvas } = await designCanvas()
    await db
      .update(canvases)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(canvases.id, canvas.id))
    const res = await upload(ownerClient, canvas.id, IMAGES.png?.[0] ?? new Blob(), 'a.png')
    expect([res.status, res.body.error]).toEqual([403, 'CanvasReadOnly'])
    expect(res.body.message).toContain('expired')
    expect((await ownerClient.get(`/api/v1/canvases/${canvas.id}`)).status).toBe(200)
  })

  test('HTML e-mails: scripts stripped, served only from the proxy origin', async () => {
    const { ownerClient, canvas } = await designCanvas('email')
    const html = readFileSync(join(corpus, 'emails', 'postmark-basic-welcome.html'), 'utf8').replace(
      '</body>',
      '<script>steal()</script><a href="javascript:x()" onclick="y()">z</a></body>',
    )
    const res = await upload(ownerClient, canvas.id, new Blob([html]), 'welcome.html')
    expect(res.status).toBe(200)
    const asset = res.body.canvasAsset
    expect(asset.type).toBe('email')
    expect(asset.url.startsWith(setup.context.config.proxyOrigin)).toBe(true)
    expect((await ownerClient.get(pathOf(asset.url))).status).toBe(403)
    const proxy = fileRoutes(setup.context, 'proxy', '/api/v1/files')
    const served = await proxy.handle(new Request(`http://127.0.0.1${pathOf(asset.url)}`))
    const text = await served.text()
    expect(served.status).toBe(200)
    expect(text).not.toContain('steal()')
    expect(text).not.toContain('javascript:')
    expect(text).not.toContain('onclick')
    expect(text).toContain('Welcome')
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
    const designOnly = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'd' })
    ).body.canvas
    expect((await upload(ownerClient, designOnly.id, new Blob([html]), 'x.html')).status).toBe(415)
  })
})

describe('replace, delete, reorder', () => {
  test('replace keeps id and comments; delete answers the removed annotations; reorder sets positions', async () => {
    const { ownerClient, canvas, owner } = await designCanvas()
    const png = IMAGES.png?.[0] ?? new Blob()
    const a = (await upload(ownerClient, canvas.id, png, 'a.png')).body.canvasAsset
    const b = (await upload(ownerClient, canvas.id, IMAGES.gif?.[0] ?? png, 'b.gif')).body.canvasAsset
    const [row] = await db.select().from(canvases).where(eq(canvases.id, canvas.id))
    if (!row) throw new Error('canvas missing')
    const annotation = await buildAnnotation(db, { canvas: row, user: owner, canvasAssetId: a.id })
    const replaced = await ownerClient.request<AssetBody>(
      'POST',
      `/api/v1/canvases/${canvas.id}/assets/${a.id}`,
      { body: multipart({ canvasAssetFile: [IMAGES.webp?.[0] ?? png, 'new.webp'] }) },
    )
    expect(replaced.body.canvasAsset).toMatchObject({
      id: a.id,
      mimeType: 'image/webp',
      name: 'new.webp',
      position: 0,
    })
    expect((await ownerClient.get(pathOf(a.url))).status).toBe(404) // the old file is gone
    const reordered = await ownerClient.post<{ canvasAssets: AssetJson[] }>(
      `/api/v1/canvases/${canvas.id}/assets/reorder`,
      {
        canvasAssets: [
          { id: a.id, position: 1 },
          { id: b.id, position: 0 },
        ],
      },
    )
    expect(reordered.body.canvasAssets.map((x) => [x.id, x.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ])
    const deleted = await ownerClient.delete<{ canvasAsset: AssetJson; annotations: { id: string }[] }>(
      `/api/v1/canvases/${canvas.id}/assets/${a.id}`,
    )
    expect(deleted.body.canvasAsset.id).toBe(a.id)
    expect(deleted.body.annotations.map((x) => x.id)).toEqual([annotation.id])
    expect((await ownerClient.delete(`/api/v1/canvases/${canvas.id}/assets/${a.id}`)).status).toBe(404)
  })
})

describe('replace, delete, reorder: who may', () => {
  async function twoAssets() {
    const setupCanvas = await designCanvas()
    const png = IMAGES.png?.[0] ?? new Blob()
    const a = (await upload(setupCanvas.ownerClient, setupCanvas.canvas.id, png, 'a.png')).body.canvasAsset
    const b = (await upload(setupCanvas.ownerClient, setupCanvas.canvas.id, png, 'b.png')).body.canvasAsset
    return { ...setupCanvas, a, b, png }
  }
  const positions = async (canvasId: string) =>
    (await db.query.canvasAssets.findMany({ where: (t, { eq: is }) => is(t.canvasId, canvasId) }))
      .sort((x, y) => x.position - y.position)
      .map((x) => x.name)

  test("another team's canvas is NotFound, a teammate who may not edit Forbidden, anonymous NotLoggedIn; nothing changes", async () => {
    const { canvas, memberClient, a, b, png } = await twoAssets()
    await db.update(canvases).set({ visibility: 'only-team' }).where(eq(canvases.id, canvas.id))
    const other = await teamWithMembers(setup)
    const order = {
      canvasAssets: [
        { id: b.id, position: 0 },
        { id: a.id, position: 1 },
      ],
    }
    for (const [client, status] of [
      [other.ownerClient, 404],
      [memberClient, 403],
      [setup.client(), 401],
    ] as const) {
      const replaced = await client.request('POST', `/api/v1/canvases/${canvas.id}/assets/${a.id}`, {
        body: multipart({ canvasAssetFile: [png, 'x.png'] }),
      })
      expect(replaced.status).toBe(status)
      expect((await client.post(`/api/v1/canvases/${canvas.id}/assets/reorder`, order)).status).toBe(status)
      expect((await client.delete(`/api/v1/canvases/${canvas.id}/assets/${a.id}`)).status).toBe(status)
    }
    expect(await positions(canvas.id)).toEqual(['a.png', 'b.png'])
  })

  test('reorder leaves the assets of another canvas alone', async () => {
    const mine = await twoAssets()
    const theirs = await twoAssets()
    const res = await mine.ownerClient.post<{ canvasAssets: AssetJson[] }>(
      `/api/v1/canvases/${mine.canvas.id}/assets/reorder`,
      {
        canvasAssets: [
          { id: mine.b.id, position: 0 },
          { id: mine.a.id, position: 1 },
          { id: theirs.a.id, position: 5 },
        ],
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.canvasAssets.map((x) => x.name)).toEqual(['b.png', 'a.png'])
    expect(await positions(theirs.canvas.id)).toEqual(['a.png', 'b.png'])
  })

  test('a read-only canvas refuses replace, reorder and delete', async () => {
    const { ownerClient, canvas, a, b, png } = await twoAssets()
    await db
      .update(canvases)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(canvases.id, canvas.id))
    const replaced = await ownerClient.request<ErrorBody>(
      'POST',
      `/api/v1/canvases/${canvas.id}/assets/${a.id}`,
      {
        body: multipart({ canvasAssetFile: [png, 'x.png'] }),
      },
    )
    expect([replaced.status, replaced.body.error]).toEqual([403, 'CanvasReadOnly'])
    const reordered = await ownerClient.post<ErrorBody>(`/api/v1/canvases/${canvas.id}/assets/reorder`, {
      canvasAssets: [
        { id: b.id, position: 0 },
        { id: a.id, position: 1 },
      ],
    })
    expect([reordered.status, reordered.body.error]).toEqual([403, 'CanvasReadOnly'])
    const deleted = await ownerClient.delete<ErrorBody>(`/api/v1/canvases/${canvas.id}/assets/${a.id}`)
    expect([deleted.status, deleted.body.error]).toEqual([403, 'CanvasReadOnly'])
    expect(await positions(canvas.id)).toEqual(['a.png', 'b.png'])
  })
})
