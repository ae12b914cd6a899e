/**
 * Where a comment lands (placeComment in @pinpoint/domain) through both paths that decide it: a new
 * comment (the fast write path's one read) and a comment moved to an asset (the transactional update).
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { canvasAssets, canvasRevisions } from '@pinpoint/db'
import { buildCanvas } from '@pinpoint/db/testing'
import type { AnnotationJson } from './json-sql'
import { buildWorld, type World } from './test-world'

type Body = { annotation: AnnotationJson; error: string; message: string }

let w: World
/** A second, older revision of w.canvas with an asset of its own, and an asset of another canvas. */
let older: { revisionId: string; assetId: string }
let foreignAssetId: string

async function assetOn(canvasId: string, revisionId: string): Promise<string> {
  const [asset] = await w.db
    .insert(canvasAssets)
    .values({ canvasId, canvasRevisionId: revisionId, name: 'page.png', type: 'image' })
    .returning({ id: canvasAssets.id })
  if (!asset) throw new Error('no asset')
  return asset.id
}

beforeAll(async () => {
  w = await buildWorld()
  const [revision] = await w.db
    .insert(canvasRevisions)
    .values({ canvasId: w.canvas.id, number: 0 })
    .returning({ id: canvasRevisions.id })
  if (!revision) throw new Error('no revision')
  older = { revisionId: revision.id, assetId: await assetOn(w.canvas.id, revision.id) }
  const other = await buildCanvas(w.db, { user: w.owner })
  foreignAssetId = await assetOn(other.canvas.id, other.revision.id)
})

const create = async (body: Record<string, unknown>) =>
  (await w.as(w.member)).post<Body>('/api/v1/annotations', { CanvasId: w.canvas.id, comment: 'x', ...body })

describe('placing a new comment', () => {
  test("on the asset's revision, on a named revision, or on the current one", async () => {
    const onAsset = await create({ CanvasAssetId: older.assetId })
    expect(onAsset.status).toBe(200)
    expect(onAsset.body.annotation.CanvasRevisionId).toBe(older.revisionId)
    const both = await create({ CanvasAssetId: older.assetId, CanvasRevisionId: older.revisionId })
    expect(both.body.annotation.CanvasRevisionId).toBe(older.revisionId)
    expect((await create({})).body.annotation.CanvasRevisionId).toBe(w.canvas.currentRevisionId)
  })

  test("another canvas's asset, or an asset of another revision than the named one, is refused", async () => {
    const foreign = await create({ CanvasAssetId: foreignAssetId })
    expect(foreign.status).toBe(422)
    expect(foreign.body.message).toBe('CanvasAssetId is not an asset of this canvas.')
    const mismatch = await create({
      CanvasAssetId: older.assetId,
      CanvasRevisionId: w.canvas.currentRevisionId,
    })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.message).toBe('CanvasAssetId belongs to another revision.')
  })
})

describe('moving a comment to an asset', () => {
  test("takes the asset's revision; another canvas's asset is refused and nothing moves", async () => {
    const a = (await create({})).body.annotation
    const client = await w.as(w.member)
    const refused = await client.put<Body>(`/api/v1/annotations/${a.id}`, { CanvasAssetId: foreignAssetId })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toBe('CanvasAssetId is not an asset of this canvas.')
    const unmoved = await client.get<Body>(`/api/v1/annotations/${a.id}`)
    expect(unmoved.body.annotation).toMatchObject({
      CanvasAssetId: null,
      CanvasRevisionId: a.CanvasRevisionId,
    })
    const moved = await client.put<Body>(`/api/v1/annotations/${a.id}`, { CanvasAssetId: older.assetId })
    expect(moved.status).toBe(200)
    expect(moved.body.annotation).toMatchObject({
      CanvasAssetId: older.assetId,
      CanvasRevisionId: older.revisionId,
    })
  })
})
