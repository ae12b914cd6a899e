/**
 * POST /canvas-revisions/{id}/carry-comments (decision 047): open comments move to the new revision with
 * their threads, re-anchored or needing a new spot; resolved ones stay; editors only; private comments
 * only for callers who may see them; a page-wide clear of inactive reasons leaves carried ones alone.
 */
import { describe, expect, test } from 'bun:test'
import { annotations, canvasAssets, canvases } from '@pinpoint/db'
import { buildAnnotation, buildReply, buildUser } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import {
  type CanvasBody,
  createCanvasTestApp,
  type ErrorBody,
  loggedIn,
  teamWithMembers,
} from '../canvases/testing'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

type Carried = {
  carried: { id: string; status: string }[]
  annotations: {
    id: string
    CanvasRevisionId: string
    CanvasAssetId: string | null
    canvasAssetPageIndex: number | null
    inactiveReason: string | null
    path: string | null
    x: number | null
    y: number | null
    metadata: {
      anchor?: unknown
      carriedFrom?: { revisionId: string; number: number; anchor?: unknown; x?: number; y?: number }
    }
    AnnotationReplies?: unknown[]
  }[]
}

async function canvasRow(id: string) {
  const [row] = await db.select().from(canvases).where(eq(canvases.id, id))
  if (!row) throw new Error('no canvas')
  return row
}

async function addAsset(canvasId: string, revisionId: string, position: number, pageCount: number) {
  const [asset] = await db
    .insert(canvasAssets)
    .values({
      canvasId,
      canvasRevisionId: revisionId,
      name: `f${position}.pdf`,
      type: 'pdf',
      position,
      pageCount,
    })
    .returning()
  if (!asset) throw new Error('no asset')
  return asset
}

describe('carrying open comments to a new revision', () => {
  test('a PDF design: same file and page keeps its spot, a missing page needs a new spot', async () => {
    const { ownerClient, owner, memberClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Brochure' })
    ).body
    const v1 = canvas.CanvasRevisionId
    const old0 = await addAsset(canvas.id, v1, 0, 4)
    const row = await canvasRow(canvas.id)
    const onPage1 = await buildAnnotation(db, {
      canvas: row,
      user: owner,
      canvasAssetId: old0.id,
      canvasAssetPageIndex: 1,
      x: 0.3,
      y: 0.4,
    })
    await buildReply(db, { annotation: onPage1, user: owner })
    const onPage4 = await buildAnnotation(db, {
      canvas: row,
      user: owner,
      canvasAssetId: old0.id,
      canvasAssetPageIndex: 3,
    })
    const resolved = await buildAnnotation(db, {
      canvas: row,
      user: owner,
      canvasAssetId: old0.id,
      status: 'resolved',
    })
    const v2 = (
      await ownerClient.post<{ canvasRevision: { id: string } }>(
        `/api/v1/canvases/${canvas.id}/revisions`,
        {},
      )
    ).body.canvasRevision.id
    const url = `/api/v1/canvas-revisions/${v2}/carry-comments`
    // Nothing uploaded yet: nowhere to put them.
    const empty = await ownerClient.post<ErrorBody>(url, { fromRevisionId: v1 })
    expect([empty.status, empty.body.error]).toEqual([409, 'RevisionEmpty'])
    const new0 = await addAsset(canvas.id, v2, 0, 2)
    expect((await memberClient.post(url, { fromRevisionId: v1 })).status).toBe(403)
    const res = await ownerClient.post<Carried>(url, { fromRevisionId: v1 })
    expect(res.status).toBe(200)
    expect(Object.fromEntries(res.body.carried.map((c) => [c.id, c.status]))).toEqual({
      [onPage1.id]: 'reanchored',
      [onPage4.id]: 'needs-new-spot',
    })
    const byId = new Map(res.body.annotations.map((a) => [a.id, a]))
    expect(byId.get(onPage1.id)).toMatchObject({
      CanvasRevisionId: v2,
      CanvasAssetId: new0.id,
      canvasAssetPageIndex: 1,
      inactiveReason: null,
      metadata: { carriedFrom: { number: 1 } },
    })
    expect(byId.get(onPage1.id)?.AnnotationReplies).toHaveLength(1)
    expect(byId.get(onPage4.id)).toMatchObject({
      CanvasRevisionId: v2,
      CanvasAssetId: new0.id,
      canvasAssetPageIndex: 0,
      inactiveReason: 'needs-new-spot',
    })
    // No pin until re-attached; where it was is kept.
    expect(byId.get(onPage4.id)).toMatchObject({
      x: null,
      y: null,
      metadata: { carriedFrom: { x: 0.5, y: 0.5 } },
    })
    const [stayed] = await db.select().from(annotations).where(eq(annotations.id, resolved.id))
    expect(stayed?.canvasRevisionId).toBe(v1)
    // Carrying the same way again: nothing left that is open on v1.
    expect((await ownerClient.post<Carried>(url, { fromRevisionId: v1 })).body.carried).toEqual([])
    const self = await ownerClient.post<ErrorBody>(url, { fromRevisionId: v2 })
    expect(self.status).toBe(422)
  })

  test('a website: the page sends each new anchor or null; unnamed comments and other canvases stay', async () => {
    const { ownerClient, owner } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'website',
        title: 'Site',
        localUrl: 'https://v1.example.test/',
      })
    ).body
    const v1 = canvas.CanvasRevisionId
    const row = await canvasRow(canvas.id)
    const anchor = { v: 1, kind: 'element', css: 'h1' }
    const kept = await buildAnnotation(db, { canvas: row, user: owner, metadata: { anchor } })
    const lost = await buildAnnotation(db, { canvas: row, user: owner, metadata: { anchor } })
    const otherPage = await buildAnnotation(db, {
      canvas: row,
      user: owner,
      path: '/about',
      metadata: { anchor },
    })
    const v2 = (
      await ownerClient.post<{ canvasRevision: { id: string } }>(`/api/v1/canvases/${canvas.id}/revisions`, {
        localUrl: 'https://v2.example.test/',
      })
    ).body.canvasRevision.id
    const url = `/api/v1/canvas-revisions/${v2}/carry-comments`
    const missing = await ownerClient.post<ErrorBody>(url, { fromRevisionId: v1 })
    expect([missing.status, missing.body.meta.field]).toEqual([422, 'results'])
    const fresh = { v: 1, kind: 'element', css: 'main > h1' }
    const res = await ownerClient.post<Carried>(url, {
      fromRevisionId: v1,
      path: '/?v=2',
      results: [
        { id: kept.id, anchor: fresh },
        { id: lost.id, anchor: null },
      ],
    })
    expect(res.status).toBe(200)
    const byId = new Map(res.body.annotations.map((a) => [a.id, a]))
    expect(byId.get(kept.id)?.metadata.anchor).toEqual(fresh)
    expect(byId.get(kept.id)?.inactiveReason).toBeNull()
    // Moved to the new revision's page (its address may differ from the old one's).
    expect(byId.get(kept.id)?.path).toBe('/?v=2')
    expect(byId.get(lost.id)?.inactiveReason).toBe('needs-new-spot')
    // Without a spot it has no pin; the old anchor is kept with where it came from.
    expect(byId.get(lost.id)?.metadata.anchor).toBeUndefined()
    expect(byId.get(lost.id)?.metadata.carriedFrom).toEqual({
      revisionId: v1,
      number: 1,
      anchor,
      x: 0.5,
      y: 0.5,
    })
    const [other] = await db.select().from(annotations).where(eq(annotations.id, otherPage.id))
    expect(other?.canvasRevisionId).toBe(v1)

    // The page's pins all found again: clearing the page's reasons keeps "needs a new spot".
    const cleared = await ownerClient.put(`/api/v1/canvases/${canvas.id}/annotations/inactive-reason`, {
      path: '/?v=2',
      inactiveReason: null,
    })
    expect(cleared.status).toBe(200)
    const [still] = await db.select().from(annotations).where(eq(annotations.id, lost.id))
    expect(still?.inactiveReason).toBe('needs-new-spot')

    // Another canvas's revision cannot be the source; a stranger cannot carry.
    const other2 = (await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'X' }))
      .body.canvas
    const foreign = await ownerClient.post<ErrorBody>(url, {
      fromRevisionId: other2.CanvasRevisionId,
      results: [],
    })
    expect(foreign.status).toBe(404)
    const stranger = await loggedIn(setup, await buildUser(db))
    expect((await stranger.post(url, { fromRevisionId: v1, results: [] })).status).toBe(403)
    expect((await setup.client().post(url, { fromRevisionId: v1, results: [] })).status).toBe(401)
  })
})
