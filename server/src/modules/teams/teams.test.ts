import { describe, expect, test } from 'bun:test'
import type { User } from '@pinpoint/db'
import { canvases, folders, users } from '@pinpoint/db'
import { buildCanvas, buildFolder, buildTeam, buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createTestApp } from '../../testing/harness'
import type { TestClient } from '../../testing/http'
import type { TeamUserJson } from './service'

const { context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

async function as(user: User): Promise<TestClient> {
  const browser = client()
  expect(
    (await browser.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })).status,
  ).toBe(200)
  return browser
}

async function world() {
  const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
  const admin = await buildUser(db, { teamId: team.id, role: 'admin', name: 'B Admin' })
  const member = await buildUser(db, { teamId: team.id, name: 'C Member' })
  return { team, owner, admin, member }
}

describe('GET /teams/:id/users', () => {
  test('members see the team; outsiders and anonymous do not', async () => {
    const { team, owner, admin, member } = await world()
    const res = await (await as(member)).get<{ users: TeamUserJson[] }>(`/api/v1/teams/${team.id}/users`)
    expect(res.status).toBe(200)
    expect(res.body.users.map((user) => user.id).sort()).toEqual([owner.id, admin.id, member.id].sort())
    expect(res.body.users.find((user) => user.id === owner.id)?.isOwner).toBe(true)
    expect(res.text).not.toContain('argon2')
    const outsider = await buildUser(db)
    expect((await (await as(outsider)).get(`/api/v1/teams/${team.id}/users`)).status).toBe(403)
    expect((await client().get(`/api/v1/teams/${team.id}/users`)).status).toBe(401)
    expect((await (await as(member)).get('/api/v1/teams/no-such-team/users')).status).toBe(404)
  })
})

describe('POST and DELETE /teams/:id/admins', () => {
  test('an admin promotes and demotes a member', async () => {
    const { team, admin, member } = await world()
    const browser = await as(admin)
    const up = await browser.post<{ user: TeamUserJson }>(`/api/v1/teams/${team.id}/admins`, {
      userId: member.id,
    })
    expect(up.status).toBe(200)
    expect(up.body.user.role).toBe('admin')
    const down = await browser.delete<{ user: TeamUserJson }>(`/api/v1/teams/${team.id}/admins`, {
      userId: member.id,
    })
    expect(down.body.user.role).toBe('member')
    const viaQuery = await browser.request<{ user: TeamUserJson }>(
      'DELETE',
      `/api/v1/teams/${team.id}/admins?userId=${admin.id}`,
    )
    expect(viaQuery.status).toBe(200)
    expect(viaQuery.body.user.role).toBe('member')
  })

  test('a non-admin cannot add an admin; the owner cannot be demoted; outsiders are refused', async () => {
    const { team, owner, admin, member } = await world()
    const denied = await (await as(member)).post<ErrorBody>(`/api/v1/teams/${team.id}/admins`, {
      userId: member.id,
    })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('Only team admins can change who is an admin.')
    const owned = await (await as(admin)).delete<ErrorBody>(`/api/v1/teams/${team.id}/admins`, {
      userId: owner.id,
    })
    expect(owned.status).toBe(403)
    expect(owned.body.message).toBe('The team owner is always an admin.')
    const stranger = await buildUser(db)
    const notMember = await (await as(admin)).post<ErrorBody>(`/api/v1/teams/${team.id}/admins`, {
      userId: stranger.id,
    })
    expect(notMember.status).toBe(404)
    const { owner: otherOwner } = await buildTeam(db)
    expect(
      (await (await as(otherOwner)).post(`/api/v1/teams/${team.id}/admins`, { userId: member.id })).status,
    ).toBe(403)
    expect((await (await as(admin)).delete(`/api/v1/teams/${team.id}/admins`, {})).status).toBe(422)
  })
})

describe('DELETE /teams/:id/users/:userId', () => {
  test('removing the owner is refused', async () => {
    const { team, owner, admin } = await world()
    const res = await (await as(admin)).delete<ErrorBody>(`/api/v1/teams/${team.id}/users/${owner.id}`)
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('The team owner cannot be removed from the team.')
    expect((await (await as(owner)).delete(`/api/v1/teams/${team.id}/users/${owner.id}`)).status).toBe(403)
  })

  test('with transfer: canvases and folders move to the owner; nothing is lost', async () => {
    const { team, owner, admin, member } = await world()
    const { canvas } = await buildCanvas(db, { user: member })
    const folder = await buildFolder(db, { user: member })
    const res = await (await as(admin)).delete<{
      transferredTo: string
      transferredCanvases: number
      user: TeamUserJson
    }>(`/api/v1/teams/${team.id}/users/${member.id}`, { transferCanvasesAndFolders: true })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ transferredTo: owner.id, transferredCanvases: 1, transferredFolders: 1 })
    expect(res.body.user.TeamId).toBeNull()
    const [movedCanvas] = await db.select().from(canvases).where(eq(canvases.id, canvas.id))
    const [movedFolder] = await db.select().from(folders).where(eq(folders.id, folder.id))
    expect(movedCanvas?.userId).toBe(owner.id)
    expect(movedFolder?.userId).toBe(owner.id)
    const [removed] = await db.select().from(users).where(eq(users.id, member.id))
    expect(removed?.teamId).toBeNull()
    expect((await (await as(member)).get(`/api/v1/teams/${team.id}/users`)).status).toBe(403)
  })

  test('without transfer the member keeps their canvases; admins cannot remove admins; members can leave', async () => {
    const { team, owner, admin, member } = await world()
    const { canvas } = await buildCanvas(db, { user: member })
    const other = await buildUser(db, { teamId: team.id })
    expect((await (await as(member)).delete(`/api/v1/teams/${team.id}/users/${other.id}`)).status).toBe(403)
    const admin2 = await buildUser(db, { teamId: team.id, role: 'admin' })
    expect((await (await as(admin)).delete(`/api/v1/teams/${team.id}/users/${admin2.id}`)).status).toBe(403)
    expect((await (await as(owner)).delete(`/api/v1/teams/${team.id}/users/${admin2.id}`)).status).toBe(200)
    const res = await (await as(admin)).request<{ transferredTo: null }>(
      'DELETE',
      `/api/v1/teams/${team.id}/users/${member.id}?transferCanvasesAndFolders=false`,
    )
    expect(res.body.transferredTo).toBeNull()
    const [kept] = await db.select().from(canvases).where(eq(canvases.id, canvas.id))
    expect(kept?.userId).toBe(member.id)
    expect((await (await as(other)).delete(`/api/v1/teams/${team.id}/users/${other.id}`)).status).toBe(200)
  })
})
