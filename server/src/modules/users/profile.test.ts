import { describe, expect, test } from 'bun:test'
import type { User } from '@pinpoint/db'
import { outboxEmails, sessions } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD, uniqueEmail } from '@pinpoint/db/testing'
import { desc, eq } from 'drizzle-orm'
import { createTestApp } from '../../testing/harness'
import type { TestClient } from '../../testing/http'
import type { UserJson } from '../auth/serialize'

const { context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

async function loggedIn(user: User, password = DEFAULT_PASSWORD): Promise<TestClient> {
  const browser = client()
  const res = await browser.post('/api/v1/sessions', { email: user.email, password })
  expect(res.status).toBe(200)
  return browser
}

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

function avatarForm(bytes: Uint8Array<ArrayBuffer>, name = 'me.png', type = 'image/png') {
  const form = new FormData()
  form.append('avatar', new File([bytes], name, { type }))
  return form
}

describe('PUT /users/me', () => {
  test('updates name, e-mail (normalised), notification settings and surveys', async () => {
    const browser = await loggedIn(await buildUser(db))
    const email = uniqueEmail('renamed')
    const res = await browser.put<{ user: UserJson }>('/api/v1/users/me', {
      name: ' New Name ',
      email: email.toUpperCase(),
      emailOn: false,
      myEmailSettings: { replies: false },
      clientEmailSettings: { digest: 'daily' },
      emailSettings: { mentions: true },
      signupSurvey: { role: 'designer' },
      offboardingSurvey: null,
    })
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({
      name: 'New Name',
      email,
      emailOn: false,
      myEmailSettings: { replies: false },
      clientEmailSettings: { digest: 'daily' },
      emailSettings: { mentions: true },
      signupSurvey: { role: 'designer' },
      offboardingSurvey: null,
    })
  })

  test("another account's e-mail is a Conflict; anonymous is NotLoggedIn", async () => {
    const other = await buildUser(db)
    const browser = await loggedIn(await buildUser(db))
    const taken = await browser.put<ErrorBody>('/api/v1/users/me', { email: other.email })
    expect(taken.status).toBe(409)
    expect((await client().put<ErrorBody>('/api/v1/users/me', { name: 'x' })).status).toBe(401)
  })
})

describe('PUT /users/me/password', () => {
  test('wrong current password is refused; the right one changes it and logs out other sessions', async () => {
    const user = await buildUser(db)
    const browser = await loggedIn(user)
    const elsewhere = await loggedIn(user)
    const wrong = await browser.put<ErrorBody>('/api/v1/users/me/password', {
      currentPassword: 'not it',
      newPassword: 'brand new secret',
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.meta.issues).toEqual([{ path: 'currentPassword', message: 'Incorrect password' }])
    const weak = await browser.put<ErrorBody>('/api/v1/users/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'short',
    })
    expect(weak.status).toBe(422)
    const ok = await browser.put('/api/v1/users/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'brand new secret',
    })
    expect(ok.status).toBe(200)
    expect((await browser.get('/api/v1/sessions/me')).status).toBe(200)
    expect((await elsewhere.get('/api/v1/sessions/me')).status).toBe(401)
    expect(
      (await client().post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(401)
    await loggedIn(user, 'brand new secret')
  })
})

describe('password reset by e-mail', () => {
  async function resetLink(email: string): Promise<string> {
    const [mail] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email))
      .orderBy(desc(outboxEmails.createdAt))
      .limit(1)
    expect(mail?.kind).toBe('password-reset')
    const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')
    return decodeURIComponent(match?.[1] ?? '')
  }

  test('request, e-mailed one-time link, new password works, everything else logged out', async () => {
    const user = await buildUser(db)
    const other = await loggedIn(user)
    const req = await client().post<{ message: string }>('/api/v1/password-resets', {
      email: user.email.toUpperCase(),
    })
    expect(req.status).toBe(200)
    const token = await resetLink(user.email)
    expect(token.length).toBeGreaterThan(20)
    const browser = client()
    const done = await browser.post<{ user: UserJson }>('/api/v1/password-resets/complete', {
      token,
      newPassword: 'after the reset',
    })
    expect(done.status).toBe(200)
    expect(done.body.user.id).toBe(user.id)
    expect((await browser.get('/api/v1/sessions/me')).status).toBe(200)
    expect((await other.get('/api/v1/sessions/me')).status).toBe(401)
    const again = await client().post<ErrorBody>('/api/v1/password-resets/complete', {
      token,
      newPassword: 'and once more',
    })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('InvalidResetLink')
    await loggedIn(user, 'after the reset')
  })

  test('unknown e-mail gets the same answer and no e-mail; an expired link is refused', async () => {
    const email = uniqueEmail('nobody')
    const user = await buildUser(db)
    const unknown = await client().post<{ message: string }>('/api/v1/password-resets', { email })
    const known = await client().post<{ message: string }>('/api/v1/password-resets', { email: user.email })
    expect(unknown.body).toEqual(known.body)
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).toEqual([])
    const token = await resetLink(user.email)
    context.clock.advance(61 * 60 * 1000)
    try {
      const res = await client().post<ErrorBody>('/api/v1/password-resets/complete', {
        token,
        newPassword: 'too late now',
      })
      expect(res.status).toBe(400)
    } finally {
      context.clock.reset()
    }
  })

  test('more than 3 requests per e-mail per hour are throttled with Retry-After', async () => {
    const user = await buildUser(db)
    for (let i = 0; i < 3; i++)
      expect((await client().post('/api/v1/password-resets', { email: user.email })).status).toBe(200)
    const res = await client().post<ErrorBody>('/api/v1/password-resets', { email: user.email })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('PUT /users/me/avatar', () => {
  test('stores a PNG under an opaque key and serves it; replaces the previous one', async () => {
    const browser = await loggedIn(await buildUser(db))
    const res = await browser.request<{ user: UserJson }>('PUT', '/api/v1/users/me/avatar', {
      body: avatarForm(PNG, '../../evil.png'),
    })
    expect(res.status).toBe(200)
    const url = res.body.user.avatarUrl ?? ''
    expect(url).toMatch(/^\/api\/v1\/avatars\/[0-9a-f]{32}\.png$/)
    const image = await client().get(url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    const second = await browser.request<{ user: UserJson }>('PUT', '/api/v1/users/me/avatar', {
      body: avatarForm(PNG),
    })
    expect(second.body.user.avatarUrl).not.toBe(url)
    expect((await client().get(url)).status).toBe(404)
  })

  test('refuses non-images (by content, whatever the declared type) and oversized files', async () => {
    const browser = await loggedIn(await buildUser(db))
    const fake = new TextEncoder().encode('<svg onload=alert(1)>')
    const res = await browser.request<ErrorBody>('PUT', '/api/v1/users/me/avatar', {
      body: avatarForm(fake, 'x.png', 'image/png'),
    })
    expect(res.status).toBe(415)
    const big = new Uint8Array(5 * 1024 * 1024 + 10)
    big.set(PNG)
    const large = await browser.request<ErrorBody>('PUT', '/api/v1/users/me/avatar', {
      body: avatarForm(big),
    })
    expect(large.status).toBe(413)
  })
})

describe('PUT /users/me/customer', () => {
  test('the account owner changes receipts and billing e-mail; a team member may not', async () => {
    const { team, owner } = await buildTeam(db)
    const browser = await loggedIn(owner)
    const res = await browser.put<{ user: UserJson }>('/api/v1/users/me/customer', {
      shouldEmailReceipts: false,
      billingEmail: 'Billing@Acme.test',
    })
    expect(res.status).toBe(200)
    expect(res.body.user.Customer).toMatchObject({
      shouldEmailReceipts: false,
      billingEmail: 'billing@acme.test',
    })
    const member = await loggedIn(await buildUser(db, { teamId: team.id }))
    expect((await member.put('/api/v1/users/me/customer', { shouldEmailReceipts: true })).status).toBe(403)
    expect((await browser.put('/api/v1/users/me/customer', { billingEmail: 'nope' })).status).toBe(422)
  })
})

describe('/users/me/token', () => {
  test('shown once, stored hashed, accepted as Bearer; refused on team49 and without a team', async () => {
    const { team } = await buildTeam(db, { plan: 'enterprise45peruser' })
    const member = await buildUser(db, { teamId: team.id })
    const browser = await loggedIn(member)
    expect(
      (
        await browser.get<{ token: string | null; hasToken: boolean; createdAt: string | null }>(
          '/api/v1/users/me/token',
        )
      ).body,
    ).toEqual({
      token: null,
      hasToken: false,
      createdAt: null,
    })
    const created = await browser.post<{ token: string; hasToken: boolean }>('/api/v1/users/me/token')
    expect(created.status).toBe(200)
    expect(created.body.token).toStartWith('pp_')
    const later = await browser.get<{ token: null; hasToken: boolean }>('/api/v1/users/me/token')
    expect(later.body.token).toBeNull()
    expect(later.body.hasToken).toBe(true)
    const api = client()
    api.bearer = created.body.token
    const me = await api.get<{ user: UserJson }>('/api/v1/sessions/me')
    expect(me.body.user.id).toBe(member.id)
    // A new token replaces the old one at once.
    await browser.post('/api/v1/users/me/token')
    expect((await api.get('/api/v1/sessions/me')).status).toBe(401)

    const { team: small } = await buildTeam(db, { plan: 'team49' })
    const cheap = await loggedIn(await buildUser(db, { teamId: small.id }))
    expect((await cheap.post('/api/v1/users/me/token')).status).toBe(403)
    const solo = await loggedIn(await buildUser(db))
    expect((await solo.get('/api/v1/users/me/token')).status).toBe(403)
  })

  test('a bearer request carries no session: no cookies are needed and none are set', async () => {
    const { team } = await buildTeam(db, { plan: 'enterprise45peruser' })
    const browser = await loggedIn(await buildUser(db, { teamId: team.id }))
    const { body } = await browser.post<{ token: string }>('/api/v1/users/me/token')
    const api = client()
    api.bearer = body.token
    const res = await api.put<{ user: UserJson }>(
      '/api/v1/users/me',
      { name: 'Via token' },
      { headers: { origin: 'https://integration.example' } },
    )
    expect(res.status).toBe(200)
    expect(res.body.user.name).toBe('Via token')
    expect(api.cookies.size).toBe(0)
    const count = await db.select().from(sessions).where(eq(sessions.userId, res.body.user.id))
    expect(count.length).toBe(1)
  })
})
