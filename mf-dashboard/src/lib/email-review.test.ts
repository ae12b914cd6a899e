import { describe, expect, test } from 'bun:test'
import type { DomainUser } from '@pinpoint/domain'
import { emailReviewUnavailableReason } from './email-review'

const customer = (emailReview: boolean) => ({
  planId: 'enterprise35peruser',
  status: 'active',
  periodEnd: null,
  betaFeaturesEnabled: { emailReview },
})

const member = (emailReview: boolean): DomainUser => ({
  id: 'u1',
  isGuest: false,
  role: 'member',
  teamId: 't1',
  team: { id: 't1', ownerUserId: 'owner', customer: customer(emailReview) },
  customer: null,
})

describe('emailReviewUnavailableReason', () => {
  test('a team with the beta flag may create e-mail canvases', () => {
    expect(emailReviewUnavailableReason(member(true))).toBeNull()
  })

  test('a team without it is told that staff turn it on per team', () => {
    expect(emailReviewUnavailableReason(member(false))).toContain('not on for your team yet')
  })

  test('an account without a team is told it needs one, even with the flag on its own record', () => {
    const solo: DomainUser = { ...member(true), teamId: null, team: null, customer: customer(true) }
    expect(emailReviewUnavailableReason(solo)).toContain('not in a team')
  })
})
