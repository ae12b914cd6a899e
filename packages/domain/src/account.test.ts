import { describe, expect, test } from 'bun:test'
import { effectiveCustomer, effectivePlanId, hasTeam, userTeamId } from './account'
import { buildCustomer, buildSolo, buildTeam, buildUser } from './test-factories'

describe('userTeamId / hasTeam', () => {
  test('prefers teamId, falls back to team.id', () => {
    expect(userTeamId(buildUser({ teamId: 'x', team: buildTeam({ id: 'y' }) }))).toBe('x')
    expect(userTeamId(buildUser({ teamId: undefined, team: buildTeam({ id: 'y' }) }))).toBe('y')
    expect(userTeamId(buildUser({ teamId: null, team: null }))).toBeNull()
    expect(userTeamId(null)).toBeNull()
    expect(hasTeam(buildUser())).toBe(true)
    expect(hasTeam(buildSolo('individual19'))).toBe(false)
    expect(hasTeam(undefined)).toBe(false)
  })
})

describe('effectiveCustomer', () => {
  const teamCustomer = buildCustomer({ customerId: 'team', planId: 'team49' })
  const ownCustomer = buildCustomer({ customerId: 'own', planId: 'individual19' })

  test("a team member gets the team's customer, not their own", () => {
    const user = buildUser({ team: buildTeam({ customer: teamCustomer }), customer: ownCustomer })
    expect(effectiveCustomer(user)?.customerId).toBe('team')
    expect(effectivePlanId(user)).toBe('team49')
  })

  test('a member of a team without a loaded customer gets none (own customer never stands in)', () => {
    const user = buildUser({ team: buildTeam({ customer: null }), customer: ownCustomer })
    expect(effectiveCustomer(user)).toBeNull()
    expect(effectivePlanId(user)).toBeNull()
  })

  test("the team owner falls back to their own customer, which is the team's", () => {
    const owner = buildUser({ id: 'owner', team: buildTeam({ customer: null }), customer: ownCustomer })
    expect(effectiveCustomer(owner)?.customerId).toBe('own')
  })

  test('a user without a team gets their own customer', () => {
    expect(effectivePlanId(buildSolo('individual29'))).toBe('individual29')
    expect(effectiveCustomer(buildSolo('free0', { customer: null }))).toBeNull()
    expect(effectiveCustomer(null)).toBeNull()
  })
})
