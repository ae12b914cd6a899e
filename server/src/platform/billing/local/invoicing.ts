/**
 * Invoices of the local engine: build one from the plan period and the pending lines (prorations), apply
 * the customer's coupon, finalise it (a number from invoice_number_seq; from then on a trigger keeps it
 * unchanged) and charge the default card.
 */
import {
  type Customer,
  couponRedemptions,
  type DbOrTx,
  type Invoice,
  invoiceLines,
  invoices,
} from '@pinpoint/db'
import { planIntervalMonths } from '@pinpoint/domain'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { InvoiceView } from '../provider'
import { TEST_TOKENS } from '../test-tokens'
import { couponStillApplies, discountFor, invoiceView, planOf } from './rows'
import { activeRedemption, defaultCard } from './store'

export interface PeriodCharge {
  planId: string
  quantity: number
  periodStart: Date
  periodEnd: Date
}

export function planLineDescription(planId: string, quantity: number): string {
  const plan = planOf(planId)
  return plan.perSeat ? `${plan.name} × ${quantity} seats` : plan.name
}

/** The amounts of an invoice for a period plus pending lines, with the coupon (not written). */
export async function priceInvoice(db: DbOrTx, customer: Customer, charge: PeriodCharge | null) {
  const pending = await db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.customerId, customer.id), isNull(invoiceLines.invoiceId)))
    .orderBy(asc(invoiceLines.createdAt))
  const lines = pending.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    amountCents: line.amountCents,
    periodStart: line.periodStart,
    periodEnd: line.periodEnd,
    proration: line.proration,
  }))
  if (charge) {
    const plan = planOf(charge.planId)
    lines.push({
      description: planLineDescription(charge.planId, charge.quantity),
      quantity: charge.quantity,
      amountCents: plan.amountCents * (plan.perSeat ? charge.quantity : 1),
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      proration: false,
    })
  }
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const coupon = await activeRedemption(db, customer.id)
  const months = charge ? planIntervalMonths(planOf(charge.planId)) : 1
  const applies = coupon && couponStillApplies(coupon.coupon, coupon.redemption.invoicesApplied, months)
  const discount = applies ? discountFor(coupon.coupon, subtotal) : 0
  return {
    lines,
    pendingIds: pending.map((line) => line.id),
    subtotal,
    discount,
    coupon: applies ? coupon : null,
  }
}

/**
 * Writes and finalises an invoice (status open, numbered) for the period and the pending lines; the coupon
 * counts one more use. A zero total is paid at once.
 */
export async function createInvoice(
  db: DbOrTx,
  customer: Customer,
  subscriptionId: string | null,
  charge: PeriodCharge | null,
  now: Date,
): Promise<Invoice> {
  const priced = await priceInvoice(db, customer, charge)
  const total = Math.max(priced.subtotal - priced.discount, 0)
  const [draft] = await db
    .insert(invoices)
    .values({
      userId: customer.userId,
      customerId: customer.id,
      subscriptionId,
      status: 'draft',
      subtotal: priced.subtotal,
      discount: priced.discount,
      amountDue: total,
      periodStart: charge?.periodStart ?? now,
      periodEnd: charge?.periodEnd ?? now,
      createdAt: now,
    })
    .returning()
  if (!draft) throw new Error('creating the invoice returned no row')
  if (priced.pendingIds.length > 0) {
    await db
      .update(invoiceLines)
      .set({ invoiceId: draft.id })
      .where(and(eq(invoiceLines.customerId, customer.id), isNull(invoiceLines.invoiceId)))
  }
  if (charge) {
    const planLine = priced.lines[priced.lines.length - 1]
    if (planLine) {
      await db.insert(invoiceLines).values({ ...planLine, invoiceId: draft.id, customerId: customer.id })
    }
  }
  if (priced.coupon) {
    await db
      .update(couponRedemptions)
      .set({ invoicesApplied: sql`${couponRedemptions.invoicesApplied} + 1` })
      .where(eq(couponRedemptions.id, priced.coupon.redemption.id))
  }
  const [open] = await db
    .update(invoices)
    .set({
      status: total === 0 ? 'paid' : 'open',
      number: sql`'PP-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
      finalizedAt: now,
      paidAt: total === 0 ? now : null,
    })
    .where(eq(invoices.id, draft.id))
    .returning()
  if (!open) throw new Error('finalising the invoice returned no row')
  return open
}

/** Charges an open invoice with the default card. True when it is paid now. */
export async function chargeInvoice(db: DbOrTx, invoice: Invoice, now: Date): Promise<boolean> {
  if (invoice.status === 'paid') return true
  if (!invoice.customerId) return false
  const card = await defaultCard(db, invoice.customerId)
  const ok = !!card && !TEST_TOKENS[card.token]?.failsCharges && !TEST_TOKENS[card.token]?.declined
  if (ok) {
    await db
      .update(invoices)
      .set({ status: 'paid', amountPaid: invoice.amountDue, paidAt: now, nextPaymentAttempt: null })
      .where(eq(invoices.id, invoice.id))
  } else {
    await db
      .update(invoices)
      .set({ attemptCount: invoice.attemptCount + 1 })
      .where(eq(invoices.id, invoice.id))
  }
  return ok
}

export async function loadInvoiceView(db: DbOrTx, invoiceId: string): Promise<InvoiceView | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId))
  if (!row) return null
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.createdAt), asc(invoiceLines.id))
  return invoiceView(row, lines)
}
