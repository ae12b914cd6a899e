/**
 * Builders for tests of this package (not exported from the index). Each returns a fresh object with
 * sensible defaults; pass overrides for what the test is about.
 */
import type { DomainCanvas, DomainCustomer, DomainTeam, DomainUser } from './types'

/** A fixed "now" used across tests: 2025-06-15T12:00:00Z. */
export const NOW = Date.UTC(2025, 5, 15, 12, 0, 0)

export function buildCustomer(overrides: Partial<DomainCustomer> = {}): DomainCustomer {
  return {
    customerId: 'cus_1',
    planId: 'enterprise35peruser',
    status: 'active',
    periodEnd: NOW + 1,
    ...overrides,
  }
}

export function buildTeam(overrides: Partial<DomainTeam> = {}): DomainTeam {
  return { id: 'team-a', ownerUserId: 'owner', customer: buildCustomer(), ...overrides }
}

/** A member of team-a (enterprise plan) unless overridden. */
export function buildUser(overrides: Partial<DomainUser> = {}): DomainUser {
  const team = overrides.team === undefined ? buildTeam() : overrides.team
  return {
    id: 'member',
    email: 'member@example.com',
    isGuest: false,
    role: 'member',
    teamId: team?.id ?? null,
    team,
    ...overrides,
  }
}

/** The owner of a team on `planId`. */
export function buildOwner(planId: string, overrides: Partial<DomainUser> = {}): DomainUser {
  const team = buildTeam({ customer: buildCustomer({ planId }) })
  return buildUser({ id: 'owner', team, teamId: team.id, ...overrides })
}

/** A member of a team on `planId`. */
export function buildMember(planId: string, overrides: Partial<DomainUser> = {}): DomainUser {
  const team = buildTeam({ customer: buildCustomer({ planId }) })
  return buildUser({ team, teamId: team.id, ...overrides })
}

/** A user without a team whose own customer is on `planId`. */
export function buildSolo(planId: string, overrides: Partial<DomainUser> = {}): DomainUser {
  return buildUser({
    id: 'solo',
    team: null,
    teamId: null,
    role: null,
    customer: buildCustomer({ planId }),
    ...overrides,
  })
}

export function buildGuest(overrides: Partial<DomainUser> = {}): DomainUser {
  return buildUser({ id: 'guest', isGuest: true, team: null, teamId: null, role: null, ...overrides })
}

/** A canvas owned by `owner` in team-a on an enterprise plan unless overridden. */
export function buildCanvas(overrides: Partial<DomainCanvas> = {}): DomainCanvas {
  return {
    id: 'canvas-1',
    userId: 'owner',
    ownerTeamId: 'team-a',
    planId: 'enterprise35peruser',
    ...overrides,
  }
}
