import { describe, expect, test } from 'bun:test'
import { initialVisitSummary, parseInitialVisit, parseUserInfo, serializeUserInfo } from './tracking-cookies'

describe('initial-visit cookie', () => {
  test('parses what the browser wrote', () => {
    const raw = JSON.stringify({ url: '/signup?plan=team49', referrer: 'https://news.example/item?id=1' })
    expect(parseInitialVisit(raw)).toEqual({
      url: '/signup?plan=team49',
      referrer: 'https://news.example/item?id=1',
    })
  })

  test('refuses anything else: bad JSON, absolute landing URLs, missing url', () => {
    expect(parseInitialVisit('{bad')).toBeNull()
    expect(parseInitialVisit(JSON.stringify({ url: 'https://evil.example/' }))).toBeNull()
    expect(parseInitialVisit(JSON.stringify({ referrer: 'x' }))).toBeNull()
    expect(parseInitialVisit(null)).toBeNull()
  })

  test('cuts long values', () => {
    const visit = parseInitialVisit(
      JSON.stringify({ url: `/${'a'.repeat(3000)}`, referrer: 'r'.repeat(3000) }),
    )
    expect(visit?.url.length).toBe(1000)
    expect(visit?.referrer?.length).toBe(1000)
  })

  test('analytics sees the referrer host and the landing path, never the query', () => {
    expect(
      initialVisitSummary({ url: '/signup?coupon=X#top', referrer: 'https://blog.example:8443/post?u=me' }),
    ).toEqual({ landingPath: '/signup', referrerHost: 'blog.example:8443' })
    expect(initialVisitSummary({ url: '/', referrer: 'not a url' })).toEqual({ landingPath: '/' })
    expect(initialVisitSummary(null)).toEqual({})
  })
})

describe('user-info cookie', () => {
  test('round-trips id, guest flag and plan only', () => {
    const raw = serializeUserInfo({ id: 'u1', isGuest: false, planId: 'team49' })
    expect(JSON.parse(raw)).toEqual({ id: 'u1', isGuest: false, planId: 'team49' })
    expect(parseUserInfo(raw)).toEqual({ id: 'u1', isGuest: false, planId: 'team49' })
  })

  test('never carries more than it is given to carry', () => {
    const extra = { id: 'u1', isGuest: true, planId: null, email: 'a@b.c', name: 'Ada' }
    expect(serializeUserInfo(extra)).not.toContain('a@b.c')
    expect(serializeUserInfo(extra)).not.toContain('Ada')
  })

  test('refuses a value without an id', () => {
    expect(parseUserInfo('{}')).toBeNull()
    expect(parseUserInfo('nope')).toBeNull()
  })
})
