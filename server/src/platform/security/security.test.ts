import { describe, expect, test } from 'bun:test'
import { sessions } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { hashToken } from '../../modules/auth/tokens'
import { createTestApp } from '../../testing/harness'
import { createClientIpResolver } from './client-ip'
import { isValidEmail, normalizeEmail } from './email'

const { app, context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

describe('login brute force', () => {
  test('50 tries from one address are throttled with 429 + Retry-After; the owner still logs in from elsewhere', async () => {
    const victim = await buildUser(db)
    const attacker = { 'x-forwarded-for': '203.0.113.66' }
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 50; i++) {
      const res = await client().post<ErrorBody>(
        '/api/v1/sessions',
        { email: victim.email, password: `guess-${i}` },
        { headers: attacker },
      )
      statuses.push(res.status)
      if (res.status === 429) retryAfter = res.headers.get('retry-after')
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60)
    // Even the right password is refused from the throttled address...
    const blocked = await client().post<ErrorBody>(
      '/api/v1/sessions',
      { email: victim.email, password: DEFAULT_PASSWORD },
      { headers: attacker },
    )
    expect(blocked.status).toBe(429)
    expect(blocked.body.error).toBe('TooManyRequests')
    // ...but the owner, from their own address, gets in.
    const owner = await client().post(
      '/api/v1/sessions',
      { email: victim.email, password: DEFAULT_PASSWORD },
      { headers: { 'x-forwarded-for': '198.51.100.7' } },
    )
    expect(owner.status).toBe(200)
  }, 30_000)

  test('the window passes: the address may try again later', async () => {
    const user = await buildUser(db)
    const address = { 'x-forwarded-for': '203.0.113.77' }
    for (let i = 0; i < 31; i++)
      await client().post(
        '/api/v1/sessions',
        { email: user.email, password: 'wrong-one' },
        { headers: address },
      )
    expect(
      (
        await client().post(
          '/api/v1/sessions',
          { email: user.email, password: DEFAULT_PASSWORD },
          { headers: address },
        )
      ).status,
    ).toBe(429)
    context.clock.advance(16 * 60 * 1000)
    try {
      expect(
        (
          await client().post(
            '/api/v1/sessions',
            { email: user.email, password: DEFAULT_PASSWORD },
            { headers: address },
          )
        ).status,
      ).toBe(200)
    } finally {
      context.clock.reset()
    }
  }, 30_000)

  test('guest login is limited per address too (60 an hour)', async () => {
    const address = { 'x-forwarded-for': '203.0.113.88' }
    let last = 0
    for (let i = 0; i < 61; i++) {
      last = (
        await client().post(
          '/api/v1/guests',
          { email: `g${i}-${Date.now()}@example.test`, name: 'G' },
          { headers: address },
        )
      ).status
    }
    expect(last).toBe(429)
  }, 30_000)
})

describe('client address', () => {
  const request = new Request('http://localhost/', {
    headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.9' },
  })
  test('X-Forwarded-For is read (its last entry) only when TRUST_PROXY is on', () => {
    expect(createClientIpResolver({ trustProxy: true })(request, null)).toBe('203.0.113.9')
    expect(createClientIpResolver({ trustProxy: false })(request, null)).toBe('unknown')
  })

  test('a listening server records the socket address on the session', async () => {
    const user = await buildUser(db)
    const { createApp } = await import('../../app')
    const server = createApp({ ...context, clientIp: createClientIpResolver({ trustProxy: false }) }).listen({
      port: 0,
      hostname: '127.0.0.1',
    })
    try {
      const res = await fetch(`http://127.0.0.1:${server.server?.port}/api/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '1.2.3.4' },
        body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
      })
      expect(res.status).toBe(200)
      const token = /pinpoint_session=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? ''
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)))
      expect(row?.ip).toBe('127.0.0.1')
    } finally {
      await server.stop()
    }
  })
})

describe('Origin check (CSRF)', () => {
  const post = (headers: Record<string, string>) =>
    app.handle(
      new Request('http://localhost/api/v1/users/me/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      }),
    )

  test('a cookie-carrying request from another site is refused before the handler', async () => {
    const res = await post({ origin: 'https://evil.example', cookie: 'pinpoint_session=whatever' })
    expect(res.status).toBe(403)
    expect(((await res.json()) as ErrorBody).meta.reason).toBe('cross-origin')
  })

  test('a forged login from another site (no cookies) is refused too', async () => {
    const user = await buildUser(db)
    const res = await client().post(
      '/api/v1/sessions',
      { email: user.email, password: DEFAULT_PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    )
    expect(res.status).toBe(403)
    expect(res.headers.getSetCookie()).toEqual([])
  })

  test('Referer is used when Origin is missing; same origin and PUBLIC_URL pass', async () => {
    expect((await post({ referer: 'https://evil.example/page', cookie: 'pinpoint_session=x' })).status).toBe(
      403,
    )
    expect((await post({ origin: 'http://localhost', cookie: 'pinpoint_session=x' })).status).toBe(401)
    expect((await post({ origin: context.config.publicUrl, cookie: 'pinpoint_session=x' })).status).toBe(401)
  })

  test('non-browser requests (no Origin, no Referer) and cookie-less Bearer calls pass', async () => {
    expect((await post({ cookie: 'pinpoint_session=x' })).status).toBe(401)
    const { team } = await buildTeam(db, { plan: 'enterprise35peruser' })
    await buildUser(db, { teamId: team.id, tokenHash: hashToken('pp_origin_test') })
    expect(
      (await post({ origin: 'https://integration.example', authorization: 'Bearer pp_origin_test' })).status,
    ).toBe(200)
    // The same token with cookies attached from a foreign page is refused (the cookies are ambient).
    expect(
      (await post({ origin: 'https://evil.example', authorization: 'Bearer pp_origin_test', cookie: 'a=b' }))
        .status,
    ).toBe(403)
  })

  test('reads are never blocked', async () => {
    const res = await app.handle(
      new Request('http://localhost/api/v1/sessions/me', { headers: { origin: 'https://evil.example' } }),
    )
    expect(res.status).toBe(401)
  })
})

describe('e-mail normalisation', () => {
  test('trims, lowercases and validates', () => {
    expect(normalizeEmail('  Ann.Example@EXAMPLE.com ')).toBe('ann.example@example.com')
    expect(isValidEmail('ann@example.com')).toBe(true)
    for (const bad of [
      'ann',
      'ann@',
      '@example.com',
      'a b@example.com',
      'ann@example',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(isValidEmail(bad)).toBe(false)
    }
  })
})
