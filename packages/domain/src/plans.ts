/**
 * Plan predicates over plan ids (SPEC 6). Every predicate accepts any string, null or undefined, so a
 * missing customer simply answers false.
 */
import { FREE_PLAN_ID, PLAN_IDS, type PlanId } from './constants'

type PlanInput = string | null | undefined

const TEAM49_PLAN_IDS: readonly string[] = ['team49', 'team49yearly']

/** True for one of the plan ids of SPEC 6. */
export function isKnownPlanId(planId: PlanInput): planId is PlanId {
  return typeof planId === 'string' && (PLAN_IDS as readonly string[]).includes(planId)
}

/** True for `team49` and `team49yearly`, the team plans without the advanced team features. */
export function isTeam49Plan(planId: PlanInput): boolean {
  return typeof planId === 'string' && TEAM49_PLAN_IDS.includes(planId)
}

/** True for the solo plans `individual19`, `individual29`, `individual35` and their yearly variants. */
export function isIndividualPlan(planId: PlanInput): boolean {
  return isKnownPlanId(planId) && planId.startsWith('individual')
}

/** True for the `enterprise*peruser` plans and their yearly variants. */
export function isEnterprisePlan(planId: PlanInput): boolean {
  return isKnownPlanId(planId) && planId.startsWith('enterprise')
}

/** True for a team plan: a team49 variant or an enterprise plan. */
export function isTeamPlan(planId: PlanInput): boolean {
  return isTeam49Plan(planId) || isEnterprisePlan(planId)
}

/**
 * True for any known plan other than `free0`. Unknown ids are not paid: a typo must not unlock features.
 * Whether the subscription is still active is a separate question (see `isCustomerActive`).
 */
export function isPaidPlan(planId: PlanInput): boolean {
  return isKnownPlanId(planId) && planId !== FREE_PLAN_ID
}
