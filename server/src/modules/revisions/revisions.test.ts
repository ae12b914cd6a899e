import { describe, expect, test } from 'bun:test'
import { annotations, canvases } from '@pinpoint/db'
import { buildAnnotation } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, teamWithMembers } from '../canvases/testing'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

type RevisionBody = {
  canvasRevision: { id: string; number: number; name: string | null }
  canvas: CanvasBody['canvas']
}

describe('revisions', () => {
  test('numbers increase, the newest is current, comments keep their revision, the last one cannot go', async () => {
    const { owner, ownerClient, memberClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Rev' })
    ).body
    const first = canvas.CanvasRevisionId
    const [row] = await db.select().from(canvases).where(eq(canvases.id, canvas.id))
    if (!row) throw new Error('missing canvas')
    const comment = await buildAnnotation(db, { canvas: row, user: owner })
    const r2 = (
      await ownerClient.post<RevisionBody>(`/api/v1/canvases/${canvas.id}/revisions`, { name: 'Second' })
    ).body
    expect(r2.canvasRevision).toMatchObject({ number: 2, name: 'Second' })
    expect(r2.canvas.CanvasRevisionId).toBe(r2.canvasRevision.id)
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => ownerClient.post<RevisionBody>(`/api/v1/canvases/${canvas.id}/revisions`, {})),
    )
    expect(concurrent.map((r) => r.body.canvasRevision.number).sort()).toEqual([3, 4, 5])
    const [kept] = await db.select().from(annotations).where(eq(annotations.id, comment.id))
    expect(kept?.canvasRevisionId).toBe(first)
    const renamed = await ownerClient.put<RevisionBody>(`/api/v1/canvas-revisions/${first}`, {
      name: 'Original',
      current: true,
    })
    expect(renamed.body.canvasRevision.name).toBe('Original')
    expect(renamed.body.canvas.CanvasRevisionId).toBe(first)
    expect((await memberClient.put(`/api/v1/canvas-revisions/${first}`, { name: 'x' })).status).toBe(403)
    const deleted = await ownerClient.delete<RevisionBody>(`/api/v1/canvas-revisions/${first}`)
    expect(deleted.status).toBe(200)
    // The current one was deleted: the highest number left becomes current.
    const numbers = (deleted.body.canvas.CanvasRevisions as { id: string; number: number }[]).map(
      (r) => r.number,
    )
    expect(numbers).toEqual([2, 3, 4, 5])
    const remaining = deleted.body.canvas.CanvasRevisions as { id: string }[]
    expect(deleted.body.canvas.CanvasRevisionId).toBe(remaining[3]?.id ?? 'missing')
    for (const revision of (deleted.body.canvas.CanvasRevisions as { id: string }[]).slice(0, 3)) {
      expect((await ownerClient.delete(`/api/v1/canvas-revisions/${revision.id}`)).status).toBe(200)
    }
    const last = (await ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)).body.canvas
      .CanvasRevisionId
    const refused = await ownerClient.delete<ErrorBody>(`/api/v1/canvas-revisions/${last}`)
    expect([refused.status, refused.body.error]).toEqual([409, 'LastRevision'])
    expect((await ownerClient.delete('/api/v1/canvas-revisions/none')).status).toBe(404)
    const other = await teamWithMembers(setup)
    expect((await other.ownerClient.post(`/api/v1/canvases/${canvas.id}/revisions`, {})).status).toBe(403)
  })
})
