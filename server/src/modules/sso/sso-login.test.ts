/**
 * The OIDC login end to end over real HTTP against a real identity provider (oidc-provider on 127.0.0.1,
 * allowed through SSO_ALLOW_HOSTS): start, sign-in at the provider, callback, just-in-time membership, and
 * every way the callback must refuse (wrong state, replay, wrong audience, expired code, denied sign-in).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { passwordResetTokens, ssoConfigs, ssoDomains, users } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD, uniqueSuffix } from '@pinpoint/db/testing'
import { SSO_REQUIRED_MESSAGE } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { createApp } from '../../app'
import { createAnalytics } from '../../platform/analytics'
import { silentLogger } from '../../platform/logger'
import { LIMITS } from '../../platform/rate-limit'
import { startAnalyticsSink } from '../../testing/analytics-sink'
import { createTestContext } from '../../testing/harness'
import { TestClient } from '../../testing/http'
import { signInAtIdp, startTestIdp } from '../../testing/oidc-provider'
import type { UserJson } from '../auth/serialize'
import { hashToken } from '../auth/tokens'
import { sealClientSecret } from './secret'

const base = await createTestContext()
// Analytics to a local sink: a first SSO sign-in is a sign-up.
const sink = await startAnalyticsSink()
afterAll(() => sink.close())
const analytics = createAnalytics({ url: sink.url, logger: silentLogger, now: () => new Date() })
const context = { ...base, analytics, config: { ...base.config, ssoAllowHosts: ['127.0.0.1'] } }
const app = createApp(context)
const client = () => new TestClient(app)
// The same server without the allow-list: the default, where a loopback provider is refused.
const guardedApp = createApp(base)
const { db } = context.database

const CLIENT_ID = 'pinpoint-app'
const CLIENT_SECRET = 'a-client-secret-long-enough'
const idp = await startTestIdp({
  clients: [
    {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${context.config.publicUrl}/api/v1/sso/callback`],
    },
  ],
  users: [],
})
afterAll(() => idp.close())

async function ssoTeam({ ssoOnly = false } = {}) {
  const built = await buildTeam(db, { plan: 'enterprise35peruser' })
  const domain = `acme-${uniqueSuffix().replace(/[^a-z0-9]/g, '')}.test`
  await db.insert(ssoConfigs).values({
    teamId: built.team.id,
    enabled: true,
    ssoOnly,
    issuer: idp.issuer,
    clientId: CLIENT_ID,
    clientSecret: sealClientSecret(context, built.team.id, CLIENT_SECRET),
  })
  await db.insert(ssoDomains).values({ domain, teamId: built.team.id })
  return { ...built, domain }
}

function idpUser(email: string, extra: { emailVerified?: boolean } = {}) {
  const user = { email, password: `pw-${uniqueSuffix()}`, name: 'Sam Someone', ...extra }
  idp.addUser(user)
  return user
}

/** Start on our side, sign in at the provider: the browser, and the URL the provider sends it back to. */
async function signIn(domain: string, credentials: { email: string; password: string }, next = '/dashboard') {
  const browser = client()
  const start = await browser.get(`/api/v1/sso/start?domain=${domain}&next=${encodeURIComponent(next)}`)
  expect(start.status).toBe(302)
  const authorizationUrl = start.headers.get('location') ?? ''
  expect(authorizationUrl.startsWith(`${idp.issuer}/`)).toBe(true)
  const result = await signInAtIdp(authorizationUrl, credentials)
  if (!('callbackUrl' in result)) throw new Error(`sign-in failed at the provider: ${result.page}`)
  return { browser, callback: result.callbackUrl, authorizationUrl: new URL(authorizationUrl) }
}

const callbackPath = (url: URL) => `${url.pathname}${url.search}`
const me = (browser: TestClient) => browser.get<{ user: UserJson }>('/api/v1/sessions/me')

describe('SSO login against a real OIDC provider', () => {
  test('someone new signs in, lands on the page they asked for, as a member of the team (once)', async () => {
    const { team, domain } = await ssoTeam()
    const person = idpUser(`someone@${domain}`)
    const { browser, callback, authorizationUrl } = await signIn(domain, person, '/link/abc/')
    // Authorization code with PKCE (S256), state and nonce.
    expect(authorizationUrl.searchParams.get('response_type')).toBe('code')
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy()
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy()
    const done = await browser.get(callbackPath(callback))
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/link/abc/')
    const session = await me(browser)
    expect(session.status).toBe(200)
    expect(session.body.user).toMatchObject({
      email: person.email,
      name: 'Sam Someone',
      isGuest: false,
      TeamId: team.id,
      role: 'member',
    })
    // A second login finds the same member.
    const again = await signIn(domain, person)
    expect((await again.browser.get(callbackPath(again.callback))).headers.get('location')).toBe('/dashboard')
    expect((await me(again.browser)).body.user.id).toBe(session.body.user.id)
    expect(await db.select().from(users).where(eq(users.email, person.email))).toHaveLength(1)
    // The first sign-in was a sign-up, reported once (by id, never the address); the callback wrote the
    // user-info cookie.
    await analytics.flush()
    const signups = sink.events().filter((e) => e.event === 'signed_up' && e.userId === session.body.user.id)
    expect(signups.map((e) => e.properties)).toEqual([{ hasTeam: true, joinedByInvite: false, viaSso: true }])
    expect(sink.rawBodies().join('')).not.toContain(person.email)
    expect(done.headers.getSetCookie().some((line) => line.startsWith('pinpoint_user_info='))).toBe(true)
  })

  test('a wrong state, a callback from another browser and a replayed callback are refused', async () => {
    const { domain } = await ssoTeam()
    const person = idpUser(`state@${domain}`)
    const { browser, callback } = await signIn(domain, person)
    const forged = new URL(callback)
    forged.searchParams.set('state', 'not-the-state-we-sent')
    const wrong = await browser.get(callbackPath(forged))
    expect(wrong.status).toBe(303)
    expect(wrong.headers.get('location')).toBe('/login?ssoError=state')
    expect(browser.cookies.has('pinpoint_session')).toBe(false)
    expect((await me(browser)).status).toBe(401)

    const fresh = await signIn(domain, person)
    // The right URL in a browser that did not start the login (no flow cookie): refused.
    const elsewhere = await client().get(callbackPath(fresh.callback))
    expect(elsewhere.headers.get('location')).toBe('/login?ssoError=state')
    // The starting browser still succeeds once, and only once.
    expect((await fresh.browser.get(callbackPath(fresh.callback))).headers.get('location')).toBe('/dashboard')
    const replay = client()
    for (const [name, value] of fresh.browser.cookies) replay.cookies.set(name, value)
    replay.cookies.delete('pinpoint_session')
    expect((await replay.get(callbackPath(fresh.callback))).headers.get('location')).toBe(
      '/login?ssoError=state',
    )
  })

  test('an ID token for another audience is refused', async () => {
    const { domain } = await ssoTeam()
    const person = idpUser(`audience@${domain}`)
    const { browser, callback } = await signIn(domain, person)
    idp.setIdTokenAudience('another-application')
    try {
      const res = await browser.get(callbackPath(callback))
      expect(res.headers.get('location')).toBe('/login?ssoError=token')
      expect(browser.cookies.has('pinpoint_session')).toBe(false)
    } finally {
      idp.setIdTokenAudience(null)
    }
  })

  test('an expired authorization code is refused', async () => {
    const { domain } = await ssoTeam()
    const person = idpUser(`expired@${domain}`)
    idp.setCodeTtl(1)
    let flow: Awaited<ReturnType<typeof signIn>>
    try {
      flow = await signIn(domain, person)
    } finally {
      idp.setCodeTtl(60)
    }
    // The code lived one second (whole seconds at the provider): wait until it has certainly expired.
    await Bun.sleep(2100)
    const res = await flow.browser.get(callbackPath(flow.callback))
    expect(res.headers.get('location')).toBe('/login?ssoError=expired')
    expect(flow.browser.cookies.has('pinpoint_session')).toBe(false)
  })

  test('a sign-in the provider denied comes back as denied', async () => {
    const { domain } = await ssoTeam()
    const browser = client()
    const start = await browser.get(`/api/v1/sso/start?domain=${domain}`)
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? ''
    const res = await browser.get(
      `/api/v1/sso/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`,
    )
    expect(res.headers.get('location')).toBe('/login?ssoError=denied')
  })

  test('addresses outside the domains, unverified ones, and accounts of their own are not signed in', async () => {
    const { domain } = await ssoTeam()
    const outsider = idpUser(`someone@other-${uniqueSuffix().replace(/[^a-z0-9]/g, '')}.test`)
    let flow = await signIn(domain, outsider)
    expect((await flow.browser.get(callbackPath(flow.callback))).headers.get('location')).toBe(
      '/login?ssoError=email',
    )
    const unverified = idpUser(`unverified@${domain}`, { emailVerified: false })
    flow = await signIn(domain, unverified)
    expect((await flow.browser.get(callbackPath(flow.callback))).headers.get('location')).toBe(
      '/login?ssoError=email',
    )
    // An individual account with an address of the domain stays its owner's: no takeover by the provider.
    const own = await buildUser(db, { email: `own@${domain}` })
    flow = await signIn(domain, idpUser(own.email))
    expect((await flow.browser.get(callbackPath(flow.callback))).headers.get('location')).toBe(
      '/login?ssoError=account',
    )
    const [after] = await db.select().from(users).where(eq(users.id, own.id))
    expect(after?.teamId).toBeNull()
  })

  test('a guest of the address becomes a member; a member with a password keeps the account', async () => {
    const { team, domain } = await ssoTeam()
    const guest = await buildUser(db, { email: `guest@${domain}`, isGuest: true, passwordHash: null })
    let flow = await signIn(domain, idpUser(guest.email))
    await flow.browser.get(callbackPath(flow.callback))
    expect((await me(flow.browser)).body.user).toMatchObject({
      id: guest.id,
      isGuest: false,
      TeamId: team.id,
    })
    const member = await buildUser(db, { email: `member@${domain}`, teamId: team.id })
    flow = await signIn(domain, idpUser(member.email))
    await flow.browser.get(callbackPath(flow.callback))
    expect((await me(flow.browser)).body.user.id).toBe(member.id)
  })

  test("the provider's subject decides later logins: a changed address keeps the account, a reassigned one does not take it", async () => {
    const { domain } = await ssoTeam()
    const subject = `sub-${uniqueSuffix()}`
    const first = idpUser(`first@${domain}`)
    idp.addUser({ ...first, subject })
    let flow = await signIn(domain, first)
    await flow.browser.get(callbackPath(flow.callback))
    const account = (await me(flow.browser)).body.user
    // The person's address changes at the provider (same subject): still the same member.
    const renamed = { ...first, email: `renamed@${domain}`, subject }
    idp.addUser(renamed)
    flow = await signIn(domain, renamed)
    expect((await flow.browser.get(callbackPath(flow.callback))).headers.get('location')).toBe('/dashboard')
    expect((await me(flow.browser)).body.user.id).toBe(account.id)
    // The provider gives the first address to someone else (another subject): refused, not the account.
    const newcomer = { ...first, subject: `sub-${uniqueSuffix()}`, password: 'another-password' }
    idp.addUser(newcomer)
    flow = await signIn(domain, newcomer)
    expect((await flow.browser.get(callbackPath(flow.callback))).headers.get('location')).toBe(
      '/login?ssoError=identity',
    )
    expect(flow.browser.cookies.has('pinpoint_session')).toBe(false)
  })

  test('SSO-only: a member is sent to SSO by password login, login link and reset; the owner and others are not', async () => {
    const { team, domain } = await ssoTeam({ ssoOnly: true })
    const member = await buildUser(db, { email: `pw@${domain}`, teamId: team.id })
    const res = await client().post<{ error: string; message: string; meta: { ssoUrl: string } }>(
      '/api/v1/sessions',
      { email: member.email, password: DEFAULT_PASSWORD },
    )
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('SsoRequired')
    expect(res.body.message).toBe(SSO_REQUIRED_MESSAGE)
    expect(new URL(res.body.meta.ssoUrl).pathname).toBe('/api/v1/sso/start')
    // A wrong password says only that it is wrong: nobody learns who is a member.
    const wrong = await client().post('/api/v1/sessions', { email: member.email, password: 'wrong-password' })
    expect(wrong.status).toBe(401)
    // A login link (as e-mailed to a protected account) and a password reset start no session either.
    const expiresAt = new Date(Date.now() + 10 * 60_000)
    await db.insert(passwordResetTokens).values([
      { id: hashToken('login-link:link-token'), userId: member.id, expiresAt },
      { id: hashToken('reset-token'), userId: member.id, expiresAt },
    ])
    const link = client()
    const viaLink = await link.post<{ error: string }>('/api/v1/sessions/login-link', { token: 'link-token' })
    expect([viaLink.status, viaLink.body.error]).toEqual([403, 'SsoRequired'])
    const reset = client()
    const viaReset = await reset.post<{ error: string }>('/api/v1/password-resets/complete', {
      token: 'reset-token',
      newPassword: 'a-new-password-1',
    })
    expect([viaReset.status, viaReset.body.error]).toEqual([403, 'SsoRequired'])
    expect(link.cookies.has('pinpoint_session') || reset.cookies.has('pinpoint_session')).toBe(false)
    // Someone of the domain with an account of their own still logs in with a password.
    const own = await buildUser(db, { email: `own@${domain}` })
    expect(
      (await client().post('/api/v1/sessions', { email: own.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(200)
    // The team owner keeps a password way in, even with an address of the domain (the provider may break).
    await db
      .update(users)
      .set({ email: `owner-${uniqueSuffix()}@${domain}` })
      .where(eq(users.id, team.ownerUserId))
    const [owner] = await db.select().from(users).where(eq(users.id, team.ownerUserId))
    expect(
      (await client().post('/api/v1/sessions', { email: owner?.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(200)
  })

  test('starts and callbacks are limited per address, and the limit lands on the login page', async () => {
    const { domain } = await ssoTeam()
    const headers = {
      'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    }
    const browser = client()
    for (let attempt = 0; attempt < LIMITS.ssoIp.limit; attempt++) {
      expect((await browser.get(`/api/v1/sso/start?domain=${domain}`, { headers })).status).toBe(302)
    }
    const over = await browser.get(`/api/v1/sso/start?domain=${domain}`, { headers })
    expect(over.headers.get('location')).toBe('/login?ssoError=busy')
    const callback = await browser.get('/api/v1/sso/callback?code=x&state=y', { headers })
    expect(callback.headers.get('location')).toBe('/login?ssoError=busy')
    // Another address is not held back.
    expect((await client().get(`/api/v1/sso/start?domain=${domain}`)).status).toBe(302)
  })

  test('a loopback provider is refused unless SSO_ALLOW_HOSTS names it', async () => {
    const { domain } = await ssoTeam()
    const res = await new TestClient(guardedApp).get(`/api/v1/sso/start?domain=${domain}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/login?ssoError=provider')
    expect(res.headers.getSetCookie().some((line) => line.startsWith('pinpoint_sso='))).toBe(false)
  })

  test('test connection reads the discovery document, and says why when it cannot', async () => {
    const { team, owner } = await ssoTeam()
    for (const [server, ok] of [
      [app, true],
      [guardedApp, false],
    ] as const) {
      const browser = new TestClient(server)
      await browser.post('/api/v1/sessions', { email: owner.email, password: DEFAULT_PASSWORD })
      const res = await browser.post<{ connection: { ok: boolean; message: string } }>(
        `/api/v1/teams/${team.id}/sso-settings/test`,
        {},
      )
      expect(res.status).toBe(200)
      expect(res.body.connection.ok).toBe(ok)
      expect(res.body.connection.message).toContain(
        ok ? `Connected to ${idp.issuer}` : `${idp.issuer} is not an https address`,
      )
    }
    // https to a loopback address: the outbound guard refuses it before connecting.
    const guarded = new TestClient(guardedApp)
    await guarded.post('/api/v1/sessions', { email: owner.email, password: DEFAULT_PASSWORD })
    const loopback = await guarded.post<{ connection: { ok: boolean; message: string; issuer: string } }>(
      `/api/v1/teams/${team.id}/sso-settings/test`,
      { issuer: `https://127.0.0.1:${idp.port}` },
    )
    expect(loopback.body.connection).toEqual({
      ok: false,
      issuer: `https://127.0.0.1:${idp.port}`,
      message: '127.0.0.1 is a private or local address; single sign-on does not call those.',
    })
    const browser = client()
    await browser.post('/api/v1/sessions', { email: owner.email, password: DEFAULT_PASSWORD })
    const nothing = await browser.post<{ connection: { ok: boolean; message: string } }>(
      `/api/v1/teams/${team.id}/sso-settings/test`,
      { issuer: `http://127.0.0.1:${idp.port}/nothing-here` },
    )
    expect(nothing.body.connection).toMatchObject({ ok: false })
    expect(nothing.body.connection.message).toContain('No OpenID Connect discovery document')
  })
})
