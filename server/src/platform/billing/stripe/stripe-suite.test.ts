/**
 * The shared provider contract (../provider-suite.ts, also run against the local engine) run against the
 * Stripe adapter talking to the fake Stripe server over HTTP, with our customer records in PostgreSQL.
 * Coupons are created the way an operator does at Stripe: a coupon plus a customer-facing promotion code.
 */
import { afterAll } from 'bun:test'
import { buildUser, testDatabase } from '@pinpoint/db/testing'
import { billingProviderSuite } from '../provider-suite'
import { createStripeClient } from './client'
import { startCatalogueFake } from './fake/catalogue'
import { StripeBillingProvider } from './provider'

const { db } = await testDatabase()
const now = () => new Date()
const fake = startCatalogueFake({ secretKey: 'sk_test_suite', webhookSecret: 'whsec_suite', now })
const stripe = createStripeClient({ secretKey: 'sk_test_suite', apiUrl: fake.url, maxNetworkRetries: 0 })
const provider = new StripeBillingProvider({ stripe, db, now })
const toUnix = (date: Date) => Math.floor(date.getTime() / 1000)

afterAll(() => fake.stop())

billingProviderSuite('Stripe adapter (fake Stripe server)', async () => ({
  provider,
  newUser: async () => {
    const user = await buildUser(db)
    return { id: user.id, email: user.email, name: user.name }
  },
  createCoupon: async (input) => {
    const coupon = await stripe.coupons.create({
      duration: input.duration,
      ...(input.percentOff ? { percent_off: input.percentOff } : {}),
      ...(input.amountOffCents ? { amount_off: input.amountOffCents, currency: 'usd' } : {}),
      ...(input.durationInMonths ? { duration_in_months: input.durationInMonths } : {}),
    })
    await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: input.code,
      ...(input.expiresAt ? { expires_at: toUnix(input.expiresAt) } : {}),
      ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
    })
  },
  now,
}))
