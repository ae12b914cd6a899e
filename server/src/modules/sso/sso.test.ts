import { describe, expect, test } from 'bun:test'
import type { User } from '@pinpoint/db'
import { ssoConfigs } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD, uniqueSuffix } from '@pinpoint/db/testing'
import { createTestApp } from '../../testing/harness'
import type { TestClient } from '../../testing/http'
import type { UserJson } from '../auth/serialize'
import { SSO_NOT_AVAILABLE_MESSAGE, type SsoSettingsJson } from './service'

const { context, client } = await createTestApp()
const { db } = context.database

type ErrorBody = { message: string; error: string; status: number; meta: Record<string, unknown> }

async function as(user: User): Promise<TestClient> {
  const browser = client()
  expect(
    (await browser.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })).status,
  ).toBe(200)
  return browser
}

const domain = () => `corp-${uniqueSuffix().replace(/[^a-z0-9]/g, '')}.example`
const settings = (emailDomain: string) => ({
  enabled: true,
  emailDomain,
  issuer: 'https://idp.example',
  clientId: 'client',
  clientSecret: 'secret',
})

describe('GET /sso-login-url', () => {
  test('NotFound unless an enabled SSO config on an enterprise plan owns the domain', async () => {
    const res = await client().get<ErrorBody>(
      `/api/v1/sso-login-url?emailDomain=${domain()}&nextUrl=/dashboard`,
    )
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('No single sign-on is set up for this domain.')

    const { team: disabled } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const off = domain()
    await db.insert(ssoConfigs).values({ teamId: disabled.id, enabled: false, emailDomain: off })
    expect((await client().get(`/api/v1/sso-login-url?emailDomain=${off}`)).status).toBe(404)

    const { team: small } = await buildTeam(db, { plan: 'team49' })
    const notEnterprise = domain()
    await db.insert(ssoConfigs).values({ teamId: small.id, enabled: true, emailDomain: notEnterprise })
    expect((await client().get(`/api/v1/sso-login-url?emailDomain=${notEnterprise}`)).status).toBe(404)
  })

  test('an SSO domain is told plainly that SSO login is not available, never sent to a missing route', async () => {
    const { team } = await buildTeam(db, { plan: 'enterprise45peruseryearly' })
    const on = domain()
    await db.insert(ssoConfigs).values({ teamId: team.id, enabled: true, emailDomain: on })
    const res = await client().get<ErrorBody>(
      `/api/v1/sso-login-url?emailDomain=${on.toUpperCase()}&nextUrl=${encodeURIComponent('/link/abc/')}`,
    )
    // Decision 037: no OIDC flow yet, so no URL to /api/v1/sso/start (it would answer a JSON 404).
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('SsoNotAvailable')
    expect(res.body.message).toBe(SSO_NOT_AVAILABLE_MESSAGE)
    expect(res.text).not.toContain('/sso/start')
    expect((await client().get<ErrorBody>('/api/v1/sso/start')).status).toBe(404)
    const evil = await client().get(
      `/api/v1/sso-login-url?emailDomain=${on}&nextUrl=${encodeURIComponent('https://evil.example/')}`,
    )
    expect(evil.status).toBe(422)
    expect(
      (await client().get(`/api/v1/sso-login-url?emailDomain=${on}&nextUrl=//evil.example`)).status,
    ).toBe(422)
    expect((await client().get('/api/v1/sso-login-url?emailDomain=not a domain')).status).toBe(422)
  })
})

describe('GET and POST /teams/:id/sso-settings', () => {
  test('the owner on an enterprise plan reads and saves; the secret is write-only; the user JSON shows SSO on', async () => {
    const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const browser = await as(owner)
    const empty = await browser.get<{ ssoSettings: SsoSettingsJson }>(`/api/v1/teams/${team.id}/sso-settings`)
    expect(empty.body.ssoSettings).toEqual({
      enabled: false,
      emailDomain: null,
      issuer: null,
      clientId: null,
      hasClientSecret: false,
    })
    const incomplete = await browser.post<ErrorBody>(`/api/v1/teams/${team.id}/sso-settings`, {
      enabled: true,
    })
    expect(incomplete.status).toBe(422)
    const on = domain()
    const saved = await browser.post<{ ssoSettings: SsoSettingsJson }>(
      `/api/v1/teams/${team.id}/sso-settings`,
      settings(`@${on.toUpperCase()}`),
    )
    expect(saved.status).toBe(200)
    expect(saved.body.ssoSettings).toEqual({
      enabled: true,
      emailDomain: on,
      issuer: 'https://idp.example',
      clientId: 'client',
      hasClientSecret: true,
    })
    expect(saved.text).not.toContain('secret"')
    const me = await browser.get<{ user: UserJson }>('/api/v1/sessions/me')
    expect(me.body.user.Team?.SSOConfig).toEqual({ enabled: true })
    expect((await client().get(`/api/v1/sso-login-url?emailDomain=${on}`)).status).toBe(409)
    // Keeping the stored secret when the form sends none.
    const toggled = await browser.post<{ ssoSettings: SsoSettingsJson }>(
      `/api/v1/teams/${team.id}/sso-settings`,
      { enabled: false, clientSecret: '' },
    )
    expect(toggled.body.ssoSettings).toMatchObject({ enabled: false, hasClientSecret: true })
  })

  test('refused: team49 owner, admins, members, other teams, anonymous; a taken domain is a Conflict', async () => {
    const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const admin = await buildUser(db, { teamId: team.id, role: 'admin' })
    const { team: small, owner: smallOwner } = await buildTeam(db, { plan: 'team49' })
    expect((await (await as(smallOwner)).get(`/api/v1/teams/${small.id}/sso-settings`)).status).toBe(403)
    expect(
      (await (await as(admin)).post(`/api/v1/teams/${team.id}/sso-settings`, settings(domain()))).status,
    ).toBe(403)
    const { owner: otherOwner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    expect((await (await as(otherOwner)).get(`/api/v1/teams/${team.id}/sso-settings`)).status).toBe(403)
    expect((await client().get(`/api/v1/teams/${team.id}/sso-settings`)).status).toBe(401)
    const taken = domain()
    const browser = await as(owner)
    expect((await browser.post(`/api/v1/teams/${team.id}/sso-settings`, settings(taken))).status).toBe(200)
    const { team: second, owner: secondOwner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    expect(
      (await (await as(secondOwner)).post(`/api/v1/teams/${second.id}/sso-settings`, settings(taken))).status,
    ).toBe(409)
    expect(
      (await browser.post(`/api/v1/teams/${team.id}/sso-settings`, { issuer: 'http://insecure.example' }))
        .status,
    ).toBe(422)
  })
})
