import { describe, expect, test } from 'bun:test'
import { PAID_GRACE_MS, TRIALING_GRACE_MS } from './constants'
import { customerActiveUntil, customerGraceMs, isCustomerActive, isTrialingUser } from './customer'
import { buildCustomer, buildSolo, buildTeam, buildUser } from './test-factories'

const PERIOD_END = Date.UTC(2025, 0, 1)
const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

describe('isCustomerActive', () => {
  test('no customer record is active', () => {
    expect(isCustomerActive(null, PERIOD_END + 365 * DAY)).toBe(true)
    expect(isCustomerActive(undefined, PERIOD_END)).toBe(true)
  })

  for (const status of ['active', 'past_due']) {
    test(`${status}: active until exactly 7 days after periodEnd (exclusive)`, () => {
      const customer = buildCustomer({ status, periodEnd: PERIOD_END })
      expect(isCustomerActive(customer, PERIOD_END + 7 * DAY - 1)).toBe(true)
      expect(isCustomerActive(customer, PERIOD_END + 7 * DAY)).toBe(false)
      expect(isCustomerActive(customer, PERIOD_END + 7 * DAY + 1)).toBe(false)
      expect(isCustomerActive(customer, PERIOD_END + 6 * DAY)).toBe(true)
    })
  }

  test('trialing: active until exactly 2 hours after periodEnd (exclusive)', () => {
    const customer = buildCustomer({ status: 'trialing', periodEnd: PERIOD_END })
    expect(isCustomerActive(customer, PERIOD_END + 2 * HOUR - 1)).toBe(true)
    expect(isCustomerActive(customer, PERIOD_END + 2 * HOUR)).toBe(false)
    expect(isCustomerActive(customer, PERIOD_END + 3 * DAY)).toBe(false)
  })

  for (const status of ['canceled', 'unpaid', 'incomplete', null]) {
    test(`status ${status}: active only before periodEnd`, () => {
      const customer = buildCustomer({ status, periodEnd: PERIOD_END })
      expect(isCustomerActive(customer, PERIOD_END - 1)).toBe(true)
      expect(isCustomerActive(customer, PERIOD_END)).toBe(false)
    })
  }

  test('accepts Date and ISO string inputs', () => {
    const customer = buildCustomer({ status: 'active', periodEnd: '2025-01-01T00:00:00.000Z' })
    expect(isCustomerActive(customer, new Date(PERIOD_END + 7 * DAY - 1))).toBe(true)
    expect(isCustomerActive(customer, new Date(PERIOD_END + 7 * DAY).toISOString())).toBe(false)
  })

  test('an active customer without a periodEnd (free plan, no subscription) is active', () => {
    expect(
      isCustomerActive(buildCustomer({ planId: 'free0', status: 'active', periodEnd: null }), PERIOD_END),
    ).toBe(true)
    expect(
      isCustomerActive(
        buildCustomer({ planId: 'free0', status: 'active', periodEnd: undefined }),
        PERIOD_END,
      ),
    ).toBe(true)
  })

  test('any other status without a periodEnd, or an unreadable periodEnd, is inactive (fail closed)', () => {
    for (const status of ['trialing', 'past_due', 'canceled', 'unpaid']) {
      expect(isCustomerActive(buildCustomer({ status, periodEnd: null }), PERIOD_END)).toBe(false)
    }
    expect(isCustomerActive(buildCustomer({ periodEnd: 'not a date' }), PERIOD_END)).toBe(false)
  })

  test('grace per status and active-until instant', () => {
    expect(customerGraceMs('active')).toBe(PAID_GRACE_MS)
    expect(customerGraceMs('past_due')).toBe(PAID_GRACE_MS)
    expect(customerGraceMs('trialing')).toBe(TRIALING_GRACE_MS)
    expect(customerGraceMs('canceled')).toBe(0)
    expect(customerActiveUntil(buildCustomer({ status: 'trialing', periodEnd: PERIOD_END }))).toBe(
      PERIOD_END + 2 * HOUR,
    )
    expect(customerActiveUntil(buildCustomer({ periodEnd: undefined }))).toBeNull()
  })
})

describe('isTrialingUser', () => {
  const trialing = buildCustomer({ status: 'trialing' })

  test('a solo user with a trialing customer', () => {
    expect(isTrialingUser(buildSolo('individual19', { customer: trialing }))).toBe(true)
    expect(isTrialingUser(buildSolo('individual19'))).toBe(false)
  })

  test('the owner of a trialing team, but not its members', () => {
    const team = buildTeam({ customer: trialing })
    expect(isTrialingUser(buildUser({ id: 'owner', team }))).toBe(true)
    expect(isTrialingUser(buildUser({ id: 'member', team }))).toBe(false)
  })

  test('nobody logged in is not trialing', () => {
    expect(isTrialingUser(null)).toBe(false)
  })
})
