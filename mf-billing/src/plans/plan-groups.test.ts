import { describe, expect, test } from 'bun:test'
import { PLAN_CATALOGUE } from '@pinpoint/domain'
import { initialInterval, needsTeamName, planGroups } from './plan-groups'

const plans = [...PLAN_CATALOGUE]

describe('plan selection groups the catalogue', () => {
  test('monthly: free, the solo plans, then team plans; no yearly plan', () => {
    const groups = planGroups(plans, 'month')
    expect(groups.map((group) => group.title)).toEqual(['Free', 'Solo', 'Teams'])
    const ids = groups.flatMap((group) => group.plans.map((plan) => plan.id))
    expect(ids).toContain('free0')
    expect(ids).toContain('team49')
    expect(ids).toContain('individual19')
    expect(ids.some((id) => id.endsWith('yearly'))).toBe(false)
    expect(groups[1]?.plans.every((plan) => !plan.teamPlan)).toBe(true)
  })

  test('yearly shows the yearly forms and keeps the free plan', () => {
    const ids = planGroups(plans, 'year').flatMap((group) => group.plans.map((plan) => plan.id))
    expect(ids).toContain('free0')
    expect(ids).toContain('team49yearly')
    expect(ids).not.toContain('team49')
  })

  test('plans that are not selectable stay out', () => {
    const hidden = plans.map((plan) => (plan.id === 'team49' ? { ...plan, selectable: false } : plan))
    const ids = planGroups(hidden, 'month').flatMap((group) => group.plans.map((plan) => plan.id))
    expect(ids).not.toContain('team49')
  })

  test('the first interval follows the current plan; a team name only when a team is created', () => {
    expect(initialInterval(plans, 'individual29yearly')).toBe('year')
    expect(initialInterval(plans, 'team49')).toBe('month')
    expect(initialInterval(plans, null)).toBe('month')
    const team49 = plans.find((plan) => plan.id === 'team49')
    const solo = plans.find((plan) => plan.id === 'individual19')
    if (!team49 || !solo) throw new Error('catalogue changed')
    expect(needsTeamName(team49, false)).toBe(true)
    expect(needsTeamName(team49, true)).toBe(false)
    expect(needsTeamName(solo, false)).toBe(false)
  })
})
