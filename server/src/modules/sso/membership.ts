/**
 * Just-in-time membership (decision 044): which member a verified identity from the team's provider is,
 * creating them the first time. The provider's subject (`sub`) is linked to the member at the first login
 * and decides every later one; the e-mail address only finds the member that first time.
 */
import { customers, ssoIdentities, users } from '@pinpoint/db'
import { FREE_PLAN_ID, ValidationFailed } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { normalizeEmail } from '../../platform/security'
import { syncSeats } from '../billing/seats'
import { SsoLoginFailed } from './errors'
import { type SsoTeam, teamDomains } from './lookup'
import type { VerifiedIdentity } from './oidc'

/** The address the provider vouches for, if it is usable: not denied as unverified, in a team domain. */
async function checkedEmail(ctx: AppContext, team: SsoTeam, identity: VerifiedIdentity): Promise<string> {
  // Some providers never send email_verified; only an explicit false is refused.
  if (!identity.email || identity.emailVerified === false) throw new SsoLoginFailed('email')
  let email: string
  try {
    email = normalizeEmail(identity.email)
  } catch (error) {
    if (error instanceof ValidationFailed) throw new SsoLoginFailed('email')
    throw error
  }
  const domains = await teamDomains(ctx.database.db, team.teamId)
  if (!domains.includes(email.slice(email.lastIndexOf('@') + 1))) throw new SsoLoginFailed('email')
  return email
}

/**
 * The member's user id. A subject seen before signs in as the member it was linked to (while still in the
 * team), whatever address the provider sends now. Otherwise, by e-mail: someone new becomes a member; a
 * guest of that address becomes a member (the provider proves the address, a guest login never did); a
 * member signs in and is linked. An account outside the team is left alone (domains are not proven, so a
 * provider vouching for an address must not reach an account that was never the team's), and so is a
 * member already linked to another subject of this provider (the address was given to someone else).
 */
export async function memberForIdentity(
  ctx: AppContext,
  team: SsoTeam,
  identity: VerifiedIdentity,
): Promise<string> {
  const { db } = ctx.database
  const issuer = team.issuer ?? ''
  const [linked] = await db
    .select({ userId: ssoIdentities.userId, teamId: users.teamId })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, identity.subject)))
  if (linked) {
    if (linked.teamId !== team.teamId) throw new SsoLoginFailed('account')
    return linked.userId
  }
  const email = await checkedEmail(ctx, team, identity)
  const name = identity.name?.trim().slice(0, 200) || email.slice(0, email.indexOf('@'))
  const { userId, joined } = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update')
    let userId: string
    let joined = false
    if (existing && !existing.isGuest) {
      if (existing.teamId !== team.teamId) throw new SsoLoginFailed('account')
      const [other] = await tx
        .select({ subject: ssoIdentities.subject })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.userId, existing.id), eq(ssoIdentities.issuer, issuer)))
      if (other) throw new SsoLoginFailed('identity')
      userId = existing.id
    } else {
      const [user] = existing
        ? await tx
            .update(users)
            .set({ isGuest: false, teamId: team.teamId, role: 'member', name })
            .where(eq(users.id, existing.id))
            .returning({ id: users.id })
        : await tx
            .insert(users)
            .values({ email, name, isGuest: false, passwordHash: null, teamId: team.teamId, role: 'member' })
            .returning({ id: users.id })
      if (!user) throw new Error('joining the team returned no row')
      await tx
        .insert(customers)
        .values({ userId: user.id, planId: FREE_PLAN_ID, status: 'active' })
        .onConflictDoNothing({ target: customers.userId })
      userId = user.id
      joined = true
    }
    await tx.insert(ssoIdentities).values({ issuer, subject: identity.subject, userId })
    return { userId, joined }
  })
  if (joined) {
    ctx.logger.info('sso member joined', { teamId: team.teamId, userId })
    ctx.analytics.track('signed_up', { hasTeam: true, joinedByInvite: false, viaSso: true }, userId)
    await syncSeats(ctx, team.teamId)
  }
  return userId
}
