/**
 * The page guard over real HTTP (a listening server, fetch with redirect: 'manual'), with a built shell
 * page in a temporary root so the embedded bootstrap can be checked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { users } from '@pinpoint/db'
import { buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { PAGE_ROUTES } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { createApp } from '../app'
import { LOGIN_STATUS_COOKIE, SESSION_COOKIE } from '../modules/auth/cookies'
import { createTestContext } from '../testing/harness'
import { BOOTSTRAP_ELEMENT_ID, type PageBootstrap } from './bootstrap'
import { guardRedirect } from './guard'

const root = mkdtempSync(join(tmpdir(), 'pinpoint-guard-'))
mkdirSync(join(root, 'shell', 'dist'), { recursive: true })
writeFileSync(
  join(root, 'shell', 'dist', 'index.html'),
  '<!doctype html><html><head><title>Pinpoint</title></head><body><div id="root"></div></body></html>',
)

const context = await createTestContext()
const { db } = context.database
const app = createApp({ ...context, config: { ...context.config, rootDir: root } })
let base = ''

beforeAll(() => {
  app.listen({ port: 0, hostname: '127.0.0.1' })
  base = `http://127.0.0.1:${app.server?.port}`
})
afterAll(async () => {
  await app.stop()
  rmSync(root, { recursive: true, force: true })
})

function page(path: string, cookie = '') {
  return fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
}

async function cookiesFor(email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

async function guestCookies(): Promise<string> {
  const res = await fetch(`${base}/api/v1/guests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `guest-${crypto.randomUUID()}@example.test`, name: 'Guest' }),
  })
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

function bootstrapOf(html: string): PageBootstrap {
  const match = new RegExp(
    `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html)
  return JSON.parse(match?.[1] ?? 'null') as PageBootstrap
}

describe('login-required pages', () => {
  test('a logged-out visitor gets 307 to /login with the page to come back to', async () => {
    for (const path of [
      '/dashboard',
      '/dashboard/folders/1?sort=name',
      '/settings/profile',
      '/settings/labels',
      '/team',
      '/billing/invoices',
    ]) {
      const res = await page(path)
      expect(res.status).toBe(307)
      expect(res.headers.get('location')).toBe(`/login?${new URLSearchParams({ next: path })}`)
    }
  })

  test('a page flagged for sign-up sends logged-out visitors to /signup', async () => {
    const res = await page('/plans/team49')
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toStartWith('/signup?next=')
  })

  test('guests count as logged out', async () => {
    const res = await page('/dashboard', await guestCookies())
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toStartWith('/login')
  })

  test('a logged-in member gets the page with the user embedded, escaped', async () => {
    const user = await buildUser(db, { name: 'Eve </script><script>alert(1)</script>' })
    const cookie = await cookiesFor(user.email)
    const res = await page('/dashboard', cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('private')
    // A signed-in page is framed by the app only (a proxied site's script must not frame it).
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'")
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    const html = await res.text()
    expect(html).not.toContain('</script><script>alert(1)')
    const data = bootstrapOf(html)
    expect(data.loginStatus).toBe('member')
    expect((data.user as { id: string; name: string }).id).toBe(user.id)
    expect((data.user as { name: string }).name).toBe('Eve </script><script>alert(1)</script>')
    expect(html.indexOf(BOOTSTRAP_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'))
    expect(html).not.toContain('argon2')
  })
})

describe('logged-out-only pages', () => {
  test('a logged-in member is sent to /dashboard (or a safe next, keeping an invite code)', async () => {
    const user = await buildUser(db)
    const cookie = await cookiesFor(user.email)
    const expectations: [string, string][] = [
      ['/login', '/dashboard'],
      ['/signup', '/dashboard'],
      ['/login?next=%2Fteam%2Fmembers', '/team/members'],
      ['/login?next=%2F%2Fevil.example', '/dashboard'],
      ['/signup?inviteCode=abc123', '/dashboard?inviteCode=abc123'],
    ]
    for (const [path, location] of expectations) {
      const res = await page(path, cookie)
      expect(res.status).toBe(307)
      expect(res.headers.get('location')).toBe(location)
    }
  })

  test('logged-out visitors and guests get the login and sign-up pages', async () => {
    expect((await page('/login')).status).toBe(200)
    const res = await page('/signup', await guestCookies())
    expect(res.status).toBe(200)
    expect(bootstrapOf(await res.text()).loginStatus).toBe('guest')
  })
})

describe('public pages and stale cookies', () => {
  test('the feedback link is served to everyone; anonymous visitors get user null', async () => {
    for (const path of [
      '/link/acme/',
      '/link/acme/v/2/',
      '/link/acme/comment/abc/',
      '/link?subdomain=acme',
      '/',
    ]) {
      const res = await page(path)
      expect(res.status).toBe(200)
      expect(bootstrapOf(await res.text())).toEqual({
        user: null,
        loginStatus: null,
        impersonatedUserId: null,
        // Analytics off by default (no ANALYTICS_URL); the tracking cookies of SPEC 9 on.
        tracking: { events: false, cookies: true },
      })
    }
  })

  test('a session cookie that no longer works is expired, and the visitor is treated as logged out', async () => {
    const res = await page('/dashboard', `${SESSION_COOKIE}=revoked; ${LOGIN_STATUS_COOKIE}=member`)
    expect(res.status).toBe(307)
    const expired = res.headers.getSetCookie()
    expect(expired.some((line) => line.startsWith(`${SESSION_COOKIE}=;`) && line.includes('Max-Age=0'))).toBe(
      true,
    )
    expect(expired.some((line) => line.startsWith(`${LOGIN_STATUS_COOKIE}=;`))).toBe(true)
  })

  test('a staff member impersonating sees the target embedded, with impersonatedUserId', async () => {
    const staff = await buildUser(db, { isStaff: true })
    const target = await buildUser(db)
    const cookie = await cookiesFor(staff.email)
    const start = await fetch(`${base}/api/v1/sessions/impersonation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ userId: target.id }),
    })
    const impersonation = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const data = bootstrapOf(await (await page('/dashboard', `${cookie}; ${impersonation}`)).text())
    expect((data.user as { id: string }).id).toBe(target.id)
    expect(data.impersonatedUserId).toBe(target.id)
    await db.update(users).set({ isStaff: false }).where(eq(users.id, staff.id))
    const after = bootstrapOf(await (await page('/dashboard', `${cookie}; ${impersonation}`)).text())
    expect((after.user as { id: string }).id).toBe(staff.id)
  })
})

describe('every route of the shared page table (PAGE_ROUTES), over HTTP', () => {
  test('anonymous visitors, guests and members get what the route’s access says', async () => {
    const member = await cookiesFor((await buildUser(db)).email)
    const guest = await guestCookies()
    for (const route of PAGE_ROUTES) {
      const path = route.path.replace(/:[^/]+/g, 'sample1')
      for (const [who, cookie] of [
        ['anonymous', ''],
        ['guest', guest],
        ['member', member],
      ] as const) {
        const res = await page(path, cookie)
        const where = `${path} for ${who}`
        const loggedIn = who === 'member'
        if (route.access === 'login-required' && !loggedIn) {
          expect(res.status, where).toBe(307)
          const to = 'sendToSignup' in route && route.sendToSignup ? '/signup' : '/login'
          expect(res.headers.get('location'), where).toBe(`${to}?${new URLSearchParams({ next: path })}`)
        } else if (route.access === 'logged-out-only' && loggedIn) {
          expect([res.status, res.headers.get('location')], where).toEqual([307, '/dashboard'])
        } else {
          expect(res.status, where).toBe(200)
          expect(res.headers.get('content-type'), where).toContain('text/html')
        }
      }
    }
  })

  test('a shared project page is public: served to anonymous visitors with no redirect', async () => {
    const res = await page('/projects/abc123')
    expect(res.status).toBe(200)
    expect(bootstrapOf(await res.text()).user).toBeNull()
  })
})

describe('guardRedirect (the table)', () => {
  test('unknown pages are public; exact prefixes only', () => {
    const at = (path: string) => new URL(path, 'http://localhost')
    expect(guardRedirect(at('/dashboards-are-public'), false)).toBeNull()
    expect(guardRedirect(at('/reset-password?token=x'), true)).toBeNull()
    expect(guardRedirect(at('/login?next=%2Fsignup'), true)).toBe('/dashboard')
  })
})
