/**
 * The `stripe` SDK client. STRIPE_API_URL (tests and local development only) points it at another server —
 * the fake in `./fake` — through the SDK's own host/port/protocol options, so no request code changes.
 * Under Bun the SDK loads its fetch/Web Crypto build: webhooks must use the async verification.
 */
import Stripe from 'stripe'

export interface StripeClientOptions {
  secretKey: string
  /** e.g. http://127.0.0.1:43121; absent = api.stripe.com. */
  apiUrl?: string
  /** Retries of network errors and 5xx/409 answers (the SDK adds idempotency keys to retried POSTs). */
  maxNetworkRetries?: number
}

export function createStripeClient({
  secretKey,
  apiUrl,
  maxNetworkRetries = 2,
}: StripeClientOptions): Stripe {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries,
    timeout: 20_000,
    appInfo: { name: 'Pinpoint' },
  }
  if (apiUrl) {
    const url = new URL(apiUrl)
    const protocol = url.protocol === 'http:' ? 'http' : 'https'
    config.host = url.hostname
    config.port = url.port || (protocol === 'http' ? '80' : '443')
    config.protocol = protocol
    // Telemetry headers describe calls to Stripe itself; a local fake has no use for them.
    config.telemetry = false
  }
  return new Stripe(secretKey, config)
}
