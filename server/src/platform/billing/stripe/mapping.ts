/**
 * Stripe objects -> the provider views of `../provider.ts`. Two Stripe habits are translated so the billing
 * module sees the same states from both providers (decision 040):
 * - a trial that ended without a card is *paused* at Stripe (we create trials with
 *   `missing_payment_method: pause`); we report it as `trialing` with the period ending at the trial end,
 *   which is what SPEC 4's "trialing until 2 hours after periodEnd" and the trial-expired dialog read;
 * - a `past_due` subscription has already moved to its next (unpaid) period at Stripe; we report the period
 *   that was paid for (ending where the unpaid one starts), so the 7-day grace counts from the failed renewal.
 */
import { FREE_PLAN_ID, type PlanId } from '@pinpoint/domain'
import type Stripe from 'stripe'
import type {
  CardView,
  CouponView,
  DeclineReason,
  InvoiceStatus,
  InvoiceView,
  SubscriptionState,
  SubscriptionStatus,
} from '../provider'

export const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000)

const iso = (seconds: number | null | undefined): string | null => fromUnix(seconds)?.toISOString() ?? null

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? value : value.id
}

function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  return subscription.items.data[0]
}

/** The plan a price stands for: prices carry our plan id as their `lookup_key`. */
export function planOfPrice(price: Stripe.Price | undefined): PlanId {
  return (price?.lookup_key ?? FREE_PLAN_ID) as PlanId
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = firstItem(subscription)
  const trialEnd = fromUnix(subscription.trial_end)
  let status = subscription.status as SubscriptionStatus
  let start = fromUnix(item?.current_period_start)
  let end = fromUnix(item?.current_period_end)
  if (status === 'paused' && trialEnd) {
    status = 'trialing'
    end = trialEnd
  } else if (status === 'past_due' || status === 'unpaid') {
    end = start
    start = null
  } else if (status === 'canceled') {
    end = fromUnix(subscription.ended_at) ?? end
  }
  return {
    subscriptionId: subscription.id,
    status,
    planId: planOfPrice(item?.price),
    quantity: item?.quantity ?? 1,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    trialEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  }
}

/** Stripe's brand codes -> the names the billing screen shows (the local engine's names). */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
}

export function cardView(method: Stripe.PaymentMethod): CardView | null {
  const card = method.card
  if (!card) return null
  const brand = BRANDS[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1)
  return { brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
}

export function couponView(coupon: Stripe.Coupon, code: string | null): CouponView {
  return {
    code: code ?? coupon.name ?? coupon.id,
    percentOff: coupon.percent_off,
    amountOffCents: coupon.amount_off,
    duration: coupon.duration as CouponView['duration'],
    durationInMonths: coupon.duration_in_months,
  }
}

/** Stripe's card_error codes -> the reasons CardDeclined carries in `meta.reason`. */
export function declineReason(error: { code?: string; decline_code?: string }): DeclineReason {
  if (error.decline_code === 'insufficient_funds') return 'insufficient_funds'
  if (error.code === 'expired_card' || error.decline_code === 'expired_card') return 'expired_card'
  return 'card_declined'
}

export function invoiceView(invoice: Stripe.Invoice): InvoiceView {
  const lines = invoice.lines.data
  // The invoice's own period_start/end describe the previous cycle for subscription invoices; the lines say
  // which service period was billed, which is what an invoice page shows.
  const starts = lines.map((line) => line.period.start)
  const ends = lines.map((line) => line.period.end)
  const discountCents = (invoice.total_discount_amounts ?? []).reduce((sum, entry) => sum + entry.amount, 0)
  return {
    id: invoice.id,
    number: invoice.number,
    status: (invoice.status ?? 'draft') as InvoiceStatus,
    currency: invoice.currency,
    subtotalCents: invoice.subtotal,
    discountCents,
    totalCents: invoice.total,
    amountPaidCents: invoice.amount_paid,
    periodStart: iso(starts.length > 0 ? Math.min(...starts) : invoice.period_start),
    periodEnd: iso(ends.length > 0 ? Math.max(...ends) : invoice.period_end),
    createdAt: iso(invoice.created) ?? new Date(0).toISOString(),
    lines: lines.map((line) => ({
      description: line.description ?? '',
      quantity: line.quantity ?? 1,
      amountCents: line.amount,
    })),
  }
}

/** The subscription an invoice bills (Stripe moved it under `parent.subscription_details`). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null)
}
