/**
 * The Stripe adapter, registered with the provider factory of `../index.ts` when this module is loaded
 * (the webhook route imports it), so the billing core never imports the Stripe SDK itself.
 */
import { registerStripeProvider } from '../index'
import { createStripeClient } from './client'
import { StripeBillingProvider } from './provider'

export { StripeBillingProvider } from './provider'

registerStripeProvider(({ config, db, now, onEvent }) => {
  if (!config.stripeSecretKey) throw new Error('The Stripe provider needs STRIPE_SECRET_KEY.')
  const stripe = createStripeClient({ secretKey: config.stripeSecretKey, apiUrl: config.stripeApiUrl })
  return new StripeBillingProvider({ stripe, db, now, onEvent })
})
