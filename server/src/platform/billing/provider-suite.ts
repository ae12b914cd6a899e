/**
 * The provider-level test suite: what any BillingProvider must do, run against the local engine
 * (local/engine.test.ts) and, by the Stripe adapter's tests, against Stripe's fake server. Call it from a
 * test file with a factory; it registers its own `describe` block.
 */
import { describe, expect, test } from 'bun:test'
import type { PlanId } from '@pinpoint/domain'
import type { CouponInput } from './local/coupons'
import {
  type BillingProvider,
  type BillingUser,
  CardDeclinedError,
  InvalidCouponError,
  type ProviderCustomer,
} from './provider'

export interface ProviderHarness {
  provider: BillingProvider
  /** A fresh user (with its users row) that has never been billed. */
  newUser(): Promise<BillingUser>
  /** Creates a coupon the provider will accept. */
  createCoupon(input: CouponInput): Promise<void>
  /** The provider's current time. */
  now(): Date
}

const DAY = 24 * 60 * 60 * 1000

let codes = 0
const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(codes++).toString(36)}`.toUpperCase()

export function billingProviderSuite(name: string, makeHarness: () => Promise<ProviderHarness>): void {
  describe(`billing provider contract: ${name}`, () => {
    async function customer(h: ProviderHarness): Promise<ProviderCustomer> {
      const user = await h.newUser()
      const { providerCustomerId } = await h.provider.ensureCustomer(user)
      return { userId: user.id, providerCustomerId, email: user.email, name: user.name }
    }

    test('ensureCustomer is idempotent; a new customer has no subscription, card, coupon or invoices', async () => {
      const h = await makeHarness()
      const user = await h.newUser()
      const first = await h.provider.ensureCustomer(user)
      const again = await h.provider.ensureCustomer(user)
      expect(again.providerCustomerId).toBe(first.providerCustomerId)
      const who = {
        userId: user.id,
        providerCustomerId: first.providerCustomerId,
        email: user.email,
        name: user.name,
      }
      expect(await h.provider.getSubscription(who)).toBeNull()
      expect(await h.provider.getCard(who)).toBeNull()
      expect(await h.provider.getCoupon(who)).toBeNull()
      expect(await h.provider.listInvoices(who)).toEqual([])
      expect(await h.provider.upcomingInvoice(who)).toBeNull()
    })

    test('a trial needs no card and ends at its trial end', async () => {
      const h = await makeHarness()
      const who = await customer(h)
      // Whole seconds: Stripe keeps times in Unix seconds.
      const trialEnd = new Date(Math.floor((h.now().getTime() + 14 * DAY) / 1000) * 1000)
      const state = await h.provider.startTrial(who, 'team49', trialEnd)
      expect(state).toMatchObject({
        status: 'trialing',
        planId: 'team49',
        quantity: 1,
        cancelAtPeriodEnd: false,
      })
      expect(state.trialEnd?.getTime()).toBe(trialEnd.getTime())
      expect((await h.provider.getSubscription(who))?.status).toBe('trialing')
    })

    test('the test tokens: three brands succeed, three are declined with their reason', async () => {
      const h = await makeHarness()
      const who = await customer(h)
      expect(await h.provider.attachCard(who, 'tok_visa')).toMatchObject({ brand: 'Visa', last4: '4242' })
      expect(await h.provider.attachCard(who, 'tok_mastercard')).toMatchObject({
        brand: 'Mastercard',
        last4: '4444',
      })
      const amex = await h.provider.attachCard(who, 'tok_amex')
      expect(amex).toMatchObject({ brand: 'American Express', last4: '8431' })
      expect(amex.expYear).toBeGreaterThanOrEqual(h.now().getUTCFullYear())
      expect(await h.provider.getCard(who)).toEqual(amex)
      const reasons: Record<string, string> = {
        tok_chargeDeclined: 'card_declined',
        tok_chargeDeclinedInsufficientFunds: 'insufficient_funds',
        tok_chargeDeclinedExpiredCard: 'expired_card',
      }
      for (const [token, reason] of Object.entries(reasons)) {
        const error = await h.provider.attachCard(who, token).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(CardDeclinedError)
        expect((error as CardDeclinedError).reason).toBe(reason as CardDeclinedError['reason'])
        expect((error as Error).message).toBe('Your card was declined.')
      }
      expect(await h.provider.getCard(who)).toEqual(amex)
    })

    test('a paid plan with a card: active, a numbered paid invoice, the next one upcoming', async () => {
      const h = await makeHarness()
      const who = await customer(h)
      await h.provider.attachCard(who, 'tok_visa')
      const state = await h.provider.switchPlan(who, 'individual29', 1)
      expect(state).toMatchObject({ status: 'active', planId: 'individual29', quantity: 1 })
      const invoices = await h.provider.listInvoices(who)
      expect(invoices).toHaveLength(1)
      const [invoice] = invoices
      expect(invoice).toMatchObject({
        status: 'paid',
        totalCents: 2900,
        amountPaidCents: 2900,
        currency: 'usd',
      })
      expect(invoice?.number).toMatch(/^[A-Z]+-\d{4,}|^[A-Z0-9-]+$/)
      expect(await h.provider.getInvoice(who, invoice?.id ?? '')).toEqual(invoice ?? null)
      const upcoming = await h.provider.upcomingInvoice(who)
      expect(upcoming).toMatchObject({ number: null, totalCents: 2900 })
    })

    test('enterprise plans count seats; a switch mid-period is prorated on the next invoice', async () => {
      const h = await makeHarness()
      const who = await customer(h)
      await h.provider.attachCard(who, 'tok_visa')
      await h.provider.switchPlan(who, 'enterprise35peruser', 3)
      expect((await h.provider.getSubscription(who))?.quantity).toBe(3)
      const [first] = await h.provider.listInvoices(who)
      expect(first?.totalCents).toBe(3 * 3500)
      const state = await h.provider.switchPlan(who, 'enterprise45peruser', 4)
      expect(state).toMatchObject({ planId: 'enterprise45peruser', quantity: 4 })
      const upcoming = await h.provider.upcomingInvoice(who)
      // Proration lines are named like Stripe's: "Unused time on …" and "Remaining time on …".
      const prorations = (upcoming?.lines ?? []).filter((line) => /time on/i.test(line.description))
      expect(prorations).toHaveLength(2)
      expect(prorations.some((line) => line.amountCents < 0)).toBe(true)
      expect(prorations.some((line) => line.amountCents > 0)).toBe(true)
      // Almost the whole period is left: the credit is close to the old price, the charge to the new one.
      const credit = prorations.find((line) => line.amountCents < 0)?.amountCents ?? 0
      expect(Math.abs(credit)).toBeGreaterThan(3 * 3500 * 0.95)
      expect(Math.abs(credit)).toBeLessThanOrEqual(3 * 3500)
    })

    test('coupons: percent and amount, case-insensitive; unknown, expired and used-up ones are refused', async () => {
      const h = await makeHarness()
      const percent = uniqueCode('half')
      const amount = uniqueCode('tenoff')
      const expired = uniqueCode('old')
      const single = uniqueCode('one')
      await h.createCoupon({ code: percent, percentOff: 50, duration: 'forever' })
      await h.createCoupon({ code: amount, amountOffCents: 1000, duration: 'repeating', durationInMonths: 3 })
      await h.createCoupon({
        code: expired,
        percentOff: 10,
        duration: 'once',
        expiresAt: new Date(h.now().getTime() - DAY),
      })
      await h.createCoupon({ code: single, percentOff: 10, duration: 'once', maxRedemptions: 1 })
      const who = await customer(h)
      const applied = await h.provider.applyCoupon(who, percent.toLowerCase())
      expect(applied).toMatchObject({
        code: percent,
        percentOff: 50,
        amountOffCents: null,
        duration: 'forever',
      })
      await h.provider.attachCard(who, 'tok_visa')
      await h.provider.switchPlan(who, 'team49', 1)
      const [invoice] = await h.provider.listInvoices(who)
      expect(invoice).toMatchObject({ subtotalCents: 4900, discountCents: 2450, totalCents: 2450 })
      expect(await h.provider.applyCoupon(who, amount)).toMatchObject({
        amountOffCents: 1000,
        durationInMonths: 3,
      })
      expect((await h.provider.getCoupon(who))?.code).toBe(amount)
      const refused = async (code: string) =>
        h.provider.applyCoupon(who, code).catch((error: unknown) => error)
      expect(await refused('NO-SUCH-COUPON')).toBeInstanceOf(InvalidCouponError)
      const old = await refused(expired)
      expect(old).toBeInstanceOf(InvalidCouponError)
      expect((old as Error).message).toBe('This coupon has expired.')
      await h.provider.applyCoupon(await customer(h), single)
      expect(await refused(single)).toBeInstanceOf(InvalidCouponError)
    })

    test('cancel at period end keeps the subscription until then', async () => {
      const h = await makeHarness()
      const who = await customer(h)
      await h.provider.attachCard(who, 'tok_visa')
      const active = await h.provider.switchPlan(who, 'team49yearly' as PlanId, 1)
      const canceled = await h.provider.cancelAtPeriodEnd(who)
      expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
      expect(canceled.currentPeriodEnd?.getTime()).toBe(active.currentPeriodEnd?.getTime())
      expect(await h.provider.upcomingInvoice(who)).toBeNull()
    })

    test('switching to the free plan ends the subscription', async () => {
      const h = await makeHarness()
      const who = await customer(h)
      await h.provider.startTrial(who, 'individual19', new Date(h.now().getTime() + 14 * DAY))
      const state = await h.provider.switchPlan(who, 'free0', 1)
      expect(state).toMatchObject({ planId: 'free0', subscriptionId: null })
      expect(await h.provider.getSubscription(who)).toBeNull()
    })
  })
}
