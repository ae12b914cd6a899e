import { describe, expect, test } from 'bun:test'
import { PLAN_CATALOGUE } from '@pinpoint/domain'
import { brandName, featureLabels, formatExpiry, formatMoney, statusText } from './format'
import { couponTerms } from './overview/coupon-card'

describe('billing words', () => {
  test('no plan shows single sign-on, which is not offered (decision 037)', () => {
    for (const plan of PLAN_CATALOGUE) expect(featureLabels(plan.features)).not.toContain('Single sign-on')
    expect(featureLabels(['team', 'sso', 'apiToken'])).toEqual([
      'A team with members and invites',
      'API token',
    ])
  })

  test('money on invoices, card brand and expiry, status', () => {
    expect(formatMoney(4900, 'usd')).toBe('$49.00')
    expect(formatMoney(-980, 'USD')).toBe('-$9.80')
    expect(brandName('visa')).toBe('Visa')
    expect(brandName('Discover')).toBe('Discover')
    expect(formatExpiry(4, 2030)).toBe('04/2030')
    expect(statusText('past_due', false)).toBe('Payment overdue')
    expect(statusText('active', true)).toBe('Cancelled, ends at the end of the period')
  })

  test('coupon terms', () => {
    const base = { code: 'X', amountOffCents: null, durationInMonths: null }
    expect(couponTerms({ ...base, percentOff: 20, duration: 'repeating', durationInMonths: 3 })).toBe(
      '20% off for 3 months',
    )
    expect(couponTerms({ ...base, percentOff: 50, duration: 'once' })).toBe('50% off your next invoice')
    expect(couponTerms({ ...base, percentOff: null, amountOffCents: 500, duration: 'forever' }, 'usd')).toBe(
      '$5.00 off, for as long as you stay',
    )
  })
})
