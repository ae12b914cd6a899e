import { describe, expect, test } from 'bun:test'
import { buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { createTestApp } from '../../testing/harness'

const { context, client } = await createTestApp()
const { db } = context.database

async function member() {
  const user = await buildUser(db)
  const browser = client()
  expect(
    (await browser.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })).status,
  ).toBe(200)
  return browser
}

describe('guided tours seen (members, server-side)', () => {
  test('none at first; a finished tour is remembered with its date, and stays first-seen', async () => {
    const browser = await member()
    expect((await browser.get('/api/v1/users/me/tours')).body).toEqual({ tours: {} })
    context.clock.set('2026-11-24T10:00:00Z')
    const seen = await browser.put<{ tours: Record<string, string> }>('/api/v1/users/me/tours/dashboard')
    expect(seen.status).toBe(200)
    expect(seen.body.tours).toEqual({ dashboard: '2026-11-24T10:00:00.000Z' })
    context.clock.set('2026-11-25T10:00:00Z')
    await browser.put('/api/v1/users/me/tours/canvas')
    await browser.put('/api/v1/users/me/tours/dashboard')
    context.clock.reset()
    expect((await browser.get('/api/v1/users/me/tours')).body).toEqual({
      tours: { dashboard: '2026-11-24T10:00:00.000Z', canvas: '2026-11-25T10:00:00.000Z' },
    })
  })

  test('a new session (another device) sees the same tours as seen', async () => {
    const user = await buildUser(db)
    const first = client()
    await first.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })
    await first.put('/api/v1/users/me/tours/dashboard')
    const second = client()
    await second.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })
    const res = await second.get<{ tours: Record<string, string> }>('/api/v1/users/me/tours')
    expect(Object.keys(res.body.tours)).toEqual(['dashboard'])
  })

  test('an unknown tour is a 404 and nothing is stored', async () => {
    const browser = await member()
    expect((await browser.put('/api/v1/users/me/tours/billing')).status).toBe(404)
    expect((await browser.get('/api/v1/users/me/tours')).body).toEqual({ tours: {} })
  })

  test('guests keep theirs in the browser (403); anonymous callers get 401', async () => {
    const guest = client()
    const login = await guest.post('/api/v1/guests', {
      email: `guest.${Date.now()}@example.test`,
      name: 'Guest',
    })
    expect(login.status).toBe(200)
    expect((await guest.put('/api/v1/users/me/tours/guest-canvas')).status).toBe(403)
    expect((await client().get('/api/v1/users/me/tours')).status).toBe(401)
  })
})
