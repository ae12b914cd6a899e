import { describe, expect, test } from 'bun:test'
import { customers, users } from '@pinpoint/db'
import { buildTeam, buildUser } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { Elysia } from 'elysia'
import { errorHandler } from '../../errors'
import { createTestContext } from '../../testing/harness'
import { TestClient } from '../../testing/http'
import { IMPERSONATION_COOKIE, SESSION_COOKIE } from './cookies'
import { authPlugin, requireMember, requireUser, serializeUser } from './plugin'
import { createSession, setSessionImpersonation } from './session'
import { hashToken } from './tokens'

const context = await createTestContext()
const { db } = context.database

// Two modules using the plugin, as feature modules will: the actor must be resolved once per request.
const moduleA = new Elysia({ prefix: '/a' })
  .use(authPlugin(context))
  .get('/who', ({ actor }) => ({
    id: actor.user?.id ?? null,
    via: actor.via,
    imp: actor.impersonatorId ?? null,
  }))
  .get('/member', ({ actor }) => ({ id: requireMember(actor).id }))
  .get('/user', ({ actor }) => ({ user: serializeUser(requireUser(actor)) }))
const moduleB = new Elysia({ prefix: '/b' })
  .use(authPlugin(context))
  .get('/who', ({ actor }) => ({ id: actor.user?.id ?? null }))
const app = new Elysia().use(errorHandler(context.logger)).use(moduleA).use(moduleB)

async function sessionCookie(userId: string) {
  const { token, session } = await createSession(db, { userId, now: new Date() })
  return { cookie: `${SESSION_COOKIE}=${token}`, session }
}

function get(path: string, headers: Record<string, string> = {}) {
  return new TestClient(app).get<Record<string, unknown>>(path, { headers })
}

describe('authPlugin', () => {
  test('anonymous without cookie', async () => {
    expect((await get('/a/who')).body).toEqual({ id: null, via: 'none', imp: null })
    const member = await get('/a/member')
    expect(member.status).toBe(401)
    expect(member.body.error).toBe('NotLoggedIn')
  })

  test('resolves the session user in both modules', async () => {
    const user = await buildUser(db)
    const { cookie } = await sessionCookie(user.id)
    expect((await get('/a/who', { cookie })).body).toEqual({ id: user.id, via: 'session', imp: null })
    expect((await get('/b/who', { cookie })).body).toEqual({ id: user.id })
  })

  test('an unknown or expired session is anonymous', async () => {
    expect((await get('/a/who', { cookie: `${SESSION_COOKIE}=nope` })).body.via).toBe('none')
    const user = await buildUser(db)
    const { token } = await createSession(db, { userId: user.id, now: new Date(Date.now() - 40 * 86400_000) })
    expect((await get('/a/who', { cookie: `${SESSION_COOKIE}=${token}` })).body.via).toBe('none')
  })

  test('guests are users but not members', async () => {
    const guest = await buildUser(db, { isGuest: true })
    const { cookie } = await sessionCookie(guest.id)
    expect((await get('/a/who', { cookie })).body.id).toBe(guest.id)
    const member = await get('/a/member', { cookie })
    expect(member.status).toBe(403)
    expect(member.body.error).toBe('Forbidden')
  })

  test('loads team, team customer, SSO config and own customer; serializes without secrets', async () => {
    const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    await db
      .update(customers)
      .set({ betaFeatures: { emailReview: true } })
      .where(eq(customers.userId, owner.id))
    await db
      .update(users)
      .set({ tokenHash: hashToken('x') })
      .where(eq(users.id, owner.id))
    const member = await buildUser(db, { teamId: team.id })
    const { cookie } = await sessionCookie(member.id)
    const res = await get('/a/user', { cookie })
    const json = res.body.user as Record<string, unknown>
    expect(json.TeamId).toBe(team.id)
    expect(json.Team).toMatchObject({
      id: team.id,
      ownerUserId: owner.id,
      SSOConfig: { enabled: false },
      Customer: {
        planId: 'enterprise35peruser',
        billingEmail: null,
        betaFeaturesEnabled: { emailReview: true },
      },
    })
    expect(json.Customer).toBeNull()
    expect(res.text).not.toContain('passwordHash')
    expect(res.text).not.toContain('$argon2')
    const ownerCookie = (await sessionCookie(owner.id)).cookie
    const ownerJson = (await get('/a/user', { cookie: ownerCookie })).body.user as Record<string, unknown>
    expect(ownerJson.hasApiToken).toBe(true)
    expect(JSON.stringify(ownerJson)).not.toContain(hashToken('x'))
  })

  test('bearer tokens: valid, unknown, plan no longer allowing it', async () => {
    const { team } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const member = await buildUser(db, { teamId: team.id, tokenHash: hashToken('pp_good') })
    expect((await get('/a/who', { authorization: 'Bearer pp_good' })).body).toMatchObject({
      id: member.id,
      via: 'token',
    })
    const unknown = await get('/a/who', { authorization: 'Bearer pp_bad' })
    expect(unknown.status).toBe(401)
    const { team: cheap } = await buildTeam(db, { plan: 'team49' })
    await buildUser(db, { teamId: cheap.id, tokenHash: hashToken('pp_cheap') })
    expect((await get('/a/who', { authorization: 'Bearer pp_cheap' })).status).toBe(403)
  })

  test('impersonation is honoured only for staff sessions that recorded the target', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const target = await buildUser(db)
    const { cookie, session } = await sessionCookie(staff.id)
    const withCookie = `${cookie}; ${IMPERSONATION_COOKIE}=${target.id}`
    // Cookie alone (not recorded on the session): ignored.
    expect((await get('/a/who', { cookie: withCookie })).body.id).toBe(staff.id)
    await setSessionImpersonation(db, session.id, target.id)
    expect((await get('/a/who', { cookie: withCookie })).body).toEqual({
      id: target.id,
      via: 'session',
      imp: staff.id,
    })
    // A non-staff session with the same setup is ignored.
    const plain = await buildUser(db)
    const other = await sessionCookie(plain.id)
    await setSessionImpersonation(db, other.session.id, target.id)
    expect(
      (await get('/a/who', { cookie: `${other.cookie}; ${IMPERSONATION_COOKIE}=${target.id}` })).body.id,
    ).toBe(plain.id)
  })
})
