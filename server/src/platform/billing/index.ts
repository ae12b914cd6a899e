/**
 * Picks the billing provider the configuration asks for. The Stripe adapter registers itself through
 * `registerStripeProvider` (platform/billing/stripe), so this file does not depend on the Stripe SDK.
 */
import type { Db } from '@pinpoint/db'
import type { Config } from '../../config'
import { LocalBillingProvider } from './local/engine'
import type { BillingEventSink, BillingProvider } from './provider'

export interface ProviderDeps {
  config: Config
  db: Db
  now: () => Date
  onEvent: BillingEventSink
}

type StripeFactory = (deps: ProviderDeps) => BillingProvider
let stripeFactory: StripeFactory | null = null

/** Called once by the Stripe adapter's module when it is loaded. */
export function registerStripeProvider(factory: StripeFactory): void {
  stripeFactory = factory
}

/** The configured provider; null when billing is turned off (BILLING_DISABLED=1). */
export function createBillingProvider(deps: ProviderDeps): BillingProvider | null {
  const kind = deps.config.billingProvider
  if (kind === 'disabled') return null
  if (kind === 'stripe') {
    if (!stripeFactory) throw new Error('STRIPE_SECRET_KEY is set but this build has no Stripe adapter.')
    return stripeFactory(deps)
  }
  return new LocalBillingProvider({ db: deps.db, now: deps.now, onEvent: deps.onEvent })
}

export * from './provider'
