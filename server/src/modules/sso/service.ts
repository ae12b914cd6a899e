/**
 * Single sign-on routing and settings (SPEC 6, 7). SSO is on for a team when its config is enabled and the
 * team's plan (the owner's customer) is an enterprise plan; only then does an e-mail domain route a login
 * to the team's identity provider (`/sso/start`, `/sso/callback`: flow.ts, decision 044).
 */
import { ssoConfigs, ssoDomains } from '@pinpoint/db'
import { Conflict, NotFound, ValidationFailed } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import type { Actor } from '../auth/actor'
import { loadTeam } from '../teams/lookup'
import { isUniqueViolation } from '../users/db-errors'
import { findSsoTeamByDomain, ssoStartUrl, teamDomains } from './lookup'
import { discoverProvider, ProviderUnreachable } from './oidc'
import { openClientSecret, sealClientSecret } from './secret'

type Ctx = Pick<AppContext, 'database' | 'config'>

const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
/** More would be an organisation of organisations; ask for it when someone needs it. */
export const MAX_SSO_DOMAINS = 20

export const NO_SSO_MESSAGE = 'No single sign-on is set up for this domain.'

export function parseDomain(raw: string, path = 'emailDomain'): string {
  const domain = raw.trim().toLowerCase().replace(/^@/, '')
  if (!DOMAIN.test(domain)) {
    throw new ValidationFailed(`Please enter an e-mail domain such as example.com (not "${raw.trim()}").`, {
      issues: [{ path, message: 'Not a domain' }],
    })
  }
  return domain
}

/**
 * Where to go after signing in: a path on this site only (an absolute URL to elsewhere would make the login
 * an open redirect).
 */
export function safeNextUrl(raw: string | undefined, publicUrl: string): string {
  if (!raw) return '/dashboard'
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw
  try {
    const url = new URL(raw)
    if (url.origin === new URL(publicUrl).origin) return `${url.pathname}${url.search}${url.hash}`
  } catch {
    // Not a URL: fall through to the refusal.
  }
  throw new ValidationFailed('nextUrl must be a page of this site.', {
    issues: [{ path: 'nextUrl', message: 'Not a page of this site' }],
  })
}

/**
 * GET /sso-login-url: NotFound for a domain without SSO on; otherwise the start URL of the OIDC flow and
 * whether the team allows only SSO (the login page then hides the password field).
 */
export async function ssoLoginUrl(
  ctx: Ctx,
  input: { emailDomain: string; nextUrl?: string },
): Promise<{ url: string; required: boolean }> {
  const domain = parseDomain(input.emailDomain)
  const next = safeNextUrl(input.nextUrl, ctx.config.publicUrl)
  const team = await findSsoTeamByDomain(ctx.database.db, domain)
  if (!team) throw new NotFound(NO_SSO_MESSAGE)
  return { url: ssoStartUrl(ctx.config.publicUrl, domain, next), required: team.ssoOnly }
}

export interface SsoSettingsJson {
  enabled: boolean
  ssoOnly: boolean
  emailDomains: string[]
  issuer: string | null
  clientId: string | null
  /** The client secret is write-only: we only say whether one is stored. */
  hasClientSecret: boolean
  /** Where the provider must send people back: the redirect URI to register there. */
  redirectUri: string
}

export interface SsoSettingsInput {
  enabled?: boolean
  ssoOnly?: boolean
  emailDomains?: string[]
  issuer?: string | null
  clientId?: string | null
  clientSecret?: string | null
}

async function loadForOwner(ctx: Ctx, actor: Actor, teamId: string) {
  const team = await loadTeam(ctx.database.db, teamId)
  authorize(
    actor,
    'team.manageSso',
    team,
    'Single sign-on can be set up by the team owner on an enterprise plan.',
  )
  return team
}

export async function getSsoSettings(ctx: Ctx, actor: Actor, teamId: string): Promise<SsoSettingsJson> {
  const team = await loadForOwner(ctx, actor, teamId)
  const { db } = ctx.database
  const [config] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, team.id))
  return {
    enabled: config?.enabled ?? false,
    ssoOnly: config?.ssoOnly ?? false,
    emailDomains: await teamDomains(db, team.id),
    issuer: config?.issuer ?? null,
    clientId: config?.clientId ?? null,
    hasClientSecret: !!config?.clientSecret,
    redirectUri: `${ctx.config.publicUrl}/api/v1/sso/callback`,
  }
}

/** https, or plain http for a host SSO_ALLOW_HOSTS names (a provider on this machine or network). */
export function parseIssuer(raw: string, allowHosts: readonly string[]): string {
  try {
    const url = new URL(raw.trim())
    const allowed = allowHosts.includes(url.hostname.replace(/^\[|\]$/g, ''))
    if (!url.search && !url.hash && (url.protocol === 'https:' || (url.protocol === 'http:' && allowed)))
      return url.toString().replace(/\/$/, '')
  } catch {
    // Refused below.
  }
  throw new ValidationFailed('The issuer must be an https URL, such as https://login.example.com.', {
    issues: [{ path: 'issuer', message: 'Not an https URL' }],
  })
}

function parseDomains(raw: string[]): string[] {
  const domains = [...new Set(raw.map((domain) => parseDomain(domain, 'emailDomains')))]
  if (domains.length > MAX_SSO_DOMAINS) {
    throw new ValidationFailed(`At most ${MAX_SSO_DOMAINS} e-mail domains.`, {
      issues: [{ path: 'emailDomains', message: 'Too many' }],
    })
  }
  return domains
}

export async function saveSsoSettings(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  input: SsoSettingsInput,
): Promise<SsoSettingsJson> {
  const team = await loadForOwner(ctx, actor, teamId)
  const values: Partial<typeof ssoConfigs.$inferInsert> = {}
  const domains = input.emailDomains === undefined ? undefined : parseDomains(input.emailDomains)
  if (input.issuer !== undefined)
    values.issuer = input.issuer ? parseIssuer(input.issuer, ctx.config.ssoAllowHosts) : null
  if (input.clientId !== undefined) values.clientId = input.clientId?.trim() || null
  // An empty secret keeps the stored one, so the form need not show or resend it.
  if (input.clientSecret) values.clientSecret = sealClientSecret(ctx, team.id, input.clientSecret)
  if (input.enabled !== undefined) values.enabled = input.enabled
  if (input.ssoOnly !== undefined) values.ssoOnly = input.ssoOnly
  const { db } = ctx.database
  const [existing] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, team.id))
  const merged = { ...existing, ...values }
  const mergedDomains = domains ?? (await teamDomains(db, team.id))
  if (
    merged.enabled &&
    (mergedDomains.length === 0 || !merged.issuer || !merged.clientId || !merged.clientSecret)
  ) {
    throw new ValidationFailed(
      'Fill in the e-mail domains, issuer, client id and client secret before enabling single sign-on.',
    )
  }
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(ssoConfigs)
        .values({ teamId: team.id, ...values })
        .onConflictDoUpdate({
          target: ssoConfigs.teamId,
          set: Object.keys(values).length > 0 ? values : { teamId: team.id },
        })
      if (domains) {
        await tx.delete(ssoDomains).where(eq(ssoDomains.teamId, team.id))
        if (domains.length > 0)
          await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, teamId: team.id })))
      }
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('Another team already uses one of these e-mail domains for single sign-on.')
    throw error
  }
  return getSsoSettings(ctx, actor, team.id)
}

/**
 * "Test connection": reads the provider's discovery document with the stored (or just typed) issuer and
 * checks it names an authorization and a token endpoint. It cannot check the client secret without a
 * login; the first SSO login does.
 */
export async function testSsoConnection(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  input: { issuer?: string | null; clientId?: string | null },
): Promise<{ ok: boolean; message: string; issuer: string | null }> {
  const team = await loadForOwner(ctx, actor, teamId)
  const [config] = await ctx.database.db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, team.id))
  const issuer = input.issuer ? parseIssuer(input.issuer, ctx.config.ssoAllowHosts) : (config?.issuer ?? null)
  const clientId = input.clientId?.trim() || config?.clientId || 'connection-test'
  if (!issuer) throw new ValidationFailed('Enter the issuer URL first.')
  const clientSecret = config?.clientSecret
    ? openClientSecret(ctx, { teamId: team.id, clientSecret: config.clientSecret })
    : 'unused'
  try {
    const provider = await discoverProvider({ issuer, clientId, clientSecret }, ctx.config.ssoAllowHosts, {
      fresh: true,
    })
    const metadata = provider.serverMetadata()
    if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
      return { ok: false, issuer, message: `${issuer} does not name an authorization and a token endpoint.` }
    }
    return {
      ok: true,
      issuer,
      message: `Connected to ${metadata.issuer}: sign-in at ${metadata.authorization_endpoint}.`,
    }
  } catch (error) {
    if (error instanceof ProviderUnreachable) return { ok: false, issuer, message: error.message }
    throw error
  }
}
