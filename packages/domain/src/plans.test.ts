import { describe, expect, test } from 'bun:test'
import { PLAN_IDS } from './constants'
import {
  isEnterprisePlan,
  isIndividualPlan,
  isKnownPlanId,
  isPaidPlan,
  isTeam49Plan,
  isTeamPlan,
} from './plans'

describe('plan predicates', () => {
  test('team49 variants are exactly team49 and team49yearly', () => {
    expect(isTeam49Plan('team49')).toBe(true)
    expect(isTeam49Plan('team49yearly')).toBe(true)
    expect(isTeam49Plan('team49monthly')).toBe(false)
    expect(isTeam49Plan('enterprise35peruser')).toBe(false)
    expect(isTeam49Plan(null)).toBe(false)
    expect(isTeam49Plan(undefined)).toBe(false)
  })

  test('individual plans are the six solo ids', () => {
    const solo = PLAN_IDS.filter((id) => isIndividualPlan(id))
    expect(solo).toEqual([
      'individual19',
      'individual19yearly',
      'individual29',
      'individual29yearly',
      'individual35',
      'individual35yearly',
    ])
    expect(isIndividualPlan('individual99')).toBe(false)
  })

  test('enterprise plans are the four per-user ids', () => {
    expect(PLAN_IDS.filter((id) => isEnterprisePlan(id))).toEqual([
      'enterprise35peruser',
      'enterprise35peruseryearly',
      'enterprise45peruser',
      'enterprise45peruseryearly',
    ])
    expect(isEnterprisePlan('enterprise')).toBe(false)
  })

  test('team plans are team49 variants plus enterprise', () => {
    expect(isTeamPlan('team49')).toBe(true)
    expect(isTeamPlan('team49yearly')).toBe(true)
    expect(isTeamPlan('enterprise45peruseryearly')).toBe(true)
    expect(isTeamPlan('individual19')).toBe(false)
    expect(isTeamPlan('free0')).toBe(false)
    expect(isTeamPlan(null)).toBe(false)
  })

  test('paid means known and not free0', () => {
    expect(isPaidPlan('free0')).toBe(false)
    expect(isPaidPlan('individual19')).toBe(true)
    expect(isPaidPlan('team49')).toBe(true)
    expect(isPaidPlan('bogus')).toBe(false)
    expect(isPaidPlan(null)).toBe(false)
    expect(PLAN_IDS.filter((id) => isPaidPlan(id))).toHaveLength(12)
  })

  test('known plan ids', () => {
    for (const id of PLAN_IDS) expect(isKnownPlanId(id)).toBe(true)
    expect(isKnownPlanId('Team49')).toBe(false)
    expect(isKnownPlanId('')).toBe(false)
    expect(isKnownPlanId(undefined)).toBe(false)
  })
})
