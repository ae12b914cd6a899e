import type { Plan } from '@pinpoint/api'

export type PlanGroup = { title: string; description: string; plans: Plan[] }

/**
 * The selectable plans of one interval, grouped as the selection shows them: free, solo, team and
 * enterprise. The free plan has no interval and appears under both.
 */
export function planGroups(plans: readonly Plan[], interval: 'month' | 'year'): PlanGroup[] {
  const offered = plans.filter(
    (plan) => plan.selectable && (plan.interval === interval || plan.interval === null),
  )
  const groups: PlanGroup[] = [
    {
      title: 'Free',
      description: 'Review your own canvases.',
      plans: offered.filter((plan) => plan.interval === null),
    },
    {
      title: 'Solo',
      description: 'For one person, with premium canvases.',
      plans: offered.filter((plan) => plan.interval !== null && !plan.teamPlan),
    },
    {
      title: 'Teams',
      description: 'Members share canvases and review together.',
      plans: offered.filter((plan) => plan.teamPlan),
    },
  ]
  return groups.filter((group) => group.plans.length > 0)
}

/** The interval to show first: the current plan's, else monthly. */
export function initialInterval(
  plans: readonly Plan[],
  currentPlanId: string | null | undefined,
): 'month' | 'year' {
  return plans.find((plan) => plan.id === currentPlanId)?.interval === 'year' ? 'year' : 'month'
}

/** A solo user moving to a team plan creates a team and must name it (the contract's 422 otherwise). */
export function needsTeamName(plan: Plan, hasTeam: boolean): boolean {
  return plan.teamPlan && !hasTeam
}
