import { describe, expect, test } from 'bun:test'
import { customers, outboxEmails, teams, users } from '@pinpoint/db'
import { buildInvite, buildTeam, buildUser, uniqueEmail } from '@pinpoint/db/testing'
import { and, eq } from 'drizzle-orm'
import { createTestApp } from '../../testing/harness'
import { SESSION_COOKIE } from '../auth/cookies'
import type { UserJson } from '../auth/serialize'

const { context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }
const DAY = 24 * 60 * 60 * 1000

function signUp(body: Record<string, unknown>) {
  const browser = client()
  return browser
    .post<{ user: UserJson }>('/api/v1/users', { name: 'Ann', password: 'correct horse', ...body })
    .then((res) => ({ res, browser }))
}

describe('POST /users (sign-up)', () => {
  test('an individual on the free plan: active customer, no team, logged in, welcome e-mail', async () => {
    const email = uniqueEmail('solo')
    const { res, browser } = await signUp({ email: `  ${email.toUpperCase()} ` })
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({ email, name: 'Ann', isGuest: false, TeamId: null, Team: null })
    expect(res.body.user.Customer).toMatchObject({ planId: 'free0', status: 'active', periodEnd: null })
    expect(browser.cookies.get(SESSION_COOKIE)).toBeDefined()
    expect((await browser.get('/api/v1/sessions/me')).status).toBe(200)
    const [row] = await db.select().from(users).where(eq(users.email, email))
    expect(row?.passwordHash).toStartWith('$argon2id$')
    const mails = await db.select().from(outboxEmails).where(eq(outboxEmails.to, email))
    expect(mails.map((mail) => mail.kind)).toEqual(['welcome'])
    expect(mails[0]?.html).toContain('Open your dashboard')
  })

  test('with a team name and a paid plan: owns the team, 14-day trial of the plan', async () => {
    const email = uniqueEmail('owner')
    const before = context.now().getTime()
    const { res } = await signUp({
      email,
      teamName: ' Acme ',
      plan: 'enterprise35peruser',
      coupon: 'LAUNCH',
      initialVisitData: { referrer: 'x' },
    })
    expect(res.status).toBe(201)
    const user = res.body.user
    expect(user.Team).toMatchObject({ name: 'Acme', ownerUserId: user.id })
    expect(user.Customer).toMatchObject({ planId: 'enterprise35peruser', status: 'trialing' })
    const periodEnd = new Date(user.Customer?.periodEnd ?? 0).getTime()
    expect(periodEnd - before).toBeGreaterThanOrEqual(14 * DAY - 60_000)
    expect(periodEnd - before).toBeLessThanOrEqual(14 * DAY + 60_000)
    expect(user.Team?.Customer?.planId).toBe('enterprise35peruser')
    const [customer] = await db.select().from(customers).where(eq(customers.userId, user.id))
    expect(customer?.coupon).toBe('LAUNCH')
  })

  test('a team plan without a team name is refused', async () => {
    const { res } = await signUp({ email: uniqueEmail(), plan: 'team49' })
    expect(res.status).toBe(422)
    expect((res.body as unknown as ErrorBody).meta.issues).toEqual([
      { path: 'teamName', message: 'Required' },
    ])
  })

  test('duplicate e-mail (any case) is a Conflict', async () => {
    const existing = await buildUser(db)
    const { res } = await signUp({ email: existing.email.toUpperCase() })
    expect(res.status).toBe(409)
    expect(res.body as unknown as ErrorBody).toMatchObject({
      error: 'Conflict',
      meta: { reason: 'account-exists' },
    })
  })

  test('a guest e-mail becomes a full account (same user id)', async () => {
    const guest = await buildUser(db, { isGuest: true })
    const { res } = await signUp({ email: guest.email })
    expect(res.status).toBe(201)
    expect(res.body.user.id).toBe(guest.id)
    expect(res.body.user.isGuest).toBe(false)
  })

  test('bad input: unknown plan, short password, invalid e-mail', async () => {
    expect((await signUp({ email: uniqueEmail(), plan: 'gold' })).res.status).toBe(422)
    expect((await signUp({ email: uniqueEmail(), password: 'short' })).res.status).toBe(422)
    expect((await signUp({ email: 'nope' })).res.status).toBe(422)
  })

  test('with an invite code: joins the team as a member, the invite is used up', async () => {
    const { team } = await buildTeam(db, { plan: 'team49' })
    const invite = await buildInvite(db, { team })
    const { res } = await signUp({ email: invite.email, inviteCode: invite.code, teamName: 'ignored' })
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({ TeamId: team.id, role: 'member' })
    expect(await db.select().from(teams).where(eq(teams.name, 'ignored'))).toEqual([])
    const left = await db.query.invites.findFirst({ where: (table) => and(eq(table.id, invite.id)) })
    expect(left).toBeUndefined()
  })

  test('an expired invite code is refused with InviteExpired (410); an unknown one with NotFound', async () => {
    const invite = await buildInvite(db, { expiresAt: new Date(Date.now() - 1000) })
    const expired = await signUp({ email: invite.email, inviteCode: invite.code })
    expect(expired.res.status).toBe(410)
    expect((expired.res.body as unknown as ErrorBody).error).toBe('InviteExpired')
    const unknown = await signUp({ email: uniqueEmail(), inviteCode: 'no-such-code' })
    expect(unknown.res.status).toBe(404)
    // Nothing was created by the failed attempts.
    expect(await db.select().from(users).where(eq(users.email, invite.email))).toEqual([])
  })
})
