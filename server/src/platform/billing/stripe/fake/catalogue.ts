/**
 * A fake Stripe account set up like ours: one price per paid plan of the catalogue, found by `lookup_key`
 * = plan id (what an operator creates in the Stripe dashboard, see README "Billing").
 */
import { PLAN_CATALOGUE } from '@pinpoint/domain'
import { type FakeStripe, type FakeStripeOptions, startFakeStripe } from './server'

export function startCatalogueFake(options: Omit<FakeStripeOptions, 'prices'>): FakeStripe {
  const prices = PLAN_CATALOGUE.filter((plan) => plan.interval !== null).map((plan) => ({
    lookupKey: plan.id,
    name: plan.name,
    unitAmount: plan.amountCents,
    interval: plan.interval,
  }))
  return startFakeStripe({ ...options, prices })
}
