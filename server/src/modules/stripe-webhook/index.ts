/**
 * `POST /api/v1/billing/stripe/webhook`: Stripe's calls to us. The body is read raw (`parse: 'none'`)
 * because the signature covers the exact bytes Stripe sent; parsing and re-serialising JSON would break it.
 * No session or origin applies (Stripe sends neither); the signature is the authentication. Answers 400 on
 * a bad signature, 200 otherwise (also for a replayed event), so Stripe stops retrying what we have.
 * Present only when the Stripe provider is configured with a webhook secret; otherwise an ordinary 404.
 */
import { AppError, NotFound } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { StripeBillingProvider } from '../../platform/billing/stripe'
import { handleStripeWebhook } from '../../platform/billing/stripe/webhook'
import { billingProvider } from '../billing/runtime'

/** Stripe's event payloads are a few kB; this leaves a wide margin and still refuses junk early. */
const MAX_BODY_BYTES = 512 * 1024

export function stripeWebhookModule(context: AppContext) {
  return new Elysia({ name: 'stripe-webhook' }).post(
    '/billing/stripe/webhook',
    async ({ request }) => {
      const provider = context.config.billingProvider === 'stripe' ? billingProvider(context) : null
      const webhookSecret = context.config.stripeWebhookSecret
      if (!(provider instanceof StripeBillingProvider) || !webhookSecret) throw new NotFound()
      const declared = Number(request.headers.get('content-length') ?? 0)
      const payload = declared > MAX_BODY_BYTES ? '' : await request.text()
      if (declared > MAX_BODY_BYTES || Buffer.byteLength(payload) > MAX_BODY_BYTES) {
        throw new AppError('The webhook body is too large.', { name: 'PayloadTooLarge', status: 413 })
      }
      return handleStripeWebhook(
        {
          db: context.database.db,
          stripe: provider.stripe,
          webhookSecret,
          sink: provider.onEvent,
          logger: context.logger,
        },
        payload,
        request.headers.get('stripe-signature'),
      )
    },
    { parse: 'none', detail: { tags: ['Billing'], summary: 'Stripe webhook (signed by Stripe)' } },
  )
}
