import { describe, expect, test } from 'bun:test'
import type { User } from '@pinpoint/db'
import { ssoConfigs, ssoDomains } from '@pinpoint/db'
import { buildTeam, buildUser, DEFAULT_PASSWORD, uniqueSuffix } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import { createSecretBox } from '../../platform/security/secret-box'
import { createTestApp } from '../../testing/harness'
import type { TestClient } from '../../testing/http'
import type { UserJson } from '../auth/serialize'
import type { SsoSettingsJson } from './service'

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
const settings = (...emailDomains: string[]) => ({
  enabled: true,
  emailDomains,
  issuer: 'https://idp.example',
  clientId: 'client',
  clientSecret: 'the-client-secret',
})

async function ssoTeam(plan: Parameters<typeof buildTeam>[1], enabled: boolean) {
  const built = await buildTeam(db, plan)
  const on = domain()
  await db.insert(ssoConfigs).values({ teamId: built.team.id, enabled })
  await db.insert(ssoDomains).values({ domain: on, teamId: built.team.id })
  return { ...built, domain: on }
}

describe('GET /sso-login-url', () => {
  test('NotFound unless an enabled SSO config on an enterprise plan owns the domain', async () => {
    const res = await client().get<ErrorBody>(
      `/api/v1/sso-login-url?emailDomain=${domain()}&nextUrl=/dashboard`,
    )
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('No single sign-on is set up for this domain.')
    const disabled = await ssoTeam({ plan: 'enterprise35peruser' }, false)
    expect((await client().get(`/api/v1/sso-login-url?emailDomain=${disabled.domain}`)).status).toBe(404)
    const small = await ssoTeam({ plan: 'team49' }, true)
    expect((await client().get(`/api/v1/sso-login-url?emailDomain=${small.domain}`)).status).toBe(404)
  })

  test('an SSO domain gets the start URL of the OIDC flow, with a page of this site to return to', async () => {
    const { domain: on } = await ssoTeam({ plan: 'enterprise45peruseryearly' }, true)
    const res = await client().get<{ url: string; required: boolean }>(
      `/api/v1/sso-login-url?emailDomain=${on.toUpperCase()}&nextUrl=${encodeURIComponent('/link/abc/')}`,
    )
    expect(res.status).toBe(200)
    const url = new URL(res.body.url)
    expect(url.origin).toBe(context.config.publicUrl)
    expect(url.pathname).toBe('/api/v1/sso/start')
    expect(url.searchParams.get('domain')).toBe(on)
    expect(url.searchParams.get('next')).toBe('/link/abc/')
    expect(res.body.required).toBe(false)
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
  test('the owner on an enterprise plan reads and saves; the secret is write-only and sealed at rest', async () => {
    const { team, owner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const browser = await as(owner)
    const empty = await browser.get<{ ssoSettings: SsoSettingsJson }>(`/api/v1/teams/${team.id}/sso-settings`)
    expect(empty.body.ssoSettings).toEqual({
      enabled: false,
      ssoOnly: false,
      emailDomains: [],
      issuer: null,
      clientId: null,
      hasClientSecret: false,
      redirectUri: `${context.config.publicUrl}/api/v1/sso/callback`,
    })
    const incomplete = await browser.post<ErrorBody>(`/api/v1/teams/${team.id}/sso-settings`, {
      enabled: true,
    })
    expect(incomplete.status).toBe(422)
    const [first, second] = [domain(), domain()]
    const saved = await browser.post<{ ssoSettings: SsoSettingsJson }>(
      `/api/v1/teams/${team.id}/sso-settings`,
      { ...settings(`@${first.toUpperCase()}`, second, first), ssoOnly: true },
    )
    expect(saved.status).toBe(200)
    expect(saved.body.ssoSettings).toMatchObject({
      enabled: true,
      ssoOnly: true,
      emailDomains: [first, second].sort(),
      issuer: 'https://idp.example',
      clientId: 'client',
      hasClientSecret: true,
    })
    expect(saved.text).not.toContain('the-client-secret')
    const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, team.id))
    expect(row?.clientSecret).not.toContain('the-client-secret')
    const box = createSecretBox(context.config.secretKeys)
    expect(box.open(row?.clientSecret ?? '', `sso_configs:${team.id}:client_secret`)).toBe(
      'the-client-secret',
    )
    // Bound to its row: the sealed value copied to another team does not open.
    expect(() => box.open(row?.clientSecret ?? '', 'sso_configs:other:client_secret')).toThrow()

    const me = await browser.get<{ user: UserJson }>('/api/v1/sessions/me')
    expect(me.body.user.Team?.SSOConfig).toEqual({ enabled: true })
    const routed = await client().get<{ required: boolean }>(`/api/v1/sso-login-url?emailDomain=${second}`)
    expect(routed.body.required).toBe(true)
    // Keeping the stored secret and domains when the form sends neither.
    const toggled = await browser.post<{ ssoSettings: SsoSettingsJson }>(
      `/api/v1/teams/${team.id}/sso-settings`,
      { enabled: false, clientSecret: '' },
    )
    expect(toggled.body.ssoSettings).toMatchObject({ enabled: false, hasClientSecret: true })
    expect(toggled.body.ssoSettings.emailDomains).toHaveLength(2)
    expect((await client().get(`/api/v1/sso-login-url?emailDomain=${second}`)).status).toBe(404)
    const dropped = await browser.post<{ ssoSettings: SsoSettingsJson }>(
      `/api/v1/teams/${team.id}/sso-settings`,
      { emailDomains: [second] },
    )
    expect(dropped.body.ssoSettings.emailDomains).toEqual([second])
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
    expect((await client().post(`/api/v1/teams/${team.id}/sso-settings/test`, {})).status).toBe(401)
    const taken = domain()
    const browser = await as(owner)
    expect((await browser.post(`/api/v1/teams/${team.id}/sso-settings`, settings(taken))).status).toBe(200)
    const { team: second, owner: secondOwner } = await buildTeam(db, { plan: 'enterprise35peruser' })
    const conflict = await (await as(secondOwner)).post<ErrorBody>(
      `/api/v1/teams/${second.id}/sso-settings`,
      settings(domain(), taken),
    )
    expect(conflict.status).toBe(409)
    expect(conflict.body.message).toBe(
      'Another team already uses one of these e-mail domains for single sign-on.',
    )
    // Plain http only for hosts SSO_ALLOW_HOSTS names (none here).
    for (const issuer of ['http://insecure.example', 'http://127.0.0.1:9', 'https://idp.example/?q=1']) {
      expect((await browser.post(`/api/v1/teams/${team.id}/sso-settings`, { issuer })).status).toBe(422)
    }
    const tooMany = Array.from({ length: 21 }, () => domain())
    expect(
      (await browser.post(`/api/v1/teams/${team.id}/sso-settings`, { emailDomains: tooMany })).status,
    ).toBe(422)
  })
})
