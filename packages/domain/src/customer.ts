/**
 * Customer activity (SPEC 4): whether a billing record still counts as active at a given time.
 */
import { effectiveCustomer, hasTeam } from './account'
import { PAID_GRACE_MS, TRIALING_GRACE_MS } from './constants'
import { isTeamOwner } from './roles'
import { toEpochMs } from './time'
import type { DateInput, DomainCustomer, MaybeUser } from './types'

/**
 * Grace after `periodEnd` for a status: 7 days for `active` and `past_due`, 2 hours for `trialing`, none
 * for any other status (canceled, unpaid, incomplete, ...).
 */
export function customerGraceMs(status: string | null | undefined): number {
  if (status === 'active' || status === 'past_due') return PAID_GRACE_MS
  if (status === 'trialing') return TRIALING_GRACE_MS
  return 0
}

/**
 * The first instant (epoch ms) at which the customer is no longer active: `periodEnd` plus the grace of
 * its status. Null when there is no usable `periodEnd`.
 */
export function customerActiveUntil(customer: DomainCustomer): number | null {
  const periodEnd = toEpochMs(customer.periodEnd)
  return periodEnd === null ? null : periodEnd + customerGraceMs(customer.status)
}

/**
 * True when the customer is active at `now`.
 * - No customer record: active (nothing to enforce).
 * - Otherwise active while `now < periodEnd + grace` (strict): at exactly 7 days (or 2 hours, or
 *   `periodEnd` itself) the customer is already inactive.
 * - Decision: a customer without a `periodEnd` has no billing period that could run out, so it is
 *   active when its status is `active` (the free plan: no subscription, nothing to expire) and
 *   inactive for any other status (fail closed: a trial or a failed payment always has a period).
 */
export function isCustomerActive(customer: DomainCustomer | null | undefined, now: DateInput): boolean {
  if (!customer) return true
  const at = toEpochMs(now)
  if (at === null) return false
  const until = customerActiveUntil(customer)
  if (until === null) return customer.periodEnd == null && customer.status === 'active'
  return at < until
}

/**
 * Trialing user: the applicable customer (see `effectiveCustomer`) is `trialing`, and the user has no team
 * or is its owner (members of a trialing team are not themselves trialing).
 */
export function isTrialingUser(user: MaybeUser): boolean {
  if (!user) return false
  if (hasTeam(user) && !isTeamOwner(user)) return false
  return effectiveCustomer(user)?.status === 'trialing'
}
