/**
 * Row → view conversions of the local engine. Kept apart from the engine so the billing module, the sweep
 * and the tests can use them without importing each other (scripts/import-cycles.test.ts).
 */
import type { Card, Coupon, Invoice, InvoiceLine, Subscription } from '@pinpoint/db'
import { findPlan, isSelectablePlanId, type PlanDefinition, type PlanId } from '@pinpoint/domain'
import type {
  CardView,
  CouponDuration,
  CouponView,
  InvoiceStatus,
  InvoiceView,
  SubscriptionState,
  SubscriptionStatus,
} from '../provider'

export function planOf(planId: string): PlanDefinition {
  const plan = findPlan(planId)
  if (!plan) throw new Error(`unknown plan ${planId}`)
  return plan
}

export function asPlanId(planId: string): PlanId {
  if (!isSelectablePlanId(planId)) throw new Error(`unknown plan ${planId}`)
  return planId
}

/** `date` moved by whole calendar months (UTC); the 31st becomes the month's last day, like Stripe. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime())
  const day = result.getUTCDate()
  result.setUTCDate(1)
  result.setUTCMonth(result.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
  result.setUTCDate(Math.min(day, lastDay))
  return result
}

export function subscriptionState(row: Subscription): SubscriptionState {
  return {
    subscriptionId: row.id,
    status: row.status as SubscriptionStatus,
    planId: asPlanId(row.planId),
    quantity: row.quantity,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  }
}

export function cardView(row: Card): CardView {
  return { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
}

export function couponView(row: Coupon): CouponView {
  return {
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    duration: row.duration as CouponDuration,
    durationInMonths: row.durationInMonths,
  }
}

export function invoiceView(row: Invoice, lines: readonly InvoiceLine[]): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    status: row.status as InvoiceStatus,
    currency: row.currency,
    subtotalCents: row.subtotal,
    discountCents: row.discount,
    totalCents: row.amountDue,
    amountPaidCents: row.amountPaid,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amountCents: line.amountCents,
    })),
  }
}

/** What a coupon takes off a subtotal (never more than the subtotal, never negative). */
export function discountFor(coupon: Pick<Coupon, 'percentOff' | 'amountOffCents'>, subtotal: number): number {
  if (subtotal <= 0) return 0
  const off =
    coupon.percentOff !== null
      ? Math.round((subtotal * coupon.percentOff) / 100)
      : (coupon.amountOffCents ?? 0)
  return Math.min(off, subtotal)
}

/** Whether a redemption still discounts an invoice after `invoicesApplied` invoices. */
export function couponStillApplies(
  coupon: Pick<Coupon, 'duration' | 'durationInMonths'>,
  invoicesApplied: number,
  intervalMonths: number,
): boolean {
  if (coupon.duration === 'forever') return true
  if (coupon.duration === 'once') return invoicesApplied === 0
  // Repeating: the coupon covers `durationInMonths` months of invoices (a yearly invoice covers 12).
  return invoicesApplied * Math.max(intervalMonths, 1) < (coupon.durationInMonths ?? 0)
}
