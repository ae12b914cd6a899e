import { describe, expect, test } from 'bun:test'
import { canvasUsers } from '@pinpoint/db'
import { buildUser } from '@pinpoint/db/testing'
import { and, eq } from 'drizzle-orm'
import { type CanvasBody, createCanvasTestApp, type ErrorBody, loggedIn, teamWithMembers } from './testing'

const setup = await createCanvasTestApp()
const { db } = setup.context.database

type PersonBody = { users: { id: string; role: string; email: string | null }[] }

describe('DELETE /canvases/{id}/users/{userId}', () => {
  test('the owner or a team admin removes an invited person, who then loses access', async () => {
    const { ownerClient, adminClient, memberClient, owner, member } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', {
        type: 'design',
        title: 'People',
        visibility: 'only-team',
      })
    ).body
    const guestOne = await buildUser(db)
    const guestTwo = await buildUser(db)
    for (const person of [guestOne, guestTwo])
      expect(
        (await ownerClient.post(`/api/v1/canvases/${canvas.id}/users`, { userId: person.id })).status,
      ).toBe(200)
    const invited = await loggedIn(setup, guestOne)
    expect((await invited.get(`/api/v1/canvases/${canvas.id}`)).status).toBe(200)

    // A plain member sees the canvas but may not change who else does.
    expect((await memberClient.delete(`/api/v1/canvases/${canvas.id}/users/${guestOne.id}`)).status).toBe(403)
    // The invited person cannot remove anyone either.
    expect((await invited.delete(`/api/v1/canvases/${canvas.id}/users/${guestTwo.id}`)).status).toBe(403)

    const res = await ownerClient.delete<{ success: boolean; userId: string }>(
      `/api/v1/canvases/${canvas.id}/users/${guestOne.id}`,
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, userId: guestOne.id })
    expect((await invited.get(`/api/v1/canvases/${canvas.id}`)).status).toBe(404)
    const left = await db
      .select()
      .from(canvasUsers)
      .where(and(eq(canvasUsers.canvasId, canvas.id), eq(canvasUsers.userId, guestOne.id)))
    expect(left).toEqual([])

    expect((await adminClient.delete(`/api/v1/canvases/${canvas.id}/users/${guestTwo.id}`)).status).toBe(200)
    const list = await ownerClient.get<PersonBody>(`/api/v1/canvases/${canvas.id}/users`)
    expect(list.body.users.map((u) => u.id)).not.toContain(guestTwo.id)

    // Removing again, the owner, a team member, or someone unknown.
    expect((await ownerClient.delete(`/api/v1/canvases/${canvas.id}/users/${guestTwo.id}`)).status).toBe(404)
    const ownerRemoval = await ownerClient.delete<ErrorBody>(
      `/api/v1/canvases/${canvas.id}/users/${owner.id}`,
    )
    expect(ownerRemoval.status).toBe(422)
    expect(ownerRemoval.body.message).toContain('Transfer the canvas first')
    const teamRemoval = await ownerClient.delete<ErrorBody>(
      `/api/v1/canvases/${canvas.id}/users/${member.id}`,
    )
    expect(teamRemoval.status).toBe(422)
    expect(teamRemoval.body.message).toContain('through the team')
    expect((await setup.client().delete(`/api/v1/canvases/${canvas.id}/users/${guestTwo.id}`)).status).toBe(
      401,
    )
  })

  test('after an ownership transfer the new owner manages the people and the old one is a team member', async () => {
    const { ownerClient, owner, member, memberClient } = await teamWithMembers(setup)
    const { canvas } = (
      await ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'Move' })
    ).body
    const invitee = await buildUser(db)
    await ownerClient.post(`/api/v1/canvases/${canvas.id}/users`, { userId: invitee.id, role: 'viewer' })
    expect((await ownerClient.put(`/api/v1/canvases/${canvas.id}`, { UserId: member.id })).status).toBe(200)
    const list = (await memberClient.get<PersonBody>(`/api/v1/canvases/${canvas.id}/users`)).body.users
    expect(list.find((u) => u.id === member.id)?.role).toBe('owner')
    expect(list.find((u) => u.id === owner.id)?.role).toBe('team')
    expect(list.find((u) => u.id === invitee.id)?.role).toBe('viewer')
    expect(
      (await memberClient.put(`/api/v1/canvases/${canvas.id}/users/${invitee.id}`, { role: 'commenter' }))
        .status,
    ).toBe(200)
    expect((await memberClient.delete(`/api/v1/canvases/${canvas.id}/users/${invitee.id}`)).status).toBe(200)
  })
})
