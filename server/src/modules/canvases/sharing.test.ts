import { describe, expect, test } from 'bun:test'
import { events, outboxEmails } from '@pinpoint/db'
import { buildCanvas, buildTeam, buildUser } from '@pinpoint/db/testing'
import { and, eq } from 'drizzle-orm'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, loggedIn, teamWithMembers } from './testing'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

async function _eventTypes(canvasId: string): Promise<string[]> {
  const rows = await db
    .select({ type: events.type })
    .from(events)
    .where(eq(events.canvasId, canvasId))
    .orderBy(events.id)
  return rows.map((row) => row.type)
}

describe('GET /canvases/{subdomain}/subdomain', () => {
  test('open link; a link password is required, checked, then remembered by a grant cookie', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const open = (await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Open' }))
      .body.canvas
    const locked = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'Locked',
        password: 's3cret!',
      })
    ).body.canvas
    const visitor = setup.client()
    expect(
      (await visitor.get<CanvasBody>(`/api/v1/canvases/${open.subdomain}/subdomain`)).body.canvas.id,
    ).toBe(open.id)
    const missing = await visitor.get<ErrorBody>(`/api/v1/canvases/${locked.subdomain}/subdomain`)
    expect(missing.status).toBe(401)
    expect(missing.body.error).toBe('PasswordRequired')
    const wrong = await visitor.get<ErrorBody>(`/api/v1/canvases/${locked.subdomain}/subdomain?password=nope`)
    expect(wrong.status).toBe(403)
    expect(wrong.body.error).toBe('WrongPassword')
    expect((await visitor.get(`/api/v1/canvases/${locked.id}`)).status).toBe(404)
    const right = await visitor.get<CanvasBody>(
      `/api/v1/canvases/${locked.subdomain}/subdomain?password=s3cret!`,
    )
    expect(right.status).toBe(200)
    expect(right.body.canvas).not.toHaveProperty('passwordHash')
    expect(right.body.canvas.hasPassword).toBe(true)
    // The grant cookie now opens the canvas without the password.
    expect((await visitor.get(`/api/v1/canvases/${locked.subdomain}/subdomain`)).status).toBe(200)
    expect((await visitor.get(`/api/v1/canvases/${locked.id}`)).status).toBe(200)
    // Changing the password revokes grants.
    await ownerClient.put(`/api/v1/canvases/${locked.id}`, { password: 'other' })
    expect((await visitor.get(`/api/v1/canvases/${locked.id}`)).status).toBe(404)
    expect((await visitor.get('/api/v1/canvases/nosuchsubdomain/subdomain')).status).toBe(404)
    const onlyTeam = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'T',
        visibility: 'only-team',
      })
    ).body.canvas
    expect((await visitor.get(`/api/v1/canvases/${onlyTeam.subdomain}/subdomain`)).status).toBe(404)
  })
})

describe('sharing and canvas users', () => {
  test('POST /canvases/{id}/share e-mails each address and gives them access', async () => {
    const { ownerClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'Shared',
        visibility: 'only-team',
      })
    ).body
    const known = await buildUser(db)
    const res = await ownerClient.post<{ emails: string[]; message: string }>(
      `/api/v1/canvases/${canvas.id}/share`,
      { emails: [known.email, 'New.Person@Example.test '], message: 'Please look' },
    )
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(`Invite(s) sent to ${known.email}, new.person@example.test`)
    const mails = await db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'canvas-share'), eq(outboxEmails.to, 'new.person@example.test')))
    expect(mails).toHaveLength(1)
    expect(mails[0]?.html).toContain(`/link/${canvas.subdomain}/`)
    expect(mails[0]?.html).toContain('Please look')
    const knownClient = await loggedIn(setup, known)
    expect((await knownClient.get(`/api/v1/canvases/${canvas.id}`)).status).toBe(200)
    const bad = await ownerClient.post<ErrorBody>(`/api/v1/canvases/${canvas.id}/share`, {
      emails: ['not-an-email'],
    })
    expect(bad.status).toBe(422)
    const users = await ownerClient.get<{ users: { id: string; role: string }[] }>(
      `/api/v1/canvases/${canvas.id}/users`,
    )
    expect(users.body.users.find((u) => u.id === known.id)?.role).toBe('commenter')
    const put = await ownerClient.put<{ user: { role: string } }>(
      `/api/v1/canvases/${canvas.id}/users/${known.id}`,
      { role: 'viewer' },
    )
    expect(put.body.user.role).toBe('viewer')
    expect(
      (await ownerClient.get<{ user: { role: string } }>(`/api/v1/canvases/${canvas.id}/users/${known.id}`))
        .body.user.role,
    ).toBe('viewer')
    const added = await ownerClient.post<{ user: { email: string; role: string } }>(
      `/api/v1/canvases/${canvas.id}/users`,
      { email: 'third@example.test', role: 'editor' },
    )
    expect(added.body.user).toMatchObject({ email: 'third@example.test', role: 'editor' })
    expect(
      (await knownClient.post(`/api/v1/canvases/${canvas.id}/users`, { email: 'x@example.test' })).status,
    ).toBe(403)
    expect(
      (await ownerClient.get(`/api/v1/canvases/${canvas.id}/users/${(await buildUser(db)).id}`)).status,
    ).toBe(404)
  })

  test('team members are listed only on team plans', async () => {
    // The member exists but an individual plan does not list team members.
    const { owner } = await teamWithMembers(setup, 'individual29')
    const { canvas } = await buildCanvas(db, { user: owner })
    const client = await loggedIn(setup, owner)
    const users = (await client.get<{ users: { id: string }[] }>(`/api/v1/canvases/${canvas.id}/users`)).body
      .users
    expect(users.map((u) => u.id)).toEqual([owner.id])
    const teamPlan = await buildTeam(db, { plan: 'team49' })
    const mate = await buildUser(db, { teamId: teamPlan.team.id })
    const { canvas: c2 } = await buildCanvas(db, { user: teamPlan.owner })
    const list = (
      await (
        await loggedIn(setup, teamPlan.owner)
      ).get<{ users: { id: string }[] }>(`/api/v1/canvases/${c2.id}/users`)
    ).body.users
    expect(list.map((u) => u.id).sort()).toEqual([teamPlan.owner.id, mate.id].sort())
  })
})
