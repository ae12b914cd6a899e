import { describe, expect, test } from 'bun:test'
import { sessions, users } from '@pinpoint/db'
import { buildUser, DEFAULT_PASSWORD, uniqueEmail } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createTestApp } from '../../testing/harness'
import { TestClient } from '../../testing/http'
import { IMPERSONATION_COOKIE, LOGIN_STATUS_COOKIE, SESSION_COOKIE } from './cookies'
import type { UserJson } from './serialize'
import { hashToken } from './tokens'

const { app, context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

async function signUp(browser: TestClient, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('signup')
  const res = await browser.post<{ user: UserJson }>('/api/v1/users', {
    email,
    name: 'Ann Example',
    password: 'correct horse',
    ...overrides,
  })
  return { res, email }
}

describe('POST /sessions (login)', () => {
  test('logs in, sets the cookies with the right attributes, and GET /sessions/me answers the user', async () => {
    const user = await buildUser(db)
    const browser = client()
    const res = await browser.post<{ user: UserJson }>('/api/v1/sessions', {
      email: user.email.toUpperCase(),
      password: DEFAULT_PASSWORD,
    })
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(user.id)
    const setCookies = res.headers.getSetCookie()
    const session = setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? ''
    expect(session).toContain('HttpOnly')
    expect(session).toMatch(/SameSite=Lax/i)
    expect(session).not.toContain('Secure')
    const status = setCookies.find((line) => line.startsWith(`${LOGIN_STATUS_COOKIE}=`)) ?? ''
    expect(status).toContain(`${LOGIN_STATUS_COOKIE}=member`)
    expect(status).not.toContain('HttpOnly')
    // Only the hash is stored.
    const token = browser.cookies.get(SESSION_COOKIE) ?? ''
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
    expect(row?.userId).toBe(user.id)
    const me = await browser.get<{ user: UserJson }>('/api/v1/sessions/me')
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe(user.email)
    expect(me.text).not.toContain('argon2')
  })

  test('wrong password and unknown e-mail give the same 401', async () => {
    const user = await buildUser(db)
    const wrong = await client().post<ErrorBody>('/api/v1/sessions', {
      email: user.email,
      password: 'nope-nope',
    })
    const unknown = await client().post<ErrorBody>('/api/v1/sessions', {
      email: uniqueEmail(),
      password: 'nope-nope',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({
      message: 'The e-mail or password is incorrect.',
      error: 'InvalidCredentials',
      status: 401,
      meta: {},
    })
    expect(unknown.body).toEqual(wrong.body)
  })

  test('a guest cannot log in with a password', async () => {
    const guest = await buildUser(db, { isGuest: true })
    const res = await client().post<ErrorBody>('/api/v1/sessions', {
      email: guest.email,
      password: 'anything-at-all',
    })
    expect(res.status).toBe(401)
  })

  test('rotates the session at login: the old token stops working', async () => {
    const user = await buildUser(db)
    const browser = client()
    await browser.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })
    const first = browser.cookies.get(SESSION_COOKIE)
    await browser.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })
    const second = browser.cookies.get(SESSION_COOKIE)
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    const stale = new TestClient(app)
    stale.cookies.set(SESSION_COOKIE, first ?? '')
    expect((await stale.get('/api/v1/sessions/me')).status).toBe(401)
  })

  test('validation: a missing password is 422 with the field named', async () => {
    const res = await client().post<ErrorBody>('/api/v1/sessions', { email: 'a@b.co' })
    expect(res.status).toBe(422)
    expect(res.body.error).toBe('ValidationFailed')
  })
})

describe('GET /sessions/me and DELETE /sessions', () => {
  test('logged out: NotLoggedIn', async () => {
    const res = await client().get<ErrorBody>('/api/v1/sessions/me')
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('NotLoggedIn')
  })

  test('sign-out deletes the session and clears every auth cookie', async () => {
    const browser = client()
    const { res } = await signUp(browser)
    expect(res.status).toBe(201)
    const token = browser.cookies.get(SESSION_COOKIE) ?? ''
    browser.cookies.set(IMPERSONATION_COOKIE, 'someone')
    const out = await browser.delete('/api/v1/sessions')
    expect(out.status).toBe(200)
    expect(browser.cookies.size).toBe(0)
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
    expect(row).toBeUndefined()
    expect((await browser.get('/api/v1/sessions/me')).status).toBe(401)
  })

  test('a stale session cookie is cleared by /sessions/me', async () => {
    const browser = client()
    browser.cookies.set(SESSION_COOKIE, 'expired-or-revoked')
    browser.cookies.set(LOGIN_STATUS_COOKIE, 'member')
    expect((await browser.get('/api/v1/sessions/me')).status).toBe(401)
    expect(browser.cookies.size).toBe(0)
  })

  test('cookies are Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({
      config: { ...context.config, publicUrl: 'https://pinpoint.example' },
    })
    const user = await buildUser(db)
    const res = await secure
      .client()
      .post(
        '/api/v1/sessions',
        { email: user.email, password: DEFAULT_PASSWORD },
        { headers: { origin: 'https://pinpoint.example' } },
      )
    expect(res.status).toBe(200)
    for (const line of res.headers.getSetCookie()) expect(line).toContain('Secure')
  })
})

describe('POST /guests', () => {
  test('creates a guest user and session; a second login reuses the user and updates the name', async () => {
    const email = uniqueEmail('guest')
    const browser = client()
    const first = await browser.post<{ user: UserJson }>('/api/v1/guests', { email, name: 'Gus' })
    expect(first.status).toBe(200)
    expect(first.body.user.isGuest).toBe(true)
    expect(browser.cookies.get(LOGIN_STATUS_COOKIE)).toBe('guest')
    const again = await client().post<{ user: UserJson }>('/api/v1/guests', {
      email: email.toUpperCase(),
      name: 'Gus G.',
    })
    expect(again.body.user.id).toBe(first.body.user.id)
    expect(again.body.user.name).toBe('Gus G.')
    const me = await browser.get<{ user: UserJson }>('/api/v1/sessions/me')
    expect(me.body.user.isGuest).toBe(true)
  })

  test('an e-mail of a full account cannot be used as a guest', async () => {
    const user = await buildUser(db)
    const res = await client().post<ErrorBody>('/api/v1/guests', { email: user.email, name: 'Impostor' })
    expect(res.status).toBe(409)
    expect(res.body.meta.reason).toBe('account-exists')
  })

  test('an invalid e-mail is refused', async () => {
    const res = await client().post<ErrorBody>('/api/v1/guests', { email: 'not-an-email', name: 'X' })
    expect(res.status).toBe(422)
  })

  test('a guest calling a member-only route is Forbidden', async () => {
    const browser = client()
    await browser.post('/api/v1/guests', { email: uniqueEmail('guest'), name: 'Gus' })
    const res = await browser.put<ErrorBody>('/api/v1/users/me', { name: 'New' })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('Forbidden')
  })
})

describe('impersonation (staff only)', () => {
  test('staff can impersonate a user and stop; others cannot', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const target = await buildUser(db)
    const browser = client()
    await browser.post('/api/v1/sessions', { email: staff.email, password: DEFAULT_PASSWORD })
    const start = await browser.post<{ user: UserJson; impersonatorId: string }>(
      '/api/v1/sessions/impersonation',
      { userId: target.id },
    )
    expect(start.status).toBe(200)
    expect(start.body.impersonatorId).toBe(staff.id)
    const me = await browser.get<{ user: UserJson; impersonatorId: string }>('/api/v1/sessions/me')
    expect(me.body.user.id).toBe(target.id)
    expect(me.body.impersonatorId).toBe(staff.id)
    await browser.delete('/api/v1/sessions/impersonation')
    expect((await browser.get<{ user: UserJson }>('/api/v1/sessions/me')).body.user.id).toBe(staff.id)

    const plain = client()
    const someone = await buildUser(db)
    await plain.post('/api/v1/sessions', { email: someone.email, password: DEFAULT_PASSWORD })
    expect((await plain.post('/api/v1/sessions/impersonation', { userId: target.id })).status).toBe(403)
    const otherStaff = await buildUser(db, { isStaff: true })
    expect((await browser.post('/api/v1/sessions/impersonation', { userId: otherStaff.id })).status).toBe(403)
  })

  test('the isStaff flag is not writable through the profile', async () => {
    const browser = client()
    const { res } = await signUp(browser)
    await browser.put('/api/v1/users/me', { isStaff: true, name: 'Still me' })
    const [row] = await db.select().from(users).where(eq(users.id, res.body.user.id))
    expect(row?.isStaff).toBe(false)
  })
})
