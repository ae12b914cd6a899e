import { describe, expect, test } from 'bun:test'
import { canvases } from '@pinpoint/db'
import { buildUser } from '@pinpoint/db/testing'
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

describe('POST /canvases/{id}/reviews', () => {
  test('a reviewer (even a guest through the link) records a verdict on the current revision', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Review me' })
    ).body
    const guest = await loggedIn(setup, await buildUser(db, { isGuest: true }))
    const res = await guest.post<{
      canvasReview: { status: string; comment: string; CanvasRevisionId: string }
    }>(`/api/v1/canvases/${canvas.id}/reviews`, { status: 'approved', comment: 'Looks good' })
    expect(res.status).toBe(200)
    expect(res.body.canvasReview).toMatchObject({
      status: 'approved',
      comment: 'Looks good',
      CanvasRevisionId: canvas.CanvasRevisionId,
    })
    const detail = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
    expect((detail.CanvasReviews as { status: string }[]).map((r) => r.status)).toEqual(['approved'])
    expect(
      (await guest.post<ErrorBody>(`/api/v1/canvases/${canvas.id}/reviews`, { status: 'maybe' })).status,
    ).toBe(422)
    expect(
      (await setup.client().post(`/api/v1/canvases/${canvas.id}/reviews`, { status: 'approved' })).status,
    ).toBe(401)
  })

  test('read-only and invisible canvases refuse reviews', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Old' })
    ).body
    await db
      .update(canvases)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(canvases.id, canvas.id))
    const readOnly = await ownerClient.post<ErrorBody>(`/api/v1/canvases/${canvas.id}/reviews`, {
      status: 'approved',
    })
    expect([readOnly.status, readOnly.body.error]).toEqual([403, 'CanvasReadOnly'])
    const hidden = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'Team',
        visibility: 'only-team',
      })
    ).body.canvas
    const stranger = await loggedIn(setup, await buildUser(db))
    expect(
      (await stranger.post(`/api/v1/canvases/${hidden.id}/reviews`, { status: 'approved' })).status,
    ).toBe(404)
  })

  test('a verdict names the revision on screen; a revision of another canvas is NotFound', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Two versions' })
    ).body
    const second = await ownerClient.post<{ canvasRevision: { id: string } }>(
      `/api/v1/canvases/${canvas.id}/revisions`,
      {},
    )
    expect(second.status).toBe(200)
    const onFirst = await ownerClient.post<{ canvasReview: { CanvasRevisionId: string; status: string } }>(
      `/api/v1/canvases/${canvas.id}/reviews`,
      { status: 'changes-requested', comment: 'v1 needs work', CanvasRevisionId: canvas.CanvasRevisionId },
    )
    expect(onFirst.status).toBe(200)
    expect(onFirst.body.canvasReview).toMatchObject({
      status: 'changes-requested',
      CanvasRevisionId: canvas.CanvasRevisionId,
    })
    const onCurrent = await ownerClient.post<{ canvasReview: { CanvasRevisionId: string } }>(
      `/api/v1/canvases/${canvas.id}/reviews`,
      { status: 'approved' },
    )
    expect(onCurrent.body.canvasReview.CanvasRevisionId).toBe(second.body.canvasRevision.id)
    const other = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Elsewhere' })
    ).body.canvas
    const foreign = await ownerClient.post<ErrorBody>(`/api/v1/canvases/${canvas.id}/reviews`, {
      status: 'approved',
      CanvasRevisionId: other.CanvasRevisionId,
    })
    expect(foreign.status).toBe(404)
    const detail = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
    const reviews = detail.CanvasReviews as { CanvasRevisionId: string; status: string }[]
    expect(reviews.map((r) => [r.CanvasRevisionId, r.status]).sort()).toEqual(
      [
        [canvas.CanvasRevisionId, 'changes-requested'],
        [second.body.canvasRevision.id, 'approved'],
      ].sort(),
    )
  })
})
