import { describe, expect, test } from 'bun:test'
import { canvases, customers, events } from '@pinpoint/db'
import { buildCustomer, buildFolder, buildUser } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, loggedIn, teamWithMembers } from './testing'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

async function eventTypes(canvasId: string): Promise<string[]> {
  const rows = await db
    .select({ type: events.type })
    .from(events)
    .where(eq(events.canvasId, canvasId))
    .orderBy(events.id)
  return rows.map((row) => row.type)
}

describe('POST /canvases', () => {
  test('creates every type with a unique unguessable subdomain and revision 1', async () => {
    const { owner, ownerClient } = await teamWithMembers(setup)
    // E-mail canvases are a beta feature of the team's customer (SPEC 6).
    await db
      .update(customers)
      .set({ betaFeatures: { emailReview: true } })
      .where(eq(customers.userId, owner.id))
    const subdomains = new Set<string>()
    for (const type of ['website', 'design', 'email', 'video', 'pdf', 'other'] as const) {
      const res = await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type,
        title: `A ${type}`,
        localUrl: type === 'website' ? 'example.com/page' : undefined,
      })
      expect(res.status).toBe(200)
      const { canvas } = res.body
      expect(canvas.type).toBe(type)
      expect(canvas.subdomain).toMatch(/^[a-z0-9]{16}$/)
      subdomains.add(canvas.subdomain)
      expect(canvas.CanvasRevisionId).toBeString()
      expect((canvas.CanvasRevisions as { number: number }[]).map((r) => r.number)).toEqual([1])
      if (type === 'website') expect(canvas.localUrl).toBe('https://example.com/page')
      expect(await eventTypes(canvas.id)).toEqual(['canvas.created'])
    }
    expect(subdomains.size).toBe(6)
  })

  test('validates: website URL, e-mail canvases need the beta flag, anonymous and guests refused', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const bad = await ownerClient.post<ErrorBody>('/api/v1/canvases', {
      type: 'website',
      title: 'x',
      localUrl: 'ftp://x.y',
    })
    expect(bad.status).toBe(422)
    const email = await ownerClient.post<ErrorBody>('/api/v1/canvases', { type: 'email', title: 'x' })
    expect(email.status).toBe(403)
    expect((await setup.client().post('/api/v1/canvases', { type: 'design', title: 'x' })).status).toBe(401)
    const guest = await loggedIn(setup, await buildUser(db, { isGuest: true }))
    expect((await guest.post('/api/v1/canvases', { type: 'design', title: 'x' })).status).toBe(403)
    const wrongType = await ownerClient.post<ErrorBody>('/api/v1/canvases', {
      type: 'spreadsheet',
      title: 'x',
    })
    expect(wrongType.status).toBe(422)
  })

  test("a canvas of another team is NotFound; a member may read but not edit a teammate's canvas", async () => {
    const a = await teamWithMembers(setup)
    const b = await teamWithMembers(setup)
    const { canvas } = (
      await a.memberClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'Secret',
        visibility: 'only-team',
      })
    ).body
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await b.ownerClient.request<ErrorBody>(
        method,
        `/api/v1/canvases/${canvas.id}`,
        method === 'PUT' ? { json: { title: 'x' } } : {},
      )
      expect(res.status).toBe(404)
      expect(res.body.error).toBe('NotFound')
    }
    const member2 = await loggedIn(setup, await buildUser(db, { teamId: a.team.id }))
    expect((await member2.get(`/api/v1/canvases/${canvas.id}`)).status).toBe(200)
    const edit = await member2.put<ErrorBody>(`/api/v1/canvases/${canvas.id}`, { title: 'x' })
    expect(edit.status).toBe(403)
    expect((await a.adminClient.put(`/api/v1/canvases/${canvas.id}`, { title: 'By admin' })).status).toBe(200)
  })
})

describe('PUT /canvases/{id}: lifecycle', () => {
  test('rename, URL change, visibility, expiry each write their event', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'website',
        title: 'Site',
        localUrl: 'https://a.example',
      })
    ).body
    const res = await ownerClient.put<CanvasBody>(`/api/v1/canvases/${canvas.id}`, {
      title: 'Site 2',
      localUrl: 'https://b.example/',
      visibility: 'only-team',
      expireDate: '2099-01-01T00:00:00.000Z',
    })
    expect(res.status).toBe(200)
    expect(res.body.canvas).toMatchObject({
      title: 'Site 2',
      localUrl: 'https://b.example/',
      visibility: 'only-team',
      expireDate: '2099-01-01T00:00:00.000Z',
    })
    expect(await eventTypes(canvas.id)).toEqual([
      'canvas.created',
      'canvas.renamed',
      'canvas.url-changed',
      'canvas.expiry-changed',
      'canvas.visibility-changed',
    ])
  })

  test('feedback deadline: allowed on enterprise, refused on team49 (pausing disabled); state follows the clock', async () => {
    const enterprise = await teamWithMembers(setup)
    const { canvas } = (
      await enterprise.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'D' })
    ).body
    const soon = new Date(Date.now() + 3600_000).toISOString()
    const set = await enterprise.ownerClient.put<CanvasBody>(`/api/v1/canvases/${canvas.id}`, {
      readOnlyDate: soon,
    })
    expect(set.status).toBe(200)
    expect(set.body.canvas.state).toMatchObject({ feedbackDeadline: true, paused: false })
    setup.context.clock.advance(2 * 3600_000)
    try {
      const later = await enterprise.ownerClient.get<CanvasBody>(`/api/v1/canvases/${canvas.id}`)
      expect(later.body.canvas.state).toMatchObject({ paused: true, feedbackDeadline: false })
    } finally {
      setup.context.clock.reset()
    }
    const team49 = await teamWithMembers(setup, 'team49')
    const { canvas: c2 } = (
      await team49.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'D' })
    ).body
    expect((await team49.ownerClient.put(`/api/v1/canvases/${c2.id}`, { readOnlyDate: soon })).status).toBe(
      403,
    )
    expect(await eventTypes(canvas.id)).toContain('canvas.deadline-set')
  })

  test('archive lowers the folder count and unarchive raises it; archived list and count', async () => {
    const { owner, ownerClient } = await teamWithMembers(setup)
    const folder = await buildFolder(db, { user: owner })
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'Arch',
        folderId: folder.id,
      })
    ).body
    const count = async () =>
      (
        await ownerClient.get<{ folders: { id: string; canvasesCount: number }[] }>(
          '/api/v1/users/me/folders',
        )
      ).body.folders.find((f) => f.id === folder.id)?.canvasesCount
    expect(await count()).toBe(1)
    await ownerClient.put(`/api/v1/canvases/${canvas.id}`, { archived: true })
    expect(await count()).toBe(0)
    const archived = await ownerClient.get<{ canvases: { id: string; archived: boolean }[]; total: number }>(
      '/api/v1/users/me/canvases?archived=true',
    )
    expect(archived.body.canvases.map((c) => c.id)).toEqual([canvas.id])
    expect(archived.body.canvases[0]?.archived).toBe(true)
    expect(
      (await ownerClient.get<{ archivedCanvasesCount: number }>('/api/v1/users/me/canvases/archived-count'))
        .body,
    ).toEqual({ archivedCanvasesCount: 1 })
    await ownerClient.put(`/api/v1/canvases/${canvas.id}`, { archived: false })
    expect(await count()).toBe(1)
    expect(await eventTypes(canvas.id)).toEqual(['canvas.created', 'canvas.archived', 'canvas.unarchived'])
  })

  test('ownership transfer within the team only', async () => {
    const { ownerClient, member } = await teamWithMembers(setup)
    const outsider = await buildUser(db)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'T' })
    ).body
    expect((await ownerClient.put(`/api/v1/canvases/${canvas.id}`, { UserId: outsider.id })).status).toBe(422)
    const res = await ownerClient.put<CanvasBody>(`/api/v1/canvases/${canvas.id}`, { UserId: member.id })
    expect(res.body.canvas.UserId).toBe(member.id)
    expect(await eventTypes(canvas.id)).toContain('canvas.ownership-transferred')
  })

  test('premium upgrade at the plan limit needs a canvas to replace, which is downgraded', async () => {
    const user = await buildUser(db)
    await buildCustomer(db, { user, planId: 'individual19' })
    const client = await loggedIn(setup, user)
    const first = (await client.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'One' })).body
      .canvas
    const second = (await client.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Two' })).body
      .canvas
    expect(
      (await client.put<CanvasBody>(`/api/v1/canvases/${first.id}`, { isPremium: true })).body.canvas
        .isPremium,
    ).toBe(true)
    const refused = await client.put<ErrorBody>(`/api/v1/canvases/${second.id}`, { isPremium: true })
    expect(refused.status).toBe(409)
    expect(refused.body.meta.limit).toBe(1)
    // The answer names the premium canvases that could be replaced.
    expect(refused.body.meta.premiumCanvases).toEqual([{ id: first.id, title: 'One' }])
    const swapped = await client.put<CanvasBody>(`/api/v1/canvases/${second.id}`, {
      isPremium: true,
      replacedCanvasId: first.id,
    })
    expect(swapped.body.canvas).toMatchObject({ isPremium: true, replacedCanvasId: first.id })
    const [old] = await db
      .select({ isPremium: canvases.isPremium })
      .from(canvases)
      .where(eq(canvases.id, first.id))
    expect(old?.isPremium).toBe(false)
    expect(await eventTypes(first.id)).toContain('canvas.downgraded')
    expect(await eventTypes(second.id)).toContain('canvas.upgraded')
  })
})

describe('DELETE /canvases/{id}', () => {
  test('deletes, lowers the folder count, writes canvas.deleted', async () => {
    const { owner, ownerClient, memberClient } = await teamWithMembers(setup)
    const folder = await buildFolder(db, { user: owner })
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'Del',
        folderId: folder.id,
      })
    ).body
    expect((await memberClient.delete(`/api/v1/canvases/${canvas.id}`)).status).toBe(403)
    expect((await ownerClient.delete(`/api/v1/canvases/${canvas.id}`)).status).toBe(200)
    expect((await ownerClient.get(`/api/v1/canvases/${canvas.id}`)).status).toBe(404)
    const folders = (
      await ownerClient.get<{ folders: { id: string; canvasesCount: number }[] }>('/api/v1/users/me/folders')
    ).body.folders
    expect(folders.find((f) => f.id === folder.id)?.canvasesCount).toBe(0)
    expect(await eventTypes(canvas.id)).toEqual(['canvas.created', 'canvas.deleted'])
  })
})

describe('GET /users/me/canvases', () => {
  test('filters, sorts and pages; sees team canvases but not only-me ones of others', async () => {
    const { owner, ownerClient, memberClient } = await teamWithMembers(setup)
    const folder = await buildFolder(db, { user: owner })
    for (const title of ['banana', 'Apple', 'cherry'])
      await ownerClient.post('/api/v1/canvases', { type: 'design', title, folderId: folder.id })
    await ownerClient.post('/api/v1/canvases', { type: 'design', title: 'private', visibility: 'only-me' })
    const byName = await ownerClient.get<{ canvases: { title: string }[]; total: number }>(
      `/api/v1/users/me/canvases?filters=${encodeURIComponent(JSON.stringify({ sort: 'name' }))}`,
    )
    expect(byName.body.canvases.map((c) => c.title)).toEqual(['Apple', 'banana', 'cherry', 'private'])
    const member = await memberClient.get<{ canvases: { title: string }[]; total: number }>(
      '/api/v1/users/me/canvases',
    )
    expect(member.body.canvases.map((c) => c.title).sort()).toEqual(['Apple', 'banana', 'cherry'])
    const page = await ownerClient.get<{ canvases: { title: string }[]; total: number }>(
      `/api/v1/users/me/canvases?offset=1&limit=2&filters=${encodeURIComponent(JSON.stringify({ sort: 'oldest', folderId: folder.id }))}`,
    )
    expect(page.body).toMatchObject({ total: 3 })
    expect(page.body.canvases.map((c) => c.title)).toEqual(['Apple', 'cherry'])
    const search = await ownerClient.get<{ canvases: { title: string }[] }>(
      `/api/v1/users/me/canvases?filters=${encodeURIComponent(JSON.stringify({ search: 'ANA' }))}`,
    )
    expect(search.body.canvases.map((c) => c.title)).toEqual(['banana'])
    const none = await ownerClient.get<{ total: number }>(
      `/api/v1/users/me/canvases?filters=${encodeURIComponent(JSON.stringify({ status: 'none' }))}`,
    )
    expect(none.body.total).toBe(4)
    const activity = await ownerClient.get<{ total: number }>(
      `/api/v1/users/me/canvases?filters=${encodeURIComponent(JSON.stringify({ status: 'new-activity' }))}`,
    )
    expect(activity.body.total).toBe(0)
    expect((await ownerClient.get('/api/v1/users/me/canvases?filters=notjson')).status).toBe(422)
    expect((await setup.client().get('/api/v1/users/me/canvases')).status).toBe(401)
  })
})
