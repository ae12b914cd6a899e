/**
 * Roles of SPEC 1 and 6. The team owner is whoever `team.ownerUserId` names; `role` only adds admins.
 */
import { hasTeam } from './account'
import type { MaybeUser } from './types'

/** Guest: a user flagged `isGuest`, or nobody logged in. Guests count as not logged in. */
export function isGuest(user: MaybeUser): boolean {
  return !user || user.isGuest === true
}

/**
 * Team owner: the user's id equals the loaded team's `ownerUserId`. Needs `user.team`; with only a
 * `teamId` the owner cannot be known, so the answer is false.
 */
export function isTeamOwner(user: MaybeUser): boolean {
  return !!user && !!user.team && user.team.ownerUserId === user.id
}

/**
 * Team admin: the owner, or a user whose role is `admin`. Decision: `role: 'admin'` outside a team grants
 * nothing (there is no team to administer).
 */
export function isTeamAdmin(user: MaybeUser): boolean {
  if (!user || !hasTeam(user)) return false
  return isTeamOwner(user) || user.role === 'admin'
}

/**
 * Account owner: the team owner, or a logged-in user without a team (who owns their own account).
 * Decision: a missing user is not an account owner; guests are not excluded here (see `canViewBilling`).
 */
export function isAccountOwner(user: MaybeUser): boolean {
  if (!user) return false
  return !hasTeam(user) || isTeamOwner(user)
}
