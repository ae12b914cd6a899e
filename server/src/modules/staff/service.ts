/**
 * Staff tools (decision 043): find a customer's account, see and change its beta features, read the
 * impersonation audit trail. Every function authorizes `staff.tools` first.
 */
import { customers, impersonations, users } from '@pinpoint/db'
import { effectiveCustomer, NotFound, ValidationFailed } from '@pinpoint/domain'
import { desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import { type Actor, type ActorUser, loadActorUser, loadActorUsersWhere } from '../auth/actor'
import { escapeLike } from '../canvases/list-where'

type Ctx = Pick<AppContext, 'database' | 'now' | 'logger'>

const SEARCH_LIMIT = 20

/** An account as staff see it in the search: who, which team, which plan, which beta features. */
export interface StaffUserJson {
  id: string
  name: string
  email: string
  isGuest: boolean
  isStaff: boolean
  createdAt: string
  role: string
  Team: { id: string; name: string; ownerUserId: string } | null
  planId: string | null
  betaFeaturesEnabled: { emailReview: boolean }
  /** The account whose billing record holds the flags: the team owner's for a team member. */
  betaFeaturesOwnerId: string | null
}

/** The user id whose customer record holds a user's beta flags (SPEC 3: the team's customer in a team). */
function flagOwnerId(user: ActorUser): string {
  return user.team ? user.team.ownerUserId : user.id
}

export function serializeStaffUser(user: ActorUser): StaffUserJson {
  const customer = effectiveCustomer(user)
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isGuest: user.isGuest,
    isStaff: user.isStaff,
    createdAt: user.createdAt.toISOString(),
    role: user.role,
    Team: user.team ? { id: user.team.id, name: user.team.name, ownerUserId: user.team.ownerUserId } : null,
    planId: customer?.planId ?? null,
    betaFeaturesEnabled: { emailReview: customer?.betaFeaturesEnabled?.emailReview === true },
    betaFeaturesOwnerId: customer ? flagOwnerId(user) : null,
  }
}

/** Accounts whose e-mail or name contains the query, or whose id is the query; exact e-mails first. */
export async function searchUsers(ctx: Ctx, actor: Actor, query: string): Promise<StaffUserJson[]> {
  authorize(actor, 'staff.tools', undefined, 'Only staff members can search accounts.')
  const text = query.trim().toLowerCase()
  if (!text) return []
  const pattern = `%${escapeLike(text)}%`
  const found = await loadActorUsersWhere(
    ctx.database.db,
    or(eq(users.id, text), ilike(users.email, pattern), ilike(users.name, pattern)) ?? sql`false`,
    sql`(${users.email} = ${text}) desc, ${users.email} asc`,
    SEARCH_LIMIT,
  )
  return found.map(serializeStaffUser)
}

/**
 * Turns a customer's beta features on or off. The flags belong to the billing record that SPEC 6 reads:
 * the team owner's for a team member (so the whole team changes together), the user's own otherwise; a
 * record is created (free plan) when the account has none yet. E-mail review needs a team, so turning it
 * on for an account without one is refused instead of silently doing nothing.
 */
export async function setBetaFeatures(
  ctx: Ctx,
  actor: Actor,
  userId: string,
  input: { emailReview: boolean },
): Promise<StaffUserJson> {
  authorize(actor, 'staff.tools', undefined, 'Only staff members can change beta features.')
  const { db } = ctx.database
  const user = await loadActorUser(db, userId)
  if (!user) throw new NotFound('No user with this id.')
  if (user.isGuest) throw new ValidationFailed('Guests have no account to turn features on for.')
  if (input.emailReview && !user.team) {
    throw new ValidationFailed('E-mail review needs a team: this account is not in one.', {
      field: 'emailReview',
    })
  }
  const ownerId = flagOwnerId(user)
  await db
    .insert(customers)
    .values({ userId: ownerId, betaFeatures: { emailReview: input.emailReview } })
    .onConflictDoUpdate({
      target: customers.userId,
      set: {
        betaFeatures: sql`${customers.betaFeatures} || ${JSON.stringify({ emailReview: input.emailReview })}::jsonb`,
      },
    })
  ctx.logger.info('beta features changed', {
    staffId: actor.user?.id,
    userId,
    customerUserId: ownerId,
    emailReview: input.emailReview,
  })
  const updated = await loadActorUser(db, userId)
  if (!updated) throw new NotFound('No user with this id.')
  return serializeStaffUser(updated)
}

/** The most recent impersonations, newest first. */
export async function listImpersonations(ctx: Ctx, actor: Actor, limit: number) {
  authorize(actor, 'staff.tools', undefined, 'Only staff members can read the impersonation log.')
  const rows = await ctx.database.db
    .select()
    .from(impersonations)
    .orderBy(desc(impersonations.startedAt), desc(impersonations.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    staffUserId: row.staffUserId,
    staffEmail: row.staffEmail,
    targetUserId: row.targetUserId,
    targetEmail: row.targetEmail,
    targetName: row.targetName,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    endReason: row.endReason,
    ip: row.ip,
  }))
}
