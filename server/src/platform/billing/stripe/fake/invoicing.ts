/**
 * How the fake bills: invoice building (period line, pending prorations, discounts), payment attempts with
 * the customer's card, and the events Stripe sends for each step. Kept apart from the subscription life
 * cycle (subscriptions.ts) so each file stays readable.
 */
import { chargeSucceeds } from './cards'
import type {
  FakeDiscount,
  FakeInvoice,
  FakeInvoiceLine,
  FakeStripeState,
  FakeSubscription,
  FakeSubscriptionItem,
} from './state'

export type Emit = (type: string, object: unknown, previous?: Record<string, unknown>) => void

export interface Ledger {
  state: FakeStripeState
  emit: Emit
  /** Current time in Unix seconds. */
  now(): number
}

const DAY = 86_400
/**
 * Retries after a failed charge (days after the previous attempt), then the subscription is canceled and
 * the invoice marked uncollectible: Stripe's custom retry schedule set like the local engine's (1, 3, 7).
 */
export const RETRY_DAYS = [1, 3, 7]

export function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const date = new Date(seconds * 1000)
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1)
  else date.setUTCMonth(date.getUTCMonth() + 1)
  return Math.floor(date.getTime() / 1000)
}

export function periodLine(
  ledger: Ledger,
  item: FakeSubscriptionItem,
  start: number,
  end: number,
): FakeInvoiceLine {
  const name = item.price.nickname ?? item.price.lookup_key
  return {
    id: ledger.state.id('il'),
    object: 'line_item',
    amount: item.price.unit_amount * item.quantity,
    currency: item.price.currency,
    description: `${item.quantity} × ${name} (at ${item.price.unit_amount / 100} / ${item.price.recurring?.interval ?? 'once'})`,
    quantity: item.quantity,
    period: { start, end },
    parent: { type: 'subscription_item_details', subscription_item_details: { proration: false } },
  }
}

export function discountApplies(discount: FakeDiscount, at: number): boolean {
  if (discount.used) return false
  return discount.end === null || discount.end > at
}

function discountAmount(discount: FakeDiscount, subtotal: number): number {
  if (subtotal <= 0) return 0
  const coupon = discount.source.coupon
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100)
  return Math.min(coupon.amount_off ?? 0, subtotal)
}

/** Builds (without storing) an invoice for `lines`, discounted by the subscription's active discounts. */
export function draftInvoice(
  ledger: Ledger,
  subscription: FakeSubscription,
  lines: FakeInvoiceLine[],
  billingReason: string,
): FakeInvoice {
  const now = ledger.now()
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)
  const discounts = subscription.discounts.filter((discount) => discountApplies(discount, now))
  let remaining = subtotal
  const totalDiscountAmounts = discounts.map((discount) => {
    const amount = discountAmount(discount, remaining)
    remaining -= amount
    return { amount, discount: discount.id }
  })
  const total = remaining
  const starts = lines.map((line) => line.period.start)
  const ends = lines.map((line) => line.period.end)
  return {
    id: ledger.state.id('in'),
    object: 'invoice',
    number: null,
    customer: subscription.customer,
    status: 'draft',
    currency: subscription.currency,
    subtotal,
    total,
    amount_due: Math.max(total, 0),
    amount_paid: 0,
    amount_remaining: Math.max(total, 0),
    total_discount_amounts: totalDiscountAmounts,
    discounts: discounts.map((discount) => discount.id),
    period_start: starts.length > 0 ? Math.min(...starts) : now,
    period_end: ends.length > 0 ? Math.max(...ends) : now,
    created: now,
    attempt_count: 0,
    next_payment_attempt: null,
    billing_reason: billingReason,
    lines: { object: 'list', data: lines, has_more: false },
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    status_transitions: { paid_at: null, finalized_at: null },
    hosted_invoice_url: null,
    invoice_pdf: null,
  }
}

/** Prorations waiting for `subscription`'s next invoice, removed from the pending list. */
export function takePendingLines(ledger: Ledger, subscriptionId: string): FakeInvoiceLine[] {
  const taken = ledger.state.pendingItems.filter((item) => item.subscription === subscriptionId)
  ledger.state.pendingItems = ledger.state.pendingItems.filter((item) => item.subscription !== subscriptionId)
  return taken.map((item) => item.line)
}

function paymentToken(ledger: Ledger, subscription: FakeSubscription): string | undefined {
  const customer = ledger.state.customers.get(subscription.customer)
  const method = subscription.default_payment_method ?? customer?.invoice_settings.default_payment_method
  return method ? ledger.state.paymentMethodTokens.get(method) : undefined
}

/** One payment attempt; true when the invoice ends up paid. Emits Stripe's invoice events. */
export function attemptPayment(
  ledger: Ledger,
  invoice: FakeInvoice,
  subscription: FakeSubscription,
): boolean {
  const now = ledger.now()
  if (invoice.amount_due === 0 || chargeSucceeds(paymentToken(ledger, subscription))) {
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    invoice.attempt_count += invoice.amount_due === 0 ? 0 : 1
    invoice.next_payment_attempt = null
    invoice.status_transitions.paid_at = now
    ledger.emit('invoice.paid', invoice)
    ledger.emit('invoice.payment_succeeded', invoice)
    return true
  }
  invoice.attempt_count += 1
  const retryDays = RETRY_DAYS[invoice.attempt_count - 1]
  invoice.next_payment_attempt = retryDays === undefined ? null : now + retryDays * DAY
  ledger.emit('invoice.payment_failed', invoice)
  return false
}

/** Finalises and stores a draft, marks a `once` discount used, and tries to collect it. */
export function finalizeAndCollect(
  ledger: Ledger,
  invoice: FakeInvoice,
  subscription: FakeSubscription,
): boolean {
  invoice.status = 'open'
  invoice.number = ledger.state.nextInvoiceNumber()
  invoice.status_transitions.finalized_at = ledger.now()
  ledger.state.invoices.set(invoice.id, invoice)
  for (const applied of invoice.total_discount_amounts) {
    const discount = subscription.discounts.find((candidate) => candidate.id === applied.discount)
    if (discount && applied.amount > 0 && discount.source.coupon.duration === 'once') discount.used = true
  }
  subscription.latest_invoice = invoice.id
  ledger.emit('invoice.created', invoice)
  ledger.emit('invoice.finalized', invoice)
  return attemptPayment(ledger, invoice, subscription)
}

/** Open invoices of a subscription, oldest first. */
export function openInvoices(ledger: Ledger, subscriptionId: string): FakeInvoice[] {
  return [...ledger.state.invoices.values()]
    .filter(
      (invoice) =>
        invoice.status === 'open' && invoice.parent?.subscription_details.subscription === subscriptionId,
    )
    .sort((a, b) => a.created - b.created)
}
