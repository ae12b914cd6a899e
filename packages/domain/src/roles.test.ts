import { describe, expect, test } from 'bun:test'
import { isAccountOwner, isGuest, isTeamAdmin, isTeamOwner } from './roles'
import { buildGuest, buildSolo, buildTeam, buildUser } from './test-factories'

describe('isTeamOwner', () => {
  test('the user id equals team.ownerUserId', () => {
    expect(isTeamOwner(buildUser({ id: 'owner' }))).toBe(true)
    expect(isTeamOwner(buildUser({ id: 'member' }))).toBe(false)
  })

  test('false without a loaded team or user', () => {
    expect(isTeamOwner(buildUser({ id: 'owner', team: null, teamId: 'team-a' }))).toBe(false)
    expect(isTeamOwner(null)).toBe(false)
  })
})

describe('isTeamAdmin', () => {
  test('owner or role admin', () => {
    expect(isTeamAdmin(buildUser({ id: 'owner', role: 'member' }))).toBe(true)
    expect(isTeamAdmin(buildUser({ role: 'admin' }))).toBe(true)
    expect(isTeamAdmin(buildUser({ role: 'member' }))).toBe(false)
    expect(isTeamAdmin(buildUser({ role: null }))).toBe(false)
  })

  test('role admin without a team grants nothing', () => {
    expect(isTeamAdmin(buildSolo('individual19', { role: 'admin' }))).toBe(false)
    expect(isTeamAdmin(undefined)).toBe(false)
  })
})

describe('isAccountOwner', () => {
  test('team owner or no team', () => {
    expect(isAccountOwner(buildUser({ id: 'owner' }))).toBe(true)
    expect(isAccountOwner(buildSolo('free0'))).toBe(true)
    expect(isAccountOwner(buildUser({ role: 'admin' }))).toBe(false)
    expect(isAccountOwner(buildUser({ team: buildTeam({ ownerUserId: 'someone-else' }), id: 'x' }))).toBe(
      false,
    )
    expect(isAccountOwner(null)).toBe(false)
  })
})

describe('isGuest', () => {
  test('flagged or no user', () => {
    expect(isGuest(buildGuest())).toBe(true)
    expect(isGuest(null)).toBe(true)
    expect(isGuest(undefined)).toBe(true)
    expect(isGuest(buildUser())).toBe(false)
    expect(isGuest(buildUser({ isGuest: null }))).toBe(false)
  })
})
