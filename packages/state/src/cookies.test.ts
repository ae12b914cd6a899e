import { describe, expect, test } from 'bun:test'
import {
  initialVisitCookie,
  initialVisitData,
  parseCookies,
  readInitialVisit,
  readViewMode,
  viewModeCookie,
} from './cookies'
import { pageGuardRedirect, safeNextPath } from './page-guard'

describe('view-mode cookie', () => {
  test('is SameSite=None; Secure and round-trips', () => {
    const cookie = viewModeCookie('mobile')
    expect(cookie).toContain('SameSite=None')
    expect(cookie).toContain('Secure')
    expect(readViewMode(cookie.split(';')[0] ?? '')).toBe('mobile')
    expect(readViewMode('pinpoint_view_mode=tablet')).toBeNull()
  })
})

describe('initial-visit cookie', () => {
  test('strips host, credentials and secret parameters from the landing URL', () => {
    const visit = initialVisitData(
      'https://user:pw@app.example/signup?inviteCode=SECRET&utm_source=news#plans',
      'https://bob:pw@blog.example/post?token=abc&x=1',
    )
    expect(visit).toEqual({ url: '/signup?utm_source=news#plans', referrer: 'https://blog.example/post?x=1' })
  })

  test('no or bad referrer gives null', () => {
    expect(initialVisitData('http://localhost/', '').referrer).toBeNull()
    expect(initialVisitData('http://localhost/', 'not a url').referrer).toBeNull()
  })

  test('lasts 30 days and round-trips through the cookie header', () => {
    const cookie = initialVisitCookie({ url: '/x?a=1', referrer: null }, true)
    expect(cookie).toContain('Max-Age=2592000')
    expect(cookie).toContain('Secure')
    const pair = cookie.split(';')[0] ?? ''
    expect(readInitialVisit(`other=1; ${pair}`)).toEqual({ url: '/x?a=1', referrer: null })
    expect(readInitialVisit('pinpoint_initial_visit=%7Bbad')).toBeNull()
  })

  test('parseCookies keeps the first occurrence', () => {
    expect(parseCookies('a=1; a=2; b=%20x').get('a')).toBe('1')
    expect(parseCookies('b=%20x').get('b')).toBe(' x')
  })
})

describe('page guard', () => {
  const member = { isGuest: false }
  const guest = { isGuest: true }
  test('login-required bounces logged-out visitors and guests to login (or signup when flagged)', () => {
    expect(pageGuardRedirect({ access: 'login-required', user: null, from: '/dashboard' })).toBe(
      '/login?next=%2Fdashboard',
    )
    expect(pageGuardRedirect({ access: 'login-required', user: guest, from: '/' })).toBe('/login')
    expect(pageGuardRedirect({ access: 'login-required', sendToSignup: true, user: null, from: '/' })).toBe(
      '/signup',
    )
    expect(pageGuardRedirect({ access: 'login-required', user: member, from: '/dashboard' })).toBeNull()
  })

  test('logged-out-only bounces logged-in non-guests to the dashboard', () => {
    expect(pageGuardRedirect({ access: 'logged-out-only', user: member, from: '/login' })).toBe('/dashboard')
    expect(pageGuardRedirect({ access: 'logged-out-only', user: guest, from: '/login' })).toBeNull()
    expect(pageGuardRedirect({ access: 'logged-out-only', user: null, from: '/login' })).toBeNull()
    expect(pageGuardRedirect({ access: 'public', user: null, from: '/link/x' })).toBeNull()
  })

  test('safeNextPath refuses other sites', () => {
    expect(safeNextPath('/settings')).toBe('/settings')
    expect(safeNextPath('//evil.example')).toBe('/dashboard')
    expect(safeNextPath('https://evil.example')).toBe('/dashboard')
    expect(safeNextPath(null)).toBe('/dashboard')
  })
})
