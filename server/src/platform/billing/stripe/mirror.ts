/**
 * Writes what a Stripe event says into our tables: the customer record (the part SPEC 4's activity rule
 * and the billing screens read) and the invoice mirror. Each write is guarded so that an event delivered
 * late cannot roll anything back:
 * - customer: an event created before `customers.provider_updated_at` (second precision, as Stripe's
 *   `created`) is ignored; a subscription event for a subscription the customer has left is ignored;
 * - invoices: rows are keyed by the Stripe id; content is written once (finalised invoices are immutable),
 *   the status only moves forward (draft -> open -> paid/void/uncollectible), and payment attempts only up.
 */
import { type Customer, customers, type DbOrTx, invoiceLines, invoices } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { CardView, SubscriptionState } from '../provider'
import { fromUnix, idOf, invoiceView, subscriptionState } from './mapping'

export async function customerByStripeId(db: DbOrTx, stripeCustomerId: string): Promise<Customer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.customerId, stripeCustomerId)).limit(1)
  return row ?? null
}

/** True when the event is older than what the customer record already reflects. */
export function isStale(customer: Customer, eventCreatedSeconds: number): boolean {
  const seen = customer.providerUpdatedAt
  return seen !== null && eventCreatedSeconds < Math.floor(seen.getTime() / 1000)
}

/** Customer columns that follow from a subscription state (the same fields the billing module writes). */
export function customerFieldsOf(state: SubscriptionState) {
  return {
    subscriptionId: state.subscriptionId,
    status: state.status,
    planId: state.planId,
    periodEnd: state.currentPeriodEnd,
    trialEnd: state.trialEnd,
    quantity: state.quantity,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  }
}

export type MirrorOutcome = 'applied' | 'stale' | 'other-subscription' | 'unknown-customer'

/** customer.subscription.* events: the customer record follows the subscription. */
export async function mirrorSubscription(
  db: DbOrTx,
  subscription: Stripe.Subscription,
  eventType: string,
  eventCreated: number,
): Promise<{ outcome: MirrorOutcome; customer: Customer | null }> {
  const customer = await customerByStripeId(db, idOf(subscription.customer) ?? '')
  if (!customer) return { outcome: 'unknown-customer', customer: null }
  if (isStale(customer, eventCreated)) return { outcome: 'stale', customer }
  const current = customer.subscriptionId
  const ended = eventType === 'customer.subscription.deleted'
  // A deleted subscription only matters while it is the customer's; a new one is adopted when none is set.
  if (current !== subscription.id && (ended || current !== null))
    return { outcome: 'other-subscription', customer }
  const state = subscriptionState(subscription)
  const [updated] = await db
    .update(customers)
    .set({ ...customerFieldsOf(state), providerUpdatedAt: fromUnix(eventCreated) })
    .where(eq(customers.id, customer.id))
    .returning()
  return { outcome: 'applied', customer: updated ?? customer }
}

/** The default card of a customer, as told by customer.updated (looked up at Stripe by the caller). */
export async function mirrorCard(
  db: DbOrTx,
  customer: Customer,
  card: CardView | null,
  eventCreated: number,
): Promise<Customer> {
  const [updated] = await db
    .update(customers)
    .set({
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpMonth: card?.expMonth ?? null,
      cardExpYear: card?.expYear ?? null,
      providerUpdatedAt: fromUnix(eventCreated),
    })
    .where(eq(customers.id, customer.id))
    .returning()
  return updated ?? customer
}

const STATUS_RANK: Record<string, number> = { draft: 0, open: 1, paid: 2, void: 2, uncollectible: 2 }

/** invoice.* events: insert the invoice once (as a draft with its lines, then finalised), then move its status. */
export async function mirrorInvoice(db: DbOrTx, customer: Customer, invoice: Stripe.Invoice): Promise<void> {
  const view = invoiceView(invoice)
  const status = invoice.status ?? 'draft'
  const payment = {
    amountPaid: invoice.amount_paid,
    paidAt: fromUnix(invoice.status_transitions?.paid_at),
    attemptCount: invoice.attempt_count ?? 0,
    nextPaymentAttempt: fromUnix(invoice.next_payment_attempt),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  }
  const [existing] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.providerInvoiceId, invoice.id))
    .limit(1)
  if (existing) {
    const rank = STATUS_RANK[status] ?? 0
    const existingRank = STATUS_RANK[existing.status] ?? 0
    // Backwards (a late "open" after "paid"), sideways between final states, or an older attempt: keep ours.
    if (rank < existingRank || (rank === existingRank && rank === 2)) return
    if (rank === existingRank && payment.attemptCount < existing.attemptCount) return
    const finalising = existing.status === 'draft'
    await db
      .update(invoices)
      .set({
        status,
        ...payment,
        ...(finalising
          ? { number: invoice.number, finalizedAt: fromUnix(invoice.status_transitions?.finalized_at) }
          : {}),
      })
      .where(eq(invoices.id, existing.id))
    return
  }
  const [row] = await db
    .insert(invoices)
    .values({
      userId: customer.userId,
      customerId: customer.id,
      providerInvoiceId: invoice.id,
      status: 'draft',
      currency: invoice.currency,
      subtotal: invoice.subtotal,
      discount: view.discountCents,
      amountDue: invoice.total,
      periodStart: view.periodStart ? new Date(view.periodStart) : null,
      periodEnd: view.periodEnd ? new Date(view.periodEnd) : null,
      createdAt: fromUnix(invoice.created) ?? undefined,
      ...payment,
    })
    .onConflictDoNothing({ target: invoices.providerInvoiceId })
    .returning()
  // Lost a race with a concurrent delivery of another event for the same invoice: that one writes it.
  if (!row) return
  if (invoice.lines.data.length > 0) {
    await db.insert(invoiceLines).values(
      invoice.lines.data.map((line) => ({
        invoiceId: row.id,
        customerId: customer.id,
        description: line.description ?? '',
        quantity: line.quantity ?? 1,
        amountCents: line.amount,
        proration: line.parent?.subscription_item_details?.proration ?? false,
        periodStart: fromUnix(line.period.start),
        periodEnd: fromUnix(line.period.end),
      })),
    )
  }
  if (status !== 'draft') {
    await db
      .update(invoices)
      .set({
        status,
        number: invoice.number,
        finalizedAt: fromUnix(invoice.status_transitions?.finalized_at) ?? row.createdAt,
      })
      .where(eq(invoices.id, row.id))
  }
}
