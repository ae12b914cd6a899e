import { describe, expect, test } from 'bun:test'
import type { CustomerView } from '@pinpoint/api'
import { trialExpired } from './customer'

const customer = (patch: Partial<CustomerView>): CustomerView => ({
  customerId: 'cus_1',
  planId: 'team49',
  status: 'trialing',
  periodEnd: '2026-01-01T00:00:00Z',
  trialEnd: '2026-01-01T00:00:00Z',
  cancelAtPeriodEnd: false,
  shouldEmailReceipts: true,
  billingEmail: null,
  betaFeaturesEnabled: {},
  active: true,
  trialing: true,
  ...patch,
})

describe('trial-expired dialog', () => {
  test('shows for a trial that is no longer active', () => {
    expect(trialExpired(customer({ active: false }))).toBe(true)
  })
  test('not during the trial, nor for a paid account that lapsed, nor without a customer', () => {
    expect(trialExpired(customer({ active: true }))).toBe(false)
    expect(trialExpired(customer({ active: false, trialing: false, status: 'past_due' }))).toBe(false)
    expect(trialExpired(null)).toBe(false)
  })
})
