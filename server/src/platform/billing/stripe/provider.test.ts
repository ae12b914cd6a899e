/**
 * The Stripe adapter over real HTTP against the fake Stripe server, through the real `stripe` SDK: cards
 * from test tokens, trials, plan switches with proration, promotion codes, cancellation, invoices.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { customers } from '@pinpoint/db'
import { buildUser } from '@pinpoint/db/testing'
import type { PlanId } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { createTestContext } from '../../../testing/harness'
import { CardDeclinedError, InvalidCouponError, type ProviderCustomer } from '../provider'
import { createStripeClient } from './client'
import { startCatalogueFake } from './fake/catalogue'
import { StripeBillingProvider } from './provider'

const context = await createTestContext()
const { clock } = context
const { db } = context.database
clock.set('2026-02-01T09:00:00Z')
const fake = startCatalogueFake({
  secretKey: 'sk_test_provider',
  webhookSecret: 'whsec_provider',
  now: clock.now,
})
const stripe = createStripeClient({ secretKey: 'sk_test_provider', apiUrl: fake.url, maxNetworkRetries: 0 })
const provider = new StripeBillingProvider({ stripe, db, now: clock.now })
const DAY = 86_400_000

afterAll(() => fake.stop())

async function newCustomer(): Promise<ProviderCustomer> {
  const user = await buildUser(db)
  const { providerCustomerId } = await provider.ensureCustomer(user)
  return { userId: user.id, providerCustomerId, email: user.email, name: user.name }
}

async function trialing(planId: PlanId = 'team49') {
  const customer = await newCustomer()
  const state = await provider.startTrial(customer, planId, new Date(clock.now().getTime() + 14 * DAY))
  return { customer, state }
}

describe('Stripe adapter against the fake', () => {
  test('ensureCustomer keeps the Stripe id on our record and finds the same Stripe customer again', async () => {
    const user = await buildUser(db)
    const first = await provider.ensureCustomer(user)
    expect(first.providerCustomerId).toMatch(/^cus_/)
    const [row] = await db.select().from(customers).where(eq(customers.userId, user.id))
    expect(row?.customerId).toBe(first.providerCustomerId)
    // Even with our record's id lost, the Stripe customer of this user is found, not created twice.
    await db.update(customers).set({ customerId: null }).where(eq(customers.userId, user.id))
    expect(await provider.ensureCustomer(user)).toEqual(first)
    expect([...fake.state.customers.values()].filter((c) => c.email === user.email)).toHaveLength(1)
  })

  test('a trial needs no card and ends at trialEnd', async () => {
    const { customer, state } = await trialing()
    expect(state).toMatchObject({
      status: 'trialing',
      planId: 'team49',
      quantity: 1,
      cancelAtPeriodEnd: false,
    })
    expect(state.trialEnd?.toISOString()).toBe('2026-02-15T09:00:00.000Z')
    expect(await provider.getCard(customer)).toBeNull()
    const upcoming = await provider.upcomingInvoice(customer)
    expect(upcoming).toMatchObject({
      number: null,
      totalCents: 4900,
      periodStart: '2026-02-15T09:00:00.000Z',
    })
  })

  test('decline tokens throw CardDeclinedError with the reason, and leave no card', async () => {
    const { customer } = await trialing()
    const reasons: Array<[string, string]> = [
      ['tok_chargeDeclined', 'card_declined'],
      ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['tok_chargeDeclinedExpiredCard', 'expired_card'],
    ]
    for (const [token, reason] of reasons) {
      const error = await provider.attachCard(customer, token).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CardDeclinedError)
      expect((error as CardDeclinedError).reason).toBe(reason as CardDeclinedError['reason'])
    }
    expect(await provider.getCard(customer)).toBeNull()
    expect(await provider.attachCard(customer, 'tok_mastercard')).toEqual({
      brand: 'Mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2034,
    })
    expect((await provider.getCard(customer))?.last4).toBe('4444')
  })

  test('a trial that ended without a card stays "trialing" until a card is added, which charges at once', async () => {
    clock.set('2026-02-01T09:00:00Z')
    const { customer } = await trialing()
    clock.set('2026-02-15T10:00:00Z')
    await fake.advance()
    const expired = await provider.getSubscription(customer)
    expect(expired).toMatchObject({ status: 'trialing' })
    expect(expired?.currentPeriodEnd?.toISOString()).toBe('2026-02-15T09:00:00.000Z')
    expect(await provider.upcomingInvoice(customer)).toBeNull()

    await provider.attachCard(customer, 'tok_visa')
    const active = await provider.getSubscription(customer)
    expect(active).toMatchObject({ status: 'active', planId: 'team49' })
    expect(active?.currentPeriodEnd?.toISOString()).toBe('2026-03-15T10:00:00.000Z')
    const invoices = await provider.listInvoices(customer)
    expect(invoices).toHaveLength(1)
    expect(invoices[0]).toMatchObject({ status: 'paid', totalCents: 4900, amountPaidCents: 4900 })
    expect(await provider.getInvoice(customer, invoices[0]?.id ?? '')).toEqual(invoices[0] ?? null)
    const stranger = await newCustomer()
    expect(await provider.getInvoice(stranger, invoices[0]?.id ?? '')).toBeNull()
    expect(await provider.getInvoice(customer, 'in_doesnotexist')).toBeNull()
  })

  test('seats and plan switches prorate onto the upcoming invoice; free0 ends the subscription', async () => {
    clock.set('2026-03-01T00:00:00Z')
    const customer = await newCustomer()
    await provider.attachCard(customer, 'tok_visa')
    const started = await provider.switchPlan(customer, 'enterprise35peruser', 2)
    expect(started).toMatchObject({ status: 'active', planId: 'enterprise35peruser', quantity: 2 })
    expect((await provider.listInvoices(customer))[0]?.totalCents).toBe(7000)

    clock.set('2026-03-16T12:00:00Z') // half of March left
    const switched = await provider.switchPlan(customer, 'enterprise45peruser', 2)
    expect(switched).toMatchObject({ planId: 'enterprise45peruser', quantity: 2, status: 'active' })
    const upcoming = await provider.upcomingInvoice(customer)
    expect(upcoming?.lines.map((line) => line.amountCents)).toEqual([-3500, 4500, 9000])
    expect(upcoming?.lines[0]?.description).toContain('Unused time')

    const free = await provider.switchPlan(customer, 'free0', 1)
    expect(free).toMatchObject({ subscriptionId: null, planId: 'free0', status: 'active' })
    expect(await provider.getSubscription(customer)).toBeNull()
    expect(await provider.upcomingInvoice(customer)).toBeNull()
  })

  test('a paid plan whose first charge is declined is refused and leaves no subscription', async () => {
    const customer = await newCustomer()
    // Stripe's tok_chargeCustomerFail: the card attaches, its first charge fails.
    await provider.attachCard(customer, 'tok_chargeCustomerFail')
    const error = await provider.switchPlan(customer, 'individual19', 1).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CardDeclinedError)
    expect(await provider.getSubscription(customer)).toBeNull()
  })

  test('promotion codes: applied, shown, and refused when unknown, expired or used up', async () => {
    clock.set('2026-04-01T00:00:00Z')
    const now = Math.floor(clock.now().getTime() / 1000)
    const coupon = await stripe.coupons.create({
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 3,
    })
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'SPRING25' })
    await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'OLD25',
      expires_at: now + 60,
    })
    await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'ONCE25',
      max_redemptions: 1,
    })
    const { customer } = await trialing('individual29')
    expect(await provider.applyCoupon(customer, 'SPRING25')).toEqual({
      code: 'SPRING25',
      percentOff: 25,
      amountOffCents: null,
      duration: 'repeating',
      durationInMonths: 3,
    })
    expect((await provider.getCoupon(customer))?.code).toBe('SPRING25')
    expect((await provider.upcomingInvoice(customer))?.discountCents).toBe(725)

    const other = (await trialing('individual29')).customer
    await provider.applyCoupon(other, 'ONCE25')
    const refusals: Array<[string, string]> = [
      ['NOPE', 'unknown'],
      ['ONCE25', 'used_up'],
    ]
    clock.advance(120_000)
    refusals.push(['OLD25', 'expired'])
    for (const [code, reason] of refusals) {
      const error = await provider.applyCoupon(customer, code).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(InvalidCouponError)
      expect((error as InvalidCouponError).reason).toBe(reason as InvalidCouponError['reason'])
    }
  })

  test('cancel at period end keeps the plan until then and drops the upcoming invoice', async () => {
    clock.set('2026-05-01T00:00:00Z')
    const customer = await newCustomer()
    await provider.attachCard(customer, 'tok_amex')
    await provider.switchPlan(customer, 'team49yearly', 1)
    const canceled = await provider.cancelAtPeriodEnd(customer)
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, planId: 'team49yearly' })
    expect(canceled.currentPeriodEnd?.toISOString()).toBe('2027-05-01T00:00:00.000Z')
    expect(await provider.upcomingInvoice(customer)).toBeNull()
    clock.set('2027-05-01T00:00:01Z')
    await fake.advance()
    expect(await provider.getSubscription(customer)).toBeNull()
  })
})
