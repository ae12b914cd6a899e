import { describe, expect, test } from 'bun:test'
import { deflateSync } from 'node:zlib'
import { buildUser } from '@pinpoint/db/testing'
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_WIDTH } from '@pinpoint/domain'
import { createUploadTestApp, loggedIn, multipart, pathOf, teamWithMembers } from '../../testing/upload-app'
import type { CanvasBody, ErrorBody } from '../canvases/testing'

const { setup, db } = await createUploadTestApp()

/** A real PNG of the given size (one grey row repeated), as a browser's canvas would encode it. */
function png(width: number, height: number, shade = 128): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data])
    const out = new DataView(new ArrayBuffer(12 + data.length))
    out.setUint32(0, data.length)
    new Uint8Array(out.buffer).set(body, 4)
    out.setUint32(8 + data.length, Bun.hash.crc32(body))
    return new Uint8Array(out.buffer)
  }
  const header = new DataView(new ArrayBuffer(13))
  header.setUint32(0, width)
  header.setUint32(4, height)
  header.setUint8(8, 8) // bit depth
  header.setUint8(9, 0) // greyscale
  const row = new Uint8Array(width + 1).fill(shade)
  row[0] = 0
  const raw = new Uint8Array(row.length * height)
  for (let y = 0; y < height; y++) raw.set(row, y * row.length)
  return new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...chunk('IHDR', new Uint8Array(header.buffer)),
    ...chunk('IDAT', deflateSync(raw)),
    ...chunk('IEND', new Uint8Array()),
  ])
}

type RevisionJson = { id: string; thumbnailUrl: string | null; thumbnailAt: string | null }
type StoreBody = { canvasRevision: RevisionJson; stored: boolean }
type ListBody = { canvases: { id: string; thumbnailUrl: string | null }[] }

const upload = (
  client: Awaited<ReturnType<typeof loggedIn>>,
  revisionId: string,
  bytes: Uint8Array<ArrayBuffer>,
) =>
  client.put<StoreBody & ErrorBody>(`/api/v1/canvas-revisions/${revisionId}/thumbnail`, undefined, {
    body: multipart({ file: [new Blob([bytes]), 'thumbnail.png'] }),
  })

async function websiteCanvas(client: Awaited<ReturnType<typeof loggedIn>>, visibility?: string) {
  const { canvas } = (
    await client.post<CanvasBody>('/api/v1/canvases', {
      type: 'website',
      title: 'Site',
      localUrl: 'https://example.com/',
    })
  ).body
  if (visibility) await client.put(`/api/v1/canvases/${canvas.id}`, { visibility })
  return canvas
}

describe('revision pictures', () => {
  test('the first visitor stores one; only editors replace it; the card and the revision show it', async () => {
    const { ownerClient, adminClient, memberClient } = await teamWithMembers(setup)
    const canvas = await websiteCanvas(ownerClient)
    const guest = await loggedIn(setup, await buildUser(db, { isGuest: true }))

    const first = await upload(guest, canvas.CanvasRevisionId, png(320, 200))
    expect([first.status, first.body.stored]).toEqual([200, true])
    const firstUrl = first.body.canvasRevision.thumbnailUrl ?? ''
    const served = await ownerClient.get(pathOf(firstUrl))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')

    // Neither a link holder nor a member who may not edit the canvas can swap the picture; an admin can.
    const swap = await upload(guest, canvas.CanvasRevisionId, png(320, 200, 0))
    expect([swap.status, swap.body.error]).toEqual([403, 'Forbidden'])
    expect((await upload(memberClient, canvas.CanvasRevisionId, png(320, 200, 0))).status).toBe(403)
    const replaced = await upload(adminClient, canvas.CanvasRevisionId, png(400, 250, 10))
    expect([replaced.status, replaced.body.stored]).toEqual([200, true])
    const replacedUrl = replaced.body.canvasRevision.thumbnailUrl ?? ''
    // Versioned: a new picture is a new URL, and the old file is gone.
    expect(new URL(replacedUrl).pathname).not.toBe(new URL(firstUrl).pathname)
    expect((await ownerClient.get(pathOf(firstUrl))).status).toBe(404)

    const list = (await ownerClient.get<ListBody>('/api/v1/users/me/canvases?limit=50')).body.canvases
    const card = list.find((c) => c.id === canvas.id)
    expect(new URL(card?.thumbnailUrl ?? 'http://x/none').pathname).toBe(new URL(replacedUrl).pathname)
    const detail = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
    expect(new URL(String(detail.thumbnailUrl)).pathname).toBe(new URL(replacedUrl).pathname)
  })

  test('a new revision starts without a picture and gets its own; the card follows the current one', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const canvas = await websiteCanvas(ownerClient)
    const v1 = await upload(ownerClient, canvas.CanvasRevisionId, png(300, 200))
    const { canvasRevision: r2, canvas: after } = (
      await ownerClient.post<{ canvasRevision: RevisionJson; canvas: { thumbnailUrl: string | null } }>(
        `/api/v1/canvases/${canvas.id}/revisions`,
        {},
      )
    ).body
    expect([r2.thumbnailUrl, after.thumbnailUrl]).toEqual([null, null])
    const v2 = await upload(ownerClient, r2.id, png(300, 200, 50))
    expect(v2.status).toBe(200)
    const detail = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
    const revisions = detail.CanvasRevisions as RevisionJson[]
    const path = (url: string | null | undefined) => new URL(url ?? 'http://x/none').pathname
    expect(revisions.map((r) => path(r.thumbnailUrl))).toEqual([
      path(v1.body.canvasRevision.thumbnailUrl),
      path(v2.body.canvasRevision.thumbnailUrl),
    ])
    expect(path(detail.thumbnailUrl as string)).toBe(path(v2.body.canvasRevision.thumbnailUrl))
    // Deleting a revision deletes its picture file.
    expect((await ownerClient.delete(`/api/v1/canvas-revisions/${r2.id}`)).status).toBe(200)
    expect((await ownerClient.get(pathOf(v2.body.canvasRevision.thumbnailUrl ?? ''))).status).toBe(404)
  })

  test('checked by content, size and pixel size', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const canvas = await websiteCanvas(ownerClient)
    const id = canvas.CanvasRevisionId
    const html = new TextEncoder().encode('<html><body><script>alert(1)</script></body></html>')
    const notImage = await upload(ownerClient, id, html)
    expect([notImage.status, notImage.body.error]).toEqual([415, 'UnsupportedFileType'])
    const gif = new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b])
    expect((await upload(ownerClient, id, gif)).status).toBe(415)
    const wide = await upload(ownerClient, id, png(THUMBNAIL_WIDTH + 1, 100))
    expect([wide.status, wide.body.error]).toEqual([422, 'ValidationFailed'])
    const big = new Uint8Array(THUMBNAIL_MAX_BYTES + 1)
    big.set(png(10, 10))
    expect((await upload(ownerClient, id, big)).status).toBe(413)
    const missing = await ownerClient.put(`/api/v1/canvas-revisions/${id}/thumbnail`, undefined, {
      body: multipart({ other: 'x' }),
    })
    expect(missing.status).toBe(422)
    const detail = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
    expect(detail.thumbnailUrl).toBeNull()
  })

  test('access: anonymous refused, a link holder of another canvas neither stores nor reads one', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const teamOnly = await websiteCanvas(ownerClient, 'only-team')
    const shared = await websiteCanvas(ownerClient)
    const stored = await upload(ownerClient, teamOnly.CanvasRevisionId, png(200, 100))
    const url = new URL(stored.body.canvasRevision.thumbnailUrl ?? '')

    const anonymous = setup.client()
    const anon = await anonymous.put(
      `/api/v1/canvas-revisions/${shared.CanvasRevisionId}/thumbnail`,
      undefined,
      {
        body: multipart({ file: [new Blob([png(10, 10)]), 'x.png'] }),
      },
    )
    expect(anon.status).toBe(401)

    const guest = await loggedIn(setup, await buildUser(db, { isGuest: true }))
    // The guest holds the shared canvas's link, not the team-only one's.
    expect((await guest.get(`/api/v1/canvases/${shared.id}`)).status).toBe(200)
    expect((await guest.get(`/api/v1/canvases/${teamOnly.id}`)).status).toBe(404)
    const other = await upload(guest, teamOnly.CanvasRevisionId, png(200, 100))
    expect(other.status).toBe(404)
    expect((await upload(guest, 'no-such-revision', png(10, 10))).status).toBe(404)
    // The picture's URL is given only with the canvas; a guessed or re-pointed one is refused.
    const sharedPicture = await upload(guest, shared.CanvasRevisionId, png(20, 20))
    const sharedUrl = new URL(sharedPicture.body.canvasRevision.thumbnailUrl ?? '')
    expect((await guest.get(`${url.pathname}`)).status).toBe(403)
    expect((await guest.get(`${url.pathname}${sharedUrl.search}`)).status).toBe(403)
  })
})
