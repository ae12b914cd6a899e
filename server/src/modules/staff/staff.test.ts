import { describe, expect, test } from 'bun:test'
import { impersonations } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createTestApp } from '../../testing/harness'
import type { UserJson } from '../auth/serialize'
import type { StaffUserJson } from './service'

const { context, client } = await createTestApp()
const { db } = context.database

async function signedIn(email: string) {
  const browser = client()
  const res = await browser.post('/api/v1/sessions', { email, password: DEFAULT_PASSWORD })
  expect(res.status).toBe(200)
  return browser
}

type AuditRow = { targetUserId: string; staffEmail: string; endedAt: string | null; endReason: string | null }

describe('staff user search', () => {
  test('staff find accounts by e-mail, name or id; nobody else can search', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const marker = `zq${Date.now().toString(36)}`
    const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const member = await buildUser(db, { teamId: team.id, email: `${marker}.member@example.test` })
    const named = await buildUser(db, { name: `Ada ${marker}` })
    const browser = await signedIn(staff.email)

    const byEmail = await browser.get<{ users: StaffUserJson[] }>(
      `/api/v1/staff/users?query=${marker}.MEMBER`,
    )
    expect(byEmail.status).toBe(200)
    expect(byEmail.body.users.map((u) => u.id)).toEqual([member.id])
    expect(byEmail.body.users[0]).toMatchObject({
      email: member.email,
      Team: { id: team.id, ownerUserId: owner.id },
      planId: 'enterprise35peruser',
      betaFeaturesEnabled: { emailReview: false },
      betaFeaturesOwnerId: owner.id,
    })
    expect(byEmail.body.users[0]).not.toHaveProperty('passwordHash')
    const byName = await browser.get<{ users: StaffUserJson[] }>(`/api/v1/staff/users?query=ada%20${marker}`)
    expect(byName.body.users.map((u) => u.id)).toEqual([named.id])
    const byId = await browser.get<{ users: StaffUserJson[] }>(`/api/v1/staff/users?query=${named.id}`)
    expect(byId.body.users.map((u) => u.id)).toEqual([named.id])
    // LIKE wildcards in the query are taken literally.
    expect((await browser.get<{ users: unknown[] }>('/api/v1/staff/users?query=%25%25')).body.users).toEqual(
      [],
    )

    const plain = await signedIn(member.email)
    expect((await plain.get(`/api/v1/staff/users?query=${marker}`)).status).toBe(403)
    expect((await client().get(`/api/v1/staff/users?query=${marker}`)).status).toBe(401)
  })

  test('the tools are closed while the staff member impersonates someone', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const target = await buildUser(db)
    const browser = await signedIn(staff.email)
    await browser.post('/api/v1/sessions/impersonation', { userId: target.id })
    expect((await browser.get('/api/v1/staff/users?query=example')).status).toBe(403)
    expect((await browser.get('/api/v1/staff/impersonations')).status).toBe(403)
    await browser.delete('/api/v1/sessions/impersonation')
    expect((await browser.get('/api/v1/staff/users?query=example')).status).toBe(200)
  })
})

describe('impersonation audit table', () => {
  test('start, switch, stop and logout each leave a row with who, whom and when', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const first = await buildUser(db)
    const second = await buildUser(db)
    const browser = await signedIn(staff.email)
    context.clock.set('2026-11-24T10:00:00Z')
    try {
      expect((await browser.post('/api/v1/sessions/impersonation', { userId: first.id })).status).toBe(200)
      context.clock.set('2026-11-24T10:05:00Z')
      // Switching straight to someone else closes the first row.
      expect((await browser.post('/api/v1/sessions/impersonation', { userId: second.id })).status).toBe(200)
      context.clock.set('2026-11-24T10:07:00Z')
      expect((await browser.delete('/api/v1/sessions/impersonation')).status).toBe(200)
      context.clock.set('2026-11-24T10:09:00Z')
      await browser.post('/api/v1/sessions/impersonation', { userId: first.id })
      await browser.delete('/api/v1/sessions')
    } finally {
      context.clock.reset()
    }
    const rows = await db
      .select()
      .from(impersonations)
      .where(eq(impersonations.staffUserId, staff.id))
      .orderBy(impersonations.startedAt)
    expect(
      rows.map((r) => [
        r.targetUserId,
        r.targetEmail,
        r.endReason,
        r.startedAt.toISOString(),
        r.endedAt?.toISOString(),
      ]),
    ).toEqual([
      [first.id, first.email, 'switched', '2026-11-24T10:00:00.000Z', '2026-11-24T10:05:00.000Z'],
      [second.id, second.email, 'stopped', '2026-11-24T10:05:00.000Z', '2026-11-24T10:07:00.000Z'],
      [first.id, first.email, 'logout', '2026-11-24T10:09:00.000Z', '2026-11-24T10:09:00.000Z'],
    ])
    expect(rows.every((r) => r.staffEmail === staff.email && r.sessionId.length > 0)).toBe(true)

    const reader = await signedIn(staff.email)
    const log = await reader.get<{ impersonations: AuditRow[] }>('/api/v1/staff/impersonations?limit=200')
    expect(log.status).toBe(200)
    const mine = log.body.impersonations.filter((r) => r.staffEmail === staff.email)
    expect(mine.map((r) => r.endReason)).toEqual(['logout', 'stopped', 'switched'])
    expect((await (await signedIn(first.email)).get('/api/v1/staff/impersonations')).status).toBe(403)
  })

  test('a refused impersonation leaves no row', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const otherStaff = await buildUser(db, { isStaff: true })
    const browser = await signedIn(staff.email)
    expect((await browser.post('/api/v1/sessions/impersonation', { userId: otherStaff.id })).status).toBe(403)
    expect(await db.select().from(impersonations).where(eq(impersonations.staffUserId, staff.id))).toEqual([])
  })
})

describe('beta features', () => {
  test('staff turn e-mail review on for a team; every member can then create e-mail canvases', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const { team, owner } = await buildTeam(db, {
      plan: 'enterprise35peruser',
      customer: { periodEnd: new Date(Date.now() + 30 * 86_400_000) },
    })
    const member = await buildUser(db, { teamId: team.id })
    const memberBrowser = await signedIn(member.email)
    const refused = await memberBrowser.post<{ message: string }>('/api/v1/canvases', {
      type: 'email',
      title: 'Newsletter',
    })
    expect(refused.status).toBe(403)

    const browser = await signedIn(staff.email)
    const on = await browser.put<{ user: StaffUserJson }>(`/api/v1/staff/users/${member.id}/beta-features`, {
      emailReview: true,
    })
    expect(on.status).toBe(200)
    expect(on.body.user).toMatchObject({
      betaFeaturesEnabled: { emailReview: true },
      betaFeaturesOwnerId: owner.id,
    })
    const me = await memberBrowser.get<{ user: UserJson }>('/api/v1/sessions/me')
    expect(me.body.user.Team?.Customer?.betaFeaturesEnabled.emailReview).toBe(true)
    expect(
      (await memberBrowser.post('/api/v1/canvases', { type: 'email', title: 'Newsletter' })).status,
    ).toBe(200)
    // The team owner's record holds it: the owner sees it on too.
    const ownerMe = await (await signedIn(owner.email)).get<{ user: UserJson }>('/api/v1/sessions/me')
    expect(ownerMe.body.user.Customer?.betaFeaturesEnabled.emailReview).toBe(true)

    const off = await browser.put<{ user: StaffUserJson }>(`/api/v1/staff/users/${owner.id}/beta-features`, {
      emailReview: false,
    })
    expect(off.body.user.betaFeaturesEnabled.emailReview).toBe(false)
    expect((await memberBrowser.post('/api/v1/canvases', { type: 'email', title: 'Again' })).status).toBe(403)
  })

  test('an account without a team cannot get e-mail review; only staff may change flags', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const solo = await buildUser(db)
    const browser = await signedIn(staff.email)
    const res = await browser.put<{ message: string }>(`/api/v1/staff/users/${solo.id}/beta-features`, {
      emailReview: true,
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toContain('needs a team')
    expect((await browser.put('/api/v1/staff/users/nope/beta-features', { emailReview: false })).status).toBe(
      404,
    )
    const { owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const ownerBrowser = await signedIn(owner.email)
    expect(
      (await ownerBrowser.put(`/api/v1/staff/users/${owner.id}/beta-features`, { emailReview: true })).status,
    ).toBe(403)
  })
})
