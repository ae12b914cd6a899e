import { describe, expect, test } from 'bun:test'
import type { User } from '@pinpoint/db'
import { invites, outboxEmails, users } from '@pinpoint/db'
import { buildInvite, buildTeam, buildUser, DEFAULT_PASSWORD, uniqueEmail } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createTestApp } from '../../testing/harness'
import type { TestClient } from '../../testing/http'
import type { UserJson } from '../auth/serialize'
import type { InviteJson } from './lookup'

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

describe('team side: /teams/:id/invites', () => {
  test('an admin invites (normalised, deduplicated), gets the SPEC message, e-mails go out', async () => {
    const { team, owner } = await buildTeam(db, { name: 'Acme Design' })
    const a = uniqueEmail('inv')
    const b = uniqueEmail('inv')
    const browser = await as(owner)
    const res = await browser.post<{ invites: InviteJson[]; message: string }>(
      `/api/v1/teams/${team.id}/invites`,
      {
        emails: [a.toUpperCase(), ` ${b} `, a],
      },
    )
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(`Invite(s) sent to ${a}, ${b}`)
    expect(res.body.invites.map((invite) => invite.email).sort()).toEqual([a, b].sort())
    const [mail] = await db.select().from(outboxEmails).where(eq(outboxEmails.to, a))
    expect(mail?.kind).toBe('invite')
    expect(mail?.subject).toContain('Acme Design')
    const code = res.body.invites.find((invite) => invite.email === a)?.code ?? ''
    expect(mail?.html).toContain(`/signup?inviteCode=${code}`)
    const list = await browser.get<{ invites: InviteJson[] }>(`/api/v1/teams/${team.id}/invites`)
    expect(list.body.invites.length).toBe(2)
  })

  test('existing members are skipped; only members is a Conflict; invalid e-mails are 422; members cannot invite', async () => {
    const { team, owner } = await buildTeam(db)
    const member = await buildUser(db, { teamId: team.id })
    const browser = await as(owner)
    const onlyMembers = await browser.post<ErrorBody>(`/api/v1/teams/${team.id}/invites`, {
      emails: [member.email],
    })
    expect(onlyMembers.status).toBe(409)
    const fresh = uniqueEmail()
    const mixed = await browser.post<{ alreadyMembers: string[]; message: string }>(
      `/api/v1/teams/${team.id}/invites`,
      {
        emails: [member.email, fresh],
      },
    )
    expect(mixed.body).toMatchObject({
      alreadyMembers: [member.email],
      message: `Invite(s) sent to ${fresh}`,
    })
    expect(
      (await browser.post(`/api/v1/teams/${team.id}/invites`, { emails: ['not-an-email'] })).status,
    ).toBe(422)
    expect((await browser.post(`/api/v1/teams/${team.id}/invites`, { emails: [] })).status).toBe(422)
    const denied = await (await as(member)).post<ErrorBody>(`/api/v1/teams/${team.id}/invites`, {
      emails: [uniqueEmail()],
    })
    expect(denied.status).toBe(403)
    expect((await (await as(member)).get(`/api/v1/teams/${team.id}/invites`)).status).toBe(403)
  })

  test('resend renews the expiry and is throttled; delete withdraws', async () => {
    const { team, owner } = await buildTeam(db)
    const invite = await buildInvite(db, {
      team,
      lastSentAt: new Date(Date.now() - 3600_000),
      expiresAt: new Date(Date.now() - 1000),
    })
    const browser = await as(owner)
    const resent = await browser.post<{ invite: InviteJson; message: string }>(
      `/api/v1/teams/${team.id}/invites/${invite.id}/resend`,
    )
    expect(resent.status).toBe(200)
    expect(resent.body.message).toBe(`Invite(s) sent to ${invite.email}`)
    expect(resent.body.invite.expired).toBe(false)
    const again = await browser.post<ErrorBody>(`/api/v1/teams/${team.id}/invites/${invite.id}/resend`)
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBeTruthy()
    const removed = await browser.delete(`/api/v1/teams/${team.id}/invites/${invite.id}`)
    expect(removed.status).toBe(200)
    expect(await db.select().from(invites).where(eq(invites.id, invite.id))).toEqual([])
    expect((await browser.delete(`/api/v1/teams/${team.id}/invites/${invite.id}`)).status).toBe(404)
    // An invite of another team is not reachable through this team.
    const foreign = await buildInvite(db)
    expect((await browser.delete(`/api/v1/teams/${team.id}/invites/${foreign.id}`)).status).toBe(404)
  })
})

describe('invitee side: /invites', () => {
  test('GET ?code= is public; an expired code is 410; an unknown one 404', async () => {
    const { team } = await buildTeam(db, { name: 'Visible Team' })
    const invite = await buildInvite(db, { team })
    const res = await client().get<{ invite: InviteJson }>(`/api/v1/invites?code=${invite.code}`)
    expect(res.status).toBe(200)
    expect(res.body.invite).toMatchObject({
      id: invite.id,
      email: invite.email,
      Team: { name: 'Visible Team' },
    })
    const old = await buildInvite(db, { expiresAt: new Date(Date.now() - 1000) })
    const expired = await client().get<ErrorBody>(`/api/v1/invites?code=${old.code}`)
    expect(expired.status).toBe(410)
    expect(expired.body.error).toBe('InviteExpired')
    expect((await client().get('/api/v1/invites?code=nope')).status).toBe(404)
    expect((await client().get('/api/v1/invites')).status).toBe(422)
  })

  test("GET ?email= answers only the caller's own e-mail", async () => {
    const user = await buildUser(db)
    const invite = await buildInvite(db, { email: user.email })
    const browser = await as(user)
    const own = await browser.get<{ invites: InviteJson[] }>(
      `/api/v1/invites?email=${encodeURIComponent(user.email.toUpperCase())}`,
    )
    expect(own.status).toBe(200)
    expect(own.body.invites.map((item) => item.id)).toEqual([invite.id])
    const other = await browser.get<ErrorBody>(`/api/v1/invites?email=${encodeURIComponent(uniqueEmail())}`)
    expect(other.status).toBe(403)
    expect((await client().get(`/api/v1/invites?email=${encodeURIComponent(user.email)}`)).status).toBe(401)
  })

  test('accept joins the team and updates the user; decline removes the invite', async () => {
    const { team } = await buildTeam(db)
    const user = await buildUser(db)
    const invite = await buildInvite(db, { team, email: user.email })
    const browser = await as(user)
    const res = await browser.post<{ user: UserJson }>(`/api/v1/invites/${invite.id}/accept`)
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({ TeamId: team.id, role: 'member' })
    expect(res.body.user.Team?.id).toBe(team.id)
    expect(await db.select().from(invites).where(eq(invites.id, invite.id))).toEqual([])

    const second = await buildInvite(db, { email: user.email })
    const declined = await browser.post(`/api/v1/invites/${second.id}/decline`)
    expect(declined.status).toBe(200)
    expect(await db.select().from(invites).where(eq(invites.id, second.id))).toEqual([])
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row?.teamId).toBe(team.id)
  })

  test("accept: someone else's invite is 403, an expired one 410, a team owner must leave their team first", async () => {
    const invite = await buildInvite(db)
    const stranger = await as(await buildUser(db))
    expect((await stranger.post(`/api/v1/invites/${invite.id}/accept`)).status).toBe(403)
    expect((await stranger.post(`/api/v1/invites/${invite.id}/decline`)).status).toBe(403)
    const user = await buildUser(db)
    const old = await buildInvite(db, { email: user.email, expiresAt: new Date(Date.now() - 1000) })
    expect((await (await as(user)).post(`/api/v1/invites/${old.id}/accept`)).status).toBe(410)
    const { owner } = await buildTeam(db)
    const toOwner = await buildInvite(db, { email: owner.email })
    const res = await (await as(owner)).post<ErrorBody>(`/api/v1/invites/${toOwner.id}/accept`)
    expect(res.status).toBe(409)
    expect(res.body.meta.reason).toBe('owns-team')
    expect((await client().post(`/api/v1/invites/${invite.id}/accept`)).status).toBe(401)
  })
})
