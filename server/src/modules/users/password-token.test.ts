/**
 * Issue 21 item 6: an API token survived a password change. Changing the password now revokes it (the
 * answer says so, and the settings screen tells the user); other sessions end as before.
 */
import { expect, test } from 'bun:test'
import { buildTeam, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { createTestApp } from '../../testing/harness'

const { context, client } = await createTestApp()

test('a password change revokes the API token', async () => {
  const { owner } = await buildTeam(context.database.db, { plan: 'enterprise35peruser' })
  const browser = client()
  await browser.post('/api/v1/sessions', { email: owner.email, password: DEFAULT_PASSWORD })
  const created = await browser.post<{ token: string }>('/api/v1/users/me/token')
  expect(created.status).toBe(200)
  const integration = client()
  integration.bearer = created.body.token
  expect((await integration.get('/api/v1/sessions/me')).status).toBe(200)

  const changed = await browser.put<{ success: boolean; apiTokenRevoked: boolean }>(
    '/api/v1/users/me/password',
    {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'a-brand-new-password-7',
    },
  )
  expect(changed.status).toBe(200)
  expect(changed.body).toEqual({ success: true, apiTokenRevoked: true })
  expect((await integration.get('/api/v1/sessions/me')).status).toBe(401)
  expect((await browser.get<{ hasToken: boolean }>('/api/v1/users/me/token')).body.hasToken).toBe(false)

  // Without a token there is nothing to revoke, and the answer says so.
  const again = await browser.put<{ apiTokenRevoked: boolean }>('/api/v1/users/me/password', {
    currentPassword: 'a-brand-new-password-7',
    newPassword: 'another-new-password-8',
  })
  expect(again.body.apiTokenRevoked).toBe(false)
})
