/**
 * Which team and which billing record apply to a user. Every plan-gated rule goes through these so that
 * "the plan" means the same thing everywhere.
 */
import type { DomainCustomer, MaybeUser } from './types'

/** The user's team id (`teamId`, else `team.id`), or null when logged out or not in a team. */
export function userTeamId(user: MaybeUser): string | null {
  if (!user) return null
  return user.teamId ?? user.team?.id ?? null
}

/** True when the user belongs to a team. */
export function hasTeam(user: MaybeUser): boolean {
  return userTeamId(user) !== null
}

/**
 * The billing record that applies to the user: the team's customer when the user is in a team, else the
 * user's own customer.
 *
 * Decision: a team member's own customer never stands in for the team's (it may be an old individual or
 * free record and must not unlock team features). The one fallback is the team owner, whose own customer
 * *is* the team's (billing is per user), for when `team.customer` was not loaded.
 */
export function effectiveCustomer(user: MaybeUser): DomainCustomer | null {
  if (!user) return null
  if (!hasTeam(user)) return user.customer ?? null
  const team = user.team
  if (team?.customer) return team.customer
  if (team && team.ownerUserId === user.id) return user.customer ?? null
  return null
}

/** The plan id that applies to the user (see `effectiveCustomer`), or null when there is none. */
export function effectivePlanId(user: MaybeUser): string | null {
  return effectiveCustomer(user)?.planId ?? null
}
