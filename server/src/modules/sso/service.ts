/**
 * Single sign-on routing and settings (SPEC 6, 7). SSO is on for a team when its config is enabled and the
 * team's plan (the owner's customer) is an enterprise plan; only then does an e-mail domain route a login
 * to the team's identity provider. The OIDC flow itself (`/sso/start`, `/sso/callback`) does not exist yet,
 * so a domain with SSO on is answered SsoNotAvailable rather than a link to a missing route (decision 037).
 */
import { customers, ssoConfigs, teams } from '@pinpoint/db'
import { AppError, Conflict, isEnterprisePlan, NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import type { Actor } from '../auth/actor'
import { loadTeam } from '../teams/lookup'
import { isUniqueViolation } from '../users/db-errors'

type Ctx = Pick<AppContext, 'database' | 'config'>

const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export const NO_SSO_MESSAGE = 'No single sign-on is set up for this domain.'

export const SSO_NOT_AVAILABLE_MESSAGE =
  'Single sign-on login is not available yet. Log in with your password, or ask for a login link on the login page.'

export function parseDomain(raw: string): string {
  const domain = raw.trim().toLowerCase().replace(/^@/, '')
  if (!DOMAIN.test(domain)) {
    throw new ValidationFailed('Please enter an e-mail domain such as example.com.', {
      issues: [{ path: 'emailDomain', message: 'Not a domain' }],
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
 * GET /sso-login-url: NotFound for a domain without SSO on. For one with SSO on it will answer the start URL
 * of the OIDC flow; until that flow exists it answers SsoNotAvailable (409), which says how to log in
 * instead, rather than a link to a route that would answer 404 (decision 037). 409 and not 501: a 5xx
 * reads as a server fault to the clients' retries, the logs and the OpenAPI fuzz.
 */
export async function ssoLoginUrl(
  ctx: Ctx,
  input: { emailDomain: string; nextUrl?: string },
): Promise<string> {
  const domain = parseDomain(input.emailDomain)
  // Checked now so a bad nextUrl is refused the same way before and after the OIDC flow exists.
  safeNextUrl(input.nextUrl, ctx.config.publicUrl)
  const [row] = await ctx.database.db
    .select({ planId: customers.planId })
    .from(ssoConfigs)
    .innerJoin(teams, eq(teams.id, ssoConfigs.teamId))
    .leftJoin(customers, eq(customers.userId, teams.ownerUserId))
    .where(and(eq(ssoConfigs.emailDomain, domain), eq(ssoConfigs.enabled, true)))
  if (!row || !isEnterprisePlan(row.planId)) throw new NotFound(NO_SSO_MESSAGE)
  throw new AppError(SSO_NOT_AVAILABLE_MESSAGE, { name: 'SsoNotAvailable', status: 409 })
}

export interface SsoSettingsJson {
  enabled: boolean
  emailDomain: string | null
  issuer: string | null
  clientId: string | null
  /** The client secret is write-only: we only say whether one is stored. */
  hasClientSecret: boolean
}

export interface SsoSettingsInput {
  enabled?: boolean
  emailDomain?: string | null
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
  const [config] = await ctx.database.db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, team.id))
  return {
    enabled: config?.enabled ?? false,
    emailDomain: config?.emailDomain ?? null,
    issuer: config?.issuer ?? null,
    clientId: config?.clientId ?? null,
    hasClientSecret: !!config?.clientSecret,
  }
}

function parseIssuer(raw: string): string {
  try {
    const url = new URL(raw.trim())
    if (url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname === '127.0.0.1')
      return url.toString().replace(/\/$/, '')
  } catch {
    // Refused below.
  }
  throw new ValidationFailed('The issuer must be an https URL.', {
    issues: [{ path: 'issuer', message: 'Not an https URL' }],
  })
}

export async function saveSsoSettings(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  input: SsoSettingsInput,
): Promise<SsoSettingsJson> {
  const team = await loadForOwner(ctx, actor, teamId)
  const values: Partial<typeof ssoConfigs.$inferInsert> = {}
  if (input.emailDomain !== undefined)
    values.emailDomain = input.emailDomain ? parseDomain(input.emailDomain) : null
  if (input.issuer !== undefined) values.issuer = input.issuer ? parseIssuer(input.issuer) : null
  if (input.clientId !== undefined) values.clientId = input.clientId?.trim() || null
  // An empty secret keeps the stored one, so the form need not show or resend it.
  if (input.clientSecret) values.clientSecret = input.clientSecret
  if (input.enabled !== undefined) values.enabled = input.enabled
  const { db } = ctx.database
  const [existing] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, team.id))
  const merged = { ...existing, ...values }
  if (merged.enabled && (!merged.emailDomain || !merged.issuer || !merged.clientId || !merged.clientSecret)) {
    throw new ValidationFailed(
      'Fill in the e-mail domain, issuer, client id and client secret before enabling single sign-on.',
    )
  }
  try {
    await db
      .insert(ssoConfigs)
      .values({ teamId: team.id, ...values })
      .onConflictDoUpdate({
        target: ssoConfigs.teamId,
        set: Object.keys(values).length > 0 ? values : { teamId: team.id },
      })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('Another team already uses this e-mail domain for single sign-on.')
    throw error
  }
  return getSsoSettings(ctx, actor, team.id)
}
