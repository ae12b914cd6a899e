import { describe, expect, test } from 'bun:test'
import {
  canAssignComments,
  canAttachFiles,
  canEnableSso,
  canMention,
  canUseApiToken,
  canUseEmailReview,
  canUseExports,
  canUseFoldersLayout,
  canViewBilling,
  hasAdvancedTeamFeatures,
  isInternalTester,
  isSsoOn,
} from './features'
import {
  buildCustomer,
  buildGuest,
  buildMember,
  buildOwner,
  buildSolo,
  buildTeam,
  buildUser,
} from './test-factories'

const advanced = [canMention, canUseExports, canUseFoldersLayout, canAssignComments, canUseApiToken]

describe('team features (team and plan not a team49 variant)', () => {
  for (const rule of advanced) {
    test(rule.name, () => {
      expect(rule(buildMember('enterprise35peruser'))).toBe(true)
      expect(rule(buildMember('enterprise45peruseryearly'))).toBe(true)
      expect(rule(buildMember('team49'))).toBe(false)
      expect(rule(buildMember('team49yearly'))).toBe(false)
      expect(rule(buildSolo('individual35'))).toBe(false)
      expect(rule(buildGuest())).toBe(false)
      expect(rule(null)).toBe(false)
    })
  }

  test("the team's plan applies, not the member's own", () => {
    const user = buildMember('team49', { customer: buildCustomer({ planId: 'enterprise35peruser' }) })
    expect(hasAdvancedTeamFeatures(user)).toBe(false)
  })
})

describe('canAttachFiles', () => {
  test('any customer plan except free0', () => {
    expect(canAttachFiles(buildSolo('individual19'))).toBe(true)
    expect(canAttachFiles(buildMember('team49'))).toBe(true)
    expect(canAttachFiles(buildSolo('free0'))).toBe(false)
  })

  test('no customer, or a guest, may not', () => {
    expect(canAttachFiles(buildSolo('individual19', { customer: null }))).toBe(false)
    expect(canAttachFiles(buildMember('enterprise35peruser', { team: buildTeam({ customer: null }) }))).toBe(
      false,
    )
    expect(canAttachFiles(buildGuest({ customer: buildCustomer() }))).toBe(false)
  })
})

describe('canUseEmailReview', () => {
  test('team with the emailReview beta flag', () => {
    const flagged = buildTeam({ customer: buildCustomer({ betaFeaturesEnabled: { emailReview: true } }) })
    expect(canUseEmailReview(buildUser({ team: flagged }))).toBe(true)
    expect(canUseEmailReview(buildUser())).toBe(false)
    const solo = buildSolo('individual19', {
      customer: buildCustomer({ betaFeaturesEnabled: { emailReview: true } }),
    })
    expect(canUseEmailReview(solo)).toBe(false)
  })
})

describe('canViewBilling', () => {
  test('non-guest without a team, or the team owner', () => {
    expect(canViewBilling(buildSolo('free0'))).toBe(true)
    expect(canViewBilling(buildOwner('team49'))).toBe(true)
    expect(canViewBilling(buildUser({ role: 'admin' }))).toBe(false)
    expect(canViewBilling(buildGuest())).toBe(false)
    expect(canViewBilling(null)).toBe(false)
  })
})

describe('SSO', () => {
  test('enable: team owner on an enterprise plan', () => {
    expect(canEnableSso(buildOwner('enterprise35peruser'))).toBe(true)
    expect(canEnableSso(buildOwner('team49'))).toBe(false)
    expect(canEnableSso(buildMember('enterprise35peruser', { role: 'admin' }))).toBe(false)
    expect(canEnableSso(buildSolo('enterprise35peruser'))).toBe(false)
  })

  test('on: team config enabled and enterprise plan', () => {
    const enterprise = buildCustomer({ planId: 'enterprise45peruser' })
    expect(
      isSsoOn(buildUser({ team: buildTeam({ customer: enterprise, ssoConfig: { enabled: true } }) })),
    ).toBe(true)
    expect(
      isSsoOn(buildUser({ team: buildTeam({ customer: enterprise, ssoConfig: { enabled: false } }) })),
    ).toBe(false)
    expect(isSsoOn(buildUser({ team: buildTeam({ customer: enterprise, ssoConfig: null }) }))).toBe(false)
    const team49 = buildCustomer({ planId: 'team49' })
    expect(isSsoOn(buildUser({ team: buildTeam({ customer: team49, ssoConfig: { enabled: true } }) }))).toBe(
      false,
    )
    expect(isSsoOn(null)).toBe(false)
  })
})

describe('isInternalTester', () => {
  const staffEmails = ['Staff@Pinpoint.test']

  test('always in development', () => {
    expect(isInternalTester(null, { isDevelopment: true, staffEmails: [] })).toBe(true)
  })

  test('otherwise a non-guest with a staff e-mail (case-insensitive)', () => {
    const options = { isDevelopment: false, staffEmails }
    expect(isInternalTester(buildUser({ email: 'staff@pinpoint.test' }), options)).toBe(true)
    expect(isInternalTester(buildUser({ email: 'other@pinpoint.test' }), options)).toBe(false)
    expect(isInternalTester(buildGuest({ email: 'staff@pinpoint.test' }), options)).toBe(false)
    expect(isInternalTester(buildUser({ email: null }), options)).toBe(false)
    expect(isInternalTester(null, options)).toBe(false)
  })
})
