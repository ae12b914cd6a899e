/**
 * The user-info cookie of SPEC 9 (3600 s) and the initial-visit cookie read at sign-up, over HTTP.
 */
import { describe, expect, test } from 'bun:test'
import { users } from '@pinpoint/db'
import { buildUser, DEFAULT_PASSWORD, uniqueEmail } from '@pinpoint/db/testing'
import { parseUserInfo, USER_INFO_COOKIE } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { createApp } from '../../app'
import { createTestApp } from '../../testing/harness'
import { TestClient } from '../../testing/http'

const { app, context, client } = await createTestApp()
const { db } = context.database

function userInfoHeader(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith(`${USER_INFO_COOKIE}=`))
}

function infoIn(line: string | undefined) {
  return parseUserInfo(decodeURIComponent(line?.split(';')[0]?.split('=').slice(1).join('=') ?? ''))
}

describe('user-info cookie', () => {
  test('login writes it for 3600 s, readable by the page, with id, guest flag and plan only', async () => {
    const user = await buildUser(db)
    const res = await client().post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })
    const line = userInfoHeader(res.headers)
    expect(line).toContain('Max-Age=3600')
    expect(line).not.toMatch(/HttpOnly/i)
    expect(line).not.toContain(encodeURIComponent(user.email))
    expect(line).not.toContain(user.email)
    expect(infoIn(line)).toEqual({ id: user.id, isGuest: false, planId: null })
  })

  test('sign-up and guest login write it too; GET /sessions/me refreshes it', async () => {
    const browser = client()
    const signed = await browser.post<{ user: { id: string } }>('/api/v1/users', {
      email: uniqueEmail('info'),
      name: 'Info',
      password: 'a good password',
    })
    expect(infoIn(userInfoHeader(signed.headers))).toEqual({
      id: signed.body.user.id,
      isGuest: false,
      planId: 'free0',
    })
    const me = await browser.get('/api/v1/sessions/me')
    expect(userInfoHeader(me.headers)).toContain('Max-Age=3600')
    const guest = await client().post<{ user: { id: string } }>('/api/v1/guests', {
      email: uniqueEmail('guest'),
      name: 'Guest',
    })
    expect(infoIn(userInfoHeader(guest.headers))?.isGuest).toBe(true)
  })

  test('a page served to a signed-in member refreshes it; sign-out clears it', async () => {
    const user = await buildUser(db)
    const browser = client()
    await browser.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })
    const page = await browser.get('/dashboard')
    expect(infoIn(userInfoHeader(page.headers))?.id).toBe(user.id)
    const out = await browser.delete('/api/v1/sessions')
    expect(userInfoHeader(out.headers)).toMatch(/Max-Age=0/)
    expect(browser.cookies.has(USER_INFO_COOKIE)).toBe(false)
  })

  test('a leftover cookie without a session is expired by the next page', async () => {
    const browser = client()
    browser.cookies.set(USER_INFO_COOKIE, encodeURIComponent('{"id":"someone-else","isGuest":false}'))
    const page = await browser.get('/login')
    expect(userInfoHeader(page.headers)).toMatch(/Max-Age=0/)
  })

  test('TRACKING_COOKIES=0: no user-info cookie, and sign-up stores no initial visit', async () => {
    const off = createApp({ ...context, config: { ...context.config, trackingCookies: false } })
    const browser = new TestClient(off)
    browser.cookies.set(
      'pinpoint_initial_visit',
      encodeURIComponent(JSON.stringify({ url: '/x', referrer: null })),
    )
    const res = await browser.post<{ user: { id: string } }>('/api/v1/users', {
      email: uniqueEmail('nocookies'),
      name: 'No cookies',
      password: 'a good password',
      initialVisitData: { url: '/from-body', referrer: null },
    })
    expect(res.status).toBe(201)
    expect(userInfoHeader(res.headers)).toBeUndefined()
    const [row] = await db.select().from(users).where(eq(users.id, res.body.user.id))
    expect(row?.initialVisitData).toBeNull()
  })
})

describe('initial-visit cookie at sign-up', () => {
  test('read from the request when the body has none; a malformed one is ignored', async () => {
    const browser = new TestClient(app)
    browser.cookies.set(
      'pinpoint_initial_visit',
      encodeURIComponent(JSON.stringify({ url: '/features', referrer: 'https://search.example/' })),
    )
    const res = await browser.post<{ user: { id: string } }>('/api/v1/users', {
      email: uniqueEmail('visit'),
      name: 'Visit',
      password: 'a good password',
    })
    const [row] = await db.select().from(users).where(eq(users.id, res.body.user.id))
    expect(row?.initialVisitData).toEqual({ url: '/features', referrer: 'https://search.example/' })

    const bad = new TestClient(app)
    bad.cookies.set('pinpoint_initial_visit', encodeURIComponent('{"url":"https://evil.example/"}'))
    const other = await bad.post<{ user: { id: string } }>('/api/v1/users', {
      email: uniqueEmail('visit'),
      name: 'Visit',
      password: 'a good password',
    })
    const [otherRow] = await db.select().from(users).where(eq(users.id, other.body.user.id))
    expect(otherRow?.initialVisitData).toBeNull()
  })
})
