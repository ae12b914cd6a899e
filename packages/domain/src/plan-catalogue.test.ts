import { describe, expect, test } from 'bun:test'
import { FREE_PLAN_ID, PLAN_IDS } from './constants'
import {
  findPlan,
  isSelectablePlanId,
  PLAN_CATALOGUE,
  planHasFeature,
  planIntervalMonths,
  premiumCanvasLimit,
} from './plan-catalogue'
import { isEnterprisePlan, isIndividualPlan, isTeam49Plan, isTeamPlan } from './plans'

describe('plan catalogue', () => {
  test('holds every SPEC plan id exactly once, in the SPEC order', () => {
    expect(PLAN_CATALOGUE.map((plan) => plan.id).sort()).toEqual([...PLAN_IDS].sort())
  })

  test('amounts follow the ids; yearly is ten months', () => {
    expect(findPlan('team49')?.amountCents).toBe(4900)
    expect(findPlan('team49yearly')?.amountCents).toBe(49_000)
    expect(findPlan('individual19')?.amountCents).toBe(1900)
    expect(findPlan('individual29yearly')?.amountCents).toBe(29_000)
    expect(findPlan('individual35')?.amountCents).toBe(3500)
    expect(findPlan('enterprise35peruser')?.amountCents).toBe(3500)
    expect(findPlan('enterprise45peruseryearly')?.amountCents).toBe(45_000)
    expect(findPlan(FREE_PLAN_ID)?.amountCents).toBe(0)
  })

  test('intervals, per-seat and team flags agree with the id predicates', () => {
    for (const plan of PLAN_CATALOGUE) {
      expect(plan.perSeat).toBe(isEnterprisePlan(plan.id))
      expect(plan.teamPlan).toBe(isTeamPlan(plan.id))
      expect(plan.interval).toBe(
        plan.id === FREE_PLAN_ID ? null : plan.id.endsWith('yearly') ? 'year' : 'month',
      )
      expect(planIntervalMonths(plan)).toBe(plan.interval === 'year' ? 12 : plan.interval === 'month' ? 1 : 0)
    }
  })

  test('names carry no amounts', () => {
    for (const plan of PLAN_CATALOGUE) expect(plan.name).not.toMatch(/\d/)
  })

  test('solo plans have premium-canvas limits 1, 3 and 10; other plans none', () => {
    expect(premiumCanvasLimit('individual19')).toBe(1)
    expect(premiumCanvasLimit('individual19yearly')).toBe(1)
    expect(premiumCanvasLimit('individual29')).toBe(3)
    expect(premiumCanvasLimit('individual35yearly')).toBe(10)
    for (const plan of PLAN_CATALOGUE) {
      if (!isIndividualPlan(plan.id)) expect(plan.premiumCanvasLimit).toBeNull()
    }
    expect(premiumCanvasLimit('nope')).toBeNull()
  })

  test('team49 variants lack the advanced team features; enterprise has them and sso', () => {
    for (const feature of [
      'labels',
      'mentions',
      'exports',
      'folders',
      'assign',
      'pause',
      'apiToken',
    ] as const) {
      for (const plan of PLAN_CATALOGUE) {
        expect(planHasFeature(plan.id, feature)).toBe(isEnterprisePlan(plan.id))
      }
    }
    expect(planHasFeature('team49', 'team')).toBe(true)
    expect(planHasFeature('enterprise45peruser', 'sso')).toBe(true)
    expect(planHasFeature('team49yearly', 'sso')).toBe(false)
    expect(isTeam49Plan('team49') && planHasFeature('team49', 'attachments')).toBe(true)
  })

  test('attachments on every paid plan, not on free; unknown plans unlock nothing', () => {
    for (const plan of PLAN_CATALOGUE) {
      expect(planHasFeature(plan.id, 'attachments')).toBe(plan.id !== FREE_PLAN_ID)
    }
    expect(planHasFeature('team49monthly', 'team')).toBe(false)
    expect(planHasFeature(null, 'attachments')).toBe(false)
  })

  test('every plan is selectable; other values are not', () => {
    for (const id of PLAN_IDS) expect(isSelectablePlanId(id)).toBe(true)
    expect(isSelectablePlanId('gold')).toBe(false)
    expect(isSelectablePlanId(42)).toBe(false)
  })
})

describe('teamPlanLacks', () => {
  test('only a team plan can take a feature away', async () => {
    const { teamPlanLacks } = await import('./plan-catalogue')
    expect(teamPlanLacks('team49', 'mentions')).toBe(true)
    expect(teamPlanLacks('team49yearly', 'pause')).toBe(true)
    expect(teamPlanLacks('team49', 'attachments')).toBe(false)
    expect(teamPlanLacks('enterprise35peruser', 'apiToken')).toBe(false)
    expect(teamPlanLacks('free0', 'mentions')).toBe(false)
    expect(teamPlanLacks('individual19', 'labels')).toBe(false)
    expect(teamPlanLacks(null, 'mentions')).toBe(false)
  })
})
