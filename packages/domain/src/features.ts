/**
 * Account-level features gated by team and plan (SPEC 6). "The plan" is always the effective plan: the
 * team's customer when the user is in a team, else the user's own (see `effectivePlanId`).
 *
 * Decision for every "team and plan not a team49 variant" rule: the check is literal, so a team whose plan
 * is enterprise passes and one on team49/team49yearly does not. Whether the subscription is still paid is a
 * separate concern (`isCustomerActive`, read-only canvases), not re-checked here.
 */
import { effectiveCustomer, effectivePlanId, hasTeam } from './account'
import { FREE_PLAN_ID } from './constants'
import { type PlanFeature, teamPlanLacks } from './plan-catalogue'
import { isEnterprisePlan } from './plans'
import { isAccountOwner, isGuest, isTeamOwner } from './roles'
import type { MaybeUser } from './types'

/**
 * A non-guest in a team whose plan does not leave out `feature`: team plans list what they unlock in the
 * plan catalogue (team49 variants leave out the advanced team features); any other plan passes (literal
 * SPEC rule, see above).
 */
export function hasTeamFeature(user: MaybeUser, feature: PlanFeature): boolean {
  if (isGuest(user) || !hasTeam(user)) return false
  return !teamPlanLacks(effectivePlanId(user), feature)
}

/** A non-guest in a team whose plan is not a team49 variant: the advanced team features. */
export function hasAdvancedTeamFeatures(user: MaybeUser): boolean {
  return hasTeamFeature(user, 'mentions')
}

/** @-mention people in comments. */
export function canMention(user: MaybeUser): boolean {
  return hasTeamFeature(user, 'mentions')
}

/** Every export option (task tools, webhook, CSV). */
export function canUseExports(user: MaybeUser): boolean {
  return hasTeamFeature(user, 'exports')
}

/** The folders (projects) layout of the dashboard. */
export function canUseFoldersLayout(user: MaybeUser): boolean {
  return hasTeamFeature(user, 'folders')
}

/** Assign comments to a user. */
export function canAssignComments(user: MaybeUser): boolean {
  return hasTeamFeature(user, 'assign')
}

/** Read or create an API token. */
export function canUseApiToken(user: MaybeUser): boolean {
  return hasTeamFeature(user, 'apiToken')
}

/**
 * Attach files to comments: the user has an applicable customer whose plan is set and not `free0`.
 * Decision: guests (who have no customer) cannot attach files.
 */
export function canAttachFiles(user: MaybeUser): boolean {
  if (isGuest(user)) return false
  const planId = effectiveCustomer(user)?.planId
  return !!planId && planId !== FREE_PLAN_ID
}

/** E-mail review: a non-guest in a team whose customer has the `emailReview` beta flag on. */
export function canUseEmailReview(user: MaybeUser): boolean {
  if (isGuest(user) || !hasTeam(user)) return false
  return effectiveCustomer(user)?.betaFeaturesEnabled?.emailReview === true
}

/** See billing: a non-guest who has no team or owns it. */
export function canViewBilling(user: MaybeUser): boolean {
  return !isGuest(user) && isAccountOwner(user)
}

/** Enable single sign-on: the team owner on an enterprise plan. */
export function canEnableSso(user: MaybeUser): boolean {
  return isTeamOwner(user) && isEnterprisePlan(effectivePlanId(user))
}

/** Single sign-on is on: the user's team has SSO enabled and is on an enterprise plan. */
export function isSsoOn(user: MaybeUser): boolean {
  if (!user?.team?.ssoConfig?.enabled) return false
  return isEnterprisePlan(effectivePlanId(user))
}

/** Environment facts `isInternalTester` needs (the domain package reads no environment itself). */
export interface InternalTesterOptions {
  isDevelopment: boolean
  /** Staff e-mail addresses; compared trimmed and case-insensitively. */
  staffEmails: readonly string[]
}

/** Internal tester (early features): always in development; otherwise a non-guest with a staff e-mail. */
export function isInternalTester(
  user: MaybeUser,
  { isDevelopment, staffEmails }: InternalTesterOptions,
): boolean {
  if (isDevelopment) return true
  if (isGuest(user) || !user?.email) return false
  const email = user.email.trim().toLowerCase()
  return staffEmails.some((staff) => staff.trim().toLowerCase() === email)
}
