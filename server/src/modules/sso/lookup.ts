/**
 * Which team's identity provider an e-mail domain routes to, and whether a member must sign in through it.
 * Imports nothing of the auth module, so the password login can ask it without an import cycle.
 */
import { customers, type DbOrTx, ssoConfigs, ssoDomains, teams } from '@pinpoint/db'
import { isEnterprisePlan } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'

export interface SsoTeam {
  teamId: string
  ownerUserId: string
  ssoOnly: boolean
  issuer: string | null
  clientId: string | null
  clientSecret: string | null
}

const COLUMNS = {
  teamId: ssoConfigs.teamId,
  ownerUserId: teams.ownerUserId,
  enabled: ssoConfigs.enabled,
  ssoOnly: ssoConfigs.ssoOnly,
  issuer: ssoConfigs.issuer,
  clientId: ssoConfigs.clientId,
  clientSecret: ssoConfigs.clientSecret,
  planId: customers.planId,
}

/**
 * SSO is on when the config is enabled and the team owner's plan is an enterprise plan (SPEC 6): a team
 * that left its enterprise plan stops routing logins.
 */
function whenOn(row: ({ enabled: boolean; planId: string | null } & SsoTeam) | undefined): SsoTeam | null {
  if (!row?.enabled || !isEnterprisePlan(row.planId)) return null
  const { enabled: _enabled, planId: _planId, ...team } = row
  return team
}

/** The team whose SSO is on for `domain` (lowercase), or null. */
export async function findSsoTeamByDomain(db: DbOrTx, domain: string): Promise<SsoTeam | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(ssoConfigs)
    .innerJoin(ssoDomains, eq(ssoDomains.teamId, ssoConfigs.teamId))
    .innerJoin(teams, eq(teams.id, ssoConfigs.teamId))
    .leftJoin(customers, eq(customers.userId, teams.ownerUserId))
    .where(eq(ssoDomains.domain, domain))
  return whenOn(row)
}

/** The same for a team id (the callback knows the team, not the domain). */
export async function findSsoTeamById(db: DbOrTx, teamId: string): Promise<SsoTeam | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(ssoConfigs)
    .innerJoin(teams, eq(teams.id, ssoConfigs.teamId))
    .leftJoin(customers, eq(customers.userId, teams.ownerUserId))
    .where(eq(ssoConfigs.teamId, teamId))
  return whenOn(row)
}

export async function teamDomains(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.teamId, teamId))
    .orderBy(ssoDomains.domain)
  return rows.map((row) => row.domain)
}

/** The address that starts an SSO login for `domain` and comes back to `next` (a path of this site). */
export function ssoStartUrl(publicUrl: string, domain: string, next: string): string {
  const query = new URLSearchParams({ domain, next })
  return `${publicUrl}/api/v1/sso/start?${query}`
}

/**
 * The SSO team a password login must go through instead, or null. Only members of that team are held to
 * it (decision 044): someone whose address is in the domain but who has an account of their own elsewhere
 * was never the team's to govern, and the provider could not sign them in anyway. The team owner keeps
 * their password: the way back in when the provider is broken or misconfigured.
 */
export async function ssoRequiredFor(
  db: DbOrTx,
  user: { id: string; email: string; teamId: string | null },
): Promise<{ team: SsoTeam; domain: string } | null> {
  if (!user.teamId) return null
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1)
  const team = await findSsoTeamByDomain(db, domain)
  if (!team?.ssoOnly || team.teamId !== user.teamId || team.ownerUserId === user.id) return null
  return { team, domain }
}
