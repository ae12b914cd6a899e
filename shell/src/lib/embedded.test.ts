import { describe, expect, test } from 'bun:test'
import { parseEmbeddedBootstrap } from './embedded'

describe('parseEmbeddedBootstrap', () => {
  test('keeps the impersonated user id the server embedded (the banner reads it)', () => {
    const text = JSON.stringify({
      user: { id: 'u1', name: 'Cora' },
      loginStatus: 'member',
      impersonatedUserId: 'u1',
    })
    expect(parseEmbeddedBootstrap(text)).toEqual({
      user: { id: 'u1', name: 'Cora' } as never,
      impersonatedUserId: 'u1',
    })
  })

  test('no impersonation, no user, or something unreadable', () => {
    expect(parseEmbeddedBootstrap(JSON.stringify({ user: { id: 'u1' }, impersonatedUserId: null }))).toEqual({
      user: { id: 'u1' } as never,
      impersonatedUserId: null,
    })
    expect(parseEmbeddedBootstrap(JSON.stringify({ user: null }))).toEqual({ user: null })
    expect(parseEmbeddedBootstrap('not json')).toBeUndefined()
    expect(parseEmbeddedBootstrap(JSON.stringify({ user: 'nobody' }))).toBeUndefined()
  })
})
