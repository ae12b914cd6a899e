/**
 * Website revisions keep their own address (decision 047): a new address or the same one fetched again;
 * the proxy address call takes the revision; earlier revisions keep theirs when the canvas moves on, and
 * deleting the latest one hands the canvas the address of the revision that becomes current.
 */
import { describe, expect, test } from 'bun:test'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, teamWithMembers } from '../canvases/testing'

const setup = await createCanvasTestApp()

type Revision = { id: string; number: number; localUrl: string | null }
type RevisionBody = { canvasRevision: Revision; canvas: CanvasBody['canvas'] & { localUrl: string } }
type ProxyBody = { url: string; siteUrl: string }

describe('website revision addresses', () => {
  test('a new address, the same one again, and the proxy address of each revision', async () => {
    const { ownerClient, memberClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'website',
        title: 'Site',
        localUrl: 'https://v1.example.test/home',
      })
    ).body
    const second = await ownerClient.post<RevisionBody>(`/api/v1/canvases/${canvas.id}/revisions`, {
      localUrl: 'v2.example.test/home',
    })
    expect(second.status).toBe(200)
    expect(second.body.canvasRevision).toMatchObject({ number: 2, localUrl: 'https://v2.example.test/home' })
    expect(second.body.canvas.localUrl).toBe('https://v2.example.test/home')
    // The same address fetched again: revision 3 reviews what v2's address serves now.
    const third = await ownerClient.post<RevisionBody>(`/api/v1/canvases/${canvas.id}/revisions`, {})
    expect(third.body.canvasRevision).toMatchObject({ number: 3, localUrl: 'https://v2.example.test/home' })
    const revisions = third.body.canvas.CanvasRevisions as Revision[]
    expect(revisions.map((r) => [r.number, r.localUrl])).toEqual([
      [1, 'https://v1.example.test/home'],
      [2, 'https://v2.example.test/home'],
      [3, 'https://v2.example.test/home'],
    ])

    const proxy = (revision?: number) =>
      memberClient.get<ProxyBody>(
        `/api/v1/canvases/${canvas.subdomain}/proxy-url${revision ? `?revision=${revision}` : ''}`,
      )
    expect((await proxy(1)).body.siteUrl).toBe('https://v1.example.test/home')
    expect((await proxy(2)).body.siteUrl).toBe('https://v2.example.test/home')
    expect((await proxy()).body.siteUrl).toBe('https://v2.example.test/home')
    const missing = await memberClient.get<ErrorBody>(
      `/api/v1/canvases/${canvas.subdomain}/proxy-url?revision=9`,
    )
    expect(missing.status).toBe(404)

    // Changing the canvas's address changes the current revision's only.
    await ownerClient.put(`/api/v1/canvases/${canvas.id}`, { localUrl: 'https://v3.example.test/' })
    expect((await proxy(3)).body.siteUrl).toBe('https://v3.example.test/')
    expect((await proxy(2)).body.siteUrl).toBe('https://v2.example.test/home')

    // Deleting the latest: revision 2 becomes current, and its address the canvas's.
    const latest = revisions[2] as Revision
    const deleted = await ownerClient.delete<RevisionBody>(`/api/v1/canvas-revisions/${latest.id}`)
    expect(deleted.body.canvas.localUrl).toBe('https://v2.example.test/home')
    expect((await proxy()).body.siteUrl).toBe('https://v2.example.test/home')
  })

  test('only the canvas editors make revisions; addresses are checked; files have none', async () => {
    const { ownerClient, memberClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'website',
        title: 'Checked',
        localUrl: 'https://a.example.test/',
      })
    ).body
    const bad = await ownerClient.post<ErrorBody>(`/api/v1/canvases/${canvas.id}/revisions`, {
      localUrl: 'ftp://a.example.test/',
    })
    expect([bad.status, bad.body.meta.field]).toEqual([422, 'localUrl'])
    const credentials = await ownerClient.post<ErrorBody>(`/api/v1/canvases/${canvas.id}/revisions`, {
      localUrl: 'https://me:secret@a.example.test/',
    })
    expect(credentials.status).toBe(422)
    const stranger = await teamWithMembers(setup)
    expect(
      (
        await stranger.ownerClient.post(`/api/v1/canvases/${canvas.id}/revisions`, {
          localUrl: 'https://x.test/',
        })
      ).status,
    ).toBe(403)
    expect(
      (await memberClient.post(`/api/v1/canvases/${canvas.id}/revisions`, { localUrl: 'https://x.test/' }))
        .status,
    ).toBe(403)
    const design = (await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'D' }))
      .body.canvas
    const refused = await ownerClient.post<ErrorBody>(`/api/v1/canvases/${design.id}/revisions`, {
      localUrl: 'https://x.test/',
    })
    expect([refused.status, refused.body.meta.field]).toEqual([422, 'localUrl'])
  })
})
