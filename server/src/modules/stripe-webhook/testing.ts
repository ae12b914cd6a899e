/**
 * A listening test server running the Stripe provider against the fake Stripe server: real HTTP both ways
 * (the SDK calls the fake; the fake delivers signed webhooks to the server), real PostgreSQL, one clock.
 */
import { afterAll } from 'bun:test'
import { createApp } from '../../app'
import type { AppContext } from '../../context'
import { createStripeClient } from '../../platform/billing/stripe/client'
import { startCatalogueFake } from '../../platform/billing/stripe/fake/catalogue'
import { createTestContext } from '../../testing/harness'

export async function createStripeTestServer(name: string) {
  const secretKey = `sk_test_${name}`
  const webhookSecret = `whsec_${name}`
  const base = await createTestContext()
  const { clock } = base
  const fake = startCatalogueFake({ secretKey, webhookSecret, now: clock.now })
  const context: AppContext & { clock: typeof clock } = {
    ...base,
    config: {
      ...base.config,
      billingProvider: 'stripe',
      stripeSecretKey: secretKey,
      stripeWebhookSecret: webhookSecret,
      stripeApiUrl: fake.url,
    },
  }
  const app = createApp(context)
  const server = app.listen({ port: 0, hostname: '127.0.0.1' })
  const baseUrl = `http://127.0.0.1:${server.server?.port}`
  const webhookUrl = `${baseUrl}/api/v1/billing/stripe/webhook`
  fake.setWebhookUrl(webhookUrl)
  afterAll(async () => {
    await fake.stop()
    await server.stop()
    await context.jobs.stop()
  })
  return {
    app: server,
    context,
    clock,
    db: context.database.db,
    fake,
    baseUrl,
    webhookUrl,
    stripe: createStripeClient({ secretKey, apiUrl: fake.url, maxNetworkRetries: 0 }),
  }
}
