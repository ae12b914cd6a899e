/**
 * Issue 21 item 3 (decision 028): failed logins for one account spread over many addresses must not lock
 * its owner out, and must not let the guessing go on. After the account's failure limit, every attempt
 * gets the same answer (a guesser cannot tell a right password), a right password e-mails a one-time
 * login link through the mailer, and the link logs the owner in from a fresh address.
 */
import { describe, expect, test } from 'bun:test'
import { outboxEmails } from '@pinpoint/db'
import { buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { and, desc, eq } from 'drizzle-orm'
import { LIMITS } from '../../platform/rate-limit'
import { createTestApp } from '../../testing/harness'

const { context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

/** One attempt from its own address (a botnet: no per-address limit ever applies). */
let address = 0
function attempt(email: string, password: string) {
  address += 1
  return client().post<ErrorBody>(
    '/api/v1/sessions',
    { email, password },
    { headers: { 'x-forwarded-for': `198.18.${Math.floor(address / 250)}.${address % 250}` } },
  )
}

async function loginLinkMails(to: string) {
  return db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, 'login-link')))
    .orderBy(desc(outboxEmails.createdAt))
}

async function waitForMail(to: string) {
  for (let i = 0; i < 100; i++) {
    const [mail] = await loginLinkMails(to)
    if (mail) return mail
    await Bun.sleep(50)
  }
  throw new Error('no login-link e-mail')
}

describe('distributed guessing against one account', () => {
  test('after 100 failures from 100 addresses, guesses stay throttled and a right guess gives no session', async () => {
    const victim = await buildUser(db)
    const statuses: number[] = []
    for (let i = 0; i < 100; i++) statuses.push((await attempt(victim.email, `guess-${i}`)).status)
    const limit = LIMITS.loginEmailFailures.limit
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true)

    // The attacker's right guess looks exactly like a wrong one and logs nobody in.
    const wrong = await attempt(victim.email, 'still-guessing')
    const right = await attempt(victim.email, DEFAULT_PASSWORD)
    for (const res of [wrong, right]) {
      expect(res.status).toBe(429)
      expect(res.body.error).toBe('LoginLinkRequired')
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(res.headers.get('set-cookie') ?? '').not.toContain('pinpoint_session=')
    }
    expect(right.body.message).toBe(wrong.body.message)
    // The right guess e-mailed the owner (who learns someone knows the password); wrong ones never do.
    await waitForMail(victim.email)
    await Bun.sleep(100)
    expect((await loginLinkMails(victim.email)).length).toBe(1)
  }, 60_000)

  test('login-link e-mails are capped per account, so guessers cannot flood the inbox', async () => {
    const victim = await buildUser(db)
    for (let i = 0; i < LIMITS.loginEmailFailures.limit; i++) await attempt(victim.email, `guess-${i}`)
    for (let i = 0; i < 6; i++) expect((await attempt(victim.email, DEFAULT_PASSWORD)).status).toBe(429)
    await Bun.sleep(300)
    expect((await loginLinkMails(victim.email)).length).toBe(LIMITS.loginLinkEmail.limit)
  }, 60_000)
})

describe('the owner still gets in', () => {
  test('the right password from a fresh address e-mails a link that logs in once', async () => {
    const owner = await buildUser(db)
    for (let i = 0; i < 100; i++) await attempt(owner.email, `guess-${i}`)

    const res = await attempt(owner.email, DEFAULT_PASSWORD)
    expect(res.status).toBe(429)
    expect(res.body.message).toContain('e-mailed a one-time login link')
    const mail = await waitForMail(owner.email)
    const link = /(http[^\s"<>]*\/login-link\?token=([A-Za-z0-9_%-]+))/.exec(mail.text ?? '')
    expect(link?.[1]).toStartWith(`${context.config.publicUrl}/login-link?token=`)
    const token = decodeURIComponent(link?.[2] ?? '')

    const browser = client()
    const opened = await browser.post<{ user: { id: string } }>(
      '/api/v1/sessions/login-link',
      { token },
      { headers: { 'x-forwarded-for': '192.0.2.200' } },
    )
    expect(opened.status).toBe(200)
    expect(opened.body.user.id).toBe(owner.id)
    const me = await browser.get<{ user: { id: string } }>('/api/v1/sessions/me')
    expect(me.status).toBe(200)
    expect(me.body.user.id).toBe(owner.id)

    // Single use, and no use as a password-reset token.
    const again = await client().post<ErrorBody>('/api/v1/sessions/login-link', { token })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('InvalidLoginLink')
    const asReset = await client().post<ErrorBody>('/api/v1/password-resets/complete', {
      token,
      newPassword: 'an-attacker-password-1',
    })
    expect(asReset.status).toBe(400)
  }, 60_000)

  test('an unknown or expired link is refused', async () => {
    const owner = await buildUser(db)
    for (let i = 0; i < LIMITS.loginEmailFailures.limit; i++) await attempt(owner.email, `guess-${i}`)
    await attempt(owner.email, DEFAULT_PASSWORD)
    const mail = await waitForMail(owner.email)
    const token = decodeURIComponent(/login-link\?token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? '')?.[1] ?? '')
    expect((await client().post('/api/v1/sessions/login-link', { token: 'nope' })).status).toBe(400)
    context.clock.advance(16 * 60_000)
    try {
      expect((await client().post('/api/v1/sessions/login-link', { token })).status).toBe(400)
    } finally {
      context.clock.reset()
    }
  }, 60_000)
})
