/**
 * Stripe webhook events -> our records. The raw body is verified with `constructEventAsync` (the SDK's
 * Web Crypto build under Bun has no synchronous HMAC), then the event id is stored in `billing_events` in
 * the same transaction as the writes it causes: a replayed or retried event finds its id and changes
 * nothing. Ordering is handled in `./mirror.ts`. What the billing module must do afterwards (publish
 * customer.updated, send the billing e-mails) goes to the provider event sink, as the local engine's do.
 */
import { billingEvents, type Customer, type Db, type JsonObject } from '@pinpoint/db'
import { AppError } from '@pinpoint/domain'
import Stripe from 'stripe'
import type { Logger } from '../../logger'
import type { BillingEventSink, BillingProviderEvent } from '../provider'
import { cardView, fromUnix, idOf, invoiceSubscriptionId, invoiceView } from './mapping'
import { customerByStripeId, isStale, mirrorCard, mirrorInvoice, mirrorSubscription } from './mirror'

export interface StripeWebhookDeps {
  db: Db
  stripe: Stripe
  webhookSecret: string
  sink: BillingEventSink
  logger: Logger
}

export type WebhookResult = { received: true; duplicate?: true; ignored?: string }

export class InvalidStripeSignature extends AppError {
  constructor() {
    super('The Stripe signature of this webhook is not valid.', { name: 'InvalidSignature', status: 400 })
  }
}

async function verify(
  deps: StripeWebhookDeps,
  payload: string,
  signature: string | null,
): Promise<Stripe.Event> {
  if (!signature) throw new InvalidStripeSignature()
  try {
    return await deps.stripe.webhooks.constructEventAsync(payload, signature, deps.webhookSecret)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidStripeSignature()
    throw error
  }
}

async function defaultCard(stripe: Stripe, stripeCustomerId: string) {
  const customer = await stripe.customers.retrieve(stripeCustomerId)
  if (customer.deleted) return null
  const methodId = idOf(customer.invoice_settings?.default_payment_method ?? null)
  return methodId ? cardView(await stripe.paymentMethods.retrieve(methodId)) : null
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Applies one verified event inside the transaction; returns what the billing module should hear. */
async function apply(deps: StripeWebhookDeps, tx: Tx, event: Stripe.Event): Promise<BillingProviderEvent[]> {
  const object = event.data.object as { object?: string; customer?: unknown }
  const stripeCustomerId =
    object.object === 'customer' ? (event.data.object as Stripe.Customer).id : idOf(object.customer as string)
  if (!stripeCustomerId) return []
  const providerCustomerId = stripeCustomerId
  const updated: BillingProviderEvent = { type: 'subscription_updated', providerCustomerId }

  if (event.type.startsWith('customer.subscription.')) {
    const subscription = event.data.object as Stripe.Subscription
    const { outcome } = await mirrorSubscription(tx, subscription, event.type, event.created)
    if (outcome === 'unknown-customer') return []
    const out: BillingProviderEvent[] = outcome === 'applied' ? [updated] : []
    const trialEnd = fromUnix(subscription.trial_end)
    if (event.type === 'customer.subscription.trial_will_end' && trialEnd) {
      out.push({ type: 'trial_will_end', providerCustomerId, trialEnd })
    }
    if (event.type === 'customer.subscription.paused' && trialEnd) {
      out.push({ type: 'trial_ended', providerCustomerId, trialEnd })
    }
    return out
  }

  if (event.type.startsWith('invoice.')) {
    const invoice = event.data.object as Stripe.Invoice
    const customer = await customerByStripeId(tx, stripeCustomerId)
    if (!customer) return []
    await mirrorInvoice(tx, customer, invoice)
    const out: BillingProviderEvent[] = []
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      // The subscription's new status comes in its own event too; reading it now means access comes back
      // (or goes) with the payment even when that event is late or lost.
      const subscriptionId = invoiceSubscriptionId(invoice)
      if (subscriptionId) {
        const subscription = await deps.stripe.subscriptions.retrieve(subscriptionId)
        const { outcome } = await mirrorSubscription(
          tx,
          subscription,
          'customer.subscription.updated',
          event.created,
        )
        if (outcome === 'applied') out.push(updated)
      }
    }
    if (event.type === 'invoice.paid' && invoice.amount_paid > 0) {
      out.push({ type: 'payment_succeeded', providerCustomerId, invoice: invoiceView(invoice) })
    }
    if (event.type === 'invoice.payment_failed') {
      const finalAttempt = invoice.next_payment_attempt === null
      out.push({ type: 'payment_failed', providerCustomerId, invoice: invoiceView(invoice), finalAttempt })
    }
    return out
  }

  if (
    event.type === 'customer.updated' ||
    event.type === 'payment_method.attached' ||
    event.type === 'payment_method.detached'
  ) {
    const customer: Customer | null = await customerByStripeId(tx, stripeCustomerId)
    if (!customer || isStale(customer, event.created)) return []
    await mirrorCard(tx, customer, await defaultCard(deps.stripe, stripeCustomerId), event.created)
    return [updated]
  }
  return []
}

export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
  payload: string,
  signature: string | null,
): Promise<WebhookResult> {
  const event = await verify(deps, payload, signature)
  const outcome = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(billingEvents)
      .values({
        id: event.id,
        provider: 'stripe',
        type: event.type,
        providerCreatedAt: fromUnix(event.created) ?? new Date(),
        payload: JSON.parse(payload) as JsonObject,
      })
      .onConflictDoNothing({ target: billingEvents.id })
      .returning({ id: billingEvents.id })
    if (!stored) return { duplicate: true as const, events: [] }
    return { duplicate: false as const, events: await apply(deps, tx, event) }
  })
  if (outcome.duplicate) return { received: true, duplicate: true }
  // After commit, so what the sink publishes or mails is what the database now says.
  for (const providerEvent of dedupe(outcome.events)) {
    await deps.sink(providerEvent).catch((error: unknown) => {
      // The event is stored already, so Stripe's retry would not redo this: log it for an operator.
      deps.logger.error('billing event handler failed', {
        event: event.id,
        type: providerEvent.type,
        error: error instanceof Error ? error.message : String(error),
      })
    })
  }
  return outcome.events.length > 0 ? { received: true } : { received: true, ignored: event.type }
}

/** One subscription_updated per event is enough: it makes the module re-read and publish the customer. */
function dedupe(events: BillingProviderEvent[]): BillingProviderEvent[] {
  let seenUpdate = false
  return events.filter((entry) => {
    if (entry.type !== 'subscription_updated') return true
    if (seenUpdate) return false
    seenUpdate = true
    return true
  })
}
