/**
 * Multi-step changes of the local engine that run inside the caller's transaction: ending subscriptions,
 * prorating a plan switch, and paying what is owed once a card is attached.
 */
import {
  type Customer,
  type DbOrTx,
  invoiceLines,
  invoices,
  type Subscription,
  subscriptions,
} from '@pinpoint/db'
import { type PlanId, planIntervalMonths } from '@pinpoint/domain'
import { and, eq, inArray } from 'drizzle-orm'
import { type BillingProviderEvent, CardDeclinedError, type InvoiceView } from '../provider'
import { chargeInvoice, createInvoice, loadInvoiceView, planLineDescription } from './invoicing'
import { addMonths, planOf } from './rows'
import { latestSubscription } from './store'

/** Marks a subscription ended by a switch to the free plan: the customer has no subscription any more. */
export const FREE_MARKER = 'switched_to_free'

export const LIVE = ['trialing', 'active', 'past_due'] as const

export function isLive(sub: Subscription | undefined): sub is Subscription {
  return !!sub && (LIVE as readonly string[]).includes(sub.status)
}

export async function endLiveSubscriptions(db: DbOrTx, customerId: string, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: now })
    .where(and(eq(subscriptions.customerId, customerId), inArray(subscriptions.status, [...LIVE])))
}

/**
 * A running paid subscription changes plan or seats. Same interval: the unused time of the old plan is
 * credited and the remaining time of the new one charged, both as pending lines of the next invoice.
 * Another interval: the credit goes on an invoice for a new full period starting now, charged at once.
 */
export async function prorateSwitch(
  db: DbOrTx,
  owner: Customer,
  sub: Subscription,
  planId: PlanId,
  quantity: number,
  now: Date,
  events: BillingProviderEvent[],
): Promise<Subscription> {
  const oldPlan = planOf(sub.planId)
  const newPlan = planOf(planId)
  const span = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()
  const left = Math.max(0, sub.currentPeriodEnd.getTime() - now.getTime())
  const fraction = span > 0 ? left / span : 0
  const oldAmount = oldPlan.amountCents * (oldPlan.perSeat ? sub.quantity : 1)
  const newAmount = newPlan.amountCents * (newPlan.perSeat ? quantity : 1)
  const period = { periodStart: now, periodEnd: sub.currentPeriodEnd, proration: true, customerId: owner.id }
  await db.insert(invoiceLines).values({
    ...period,
    description: `Unused time on ${planLineDescription(sub.planId, sub.quantity)}`,
    quantity: sub.quantity,
    amountCents: -Math.round(oldAmount * fraction),
    createdAt: now,
  })
  if (oldPlan.interval === newPlan.interval) {
    await db.insert(invoiceLines).values({
      ...period,
      description: `Remaining time on ${planLineDescription(planId, quantity)}`,
      quantity,
      amountCents: Math.round(newAmount * fraction),
      createdAt: new Date(now.getTime() + 1),
    })
    const [row] = await db
      .update(subscriptions)
      .set({ planId, quantity })
      .where(eq(subscriptions.id, sub.id))
      .returning()
    if (!row) throw new Error('the subscription vanished')
    return row
  }
  const periodEnd = addMonths(now, planIntervalMonths(newPlan))
  const invoice = await createInvoice(
    db,
    owner,
    sub.id,
    { planId, quantity, periodStart: now, periodEnd },
    now,
  )
  if (!(await chargeInvoice(db, invoice, now))) throw new CardDeclinedError('card_declined')
  const view = await loadInvoiceView(db, invoice.id)
  if (view && owner.customerId)
    events.push({ type: 'payment_succeeded', providerCustomerId: owner.customerId, invoice: view })
  const [row] = await db
    .update(subscriptions)
    .set({ planId, quantity, status: 'active', currentPeriodStart: now, currentPeriodEnd: periodEnd })
    .where(eq(subscriptions.id, sub.id))
    .returning()
  if (!row) throw new Error('the subscription vanished')
  return row
}

/**
 * After a card is attached: pays what is owed. A past_due subscription's open invoices are charged (the
 * subscription is active again for the period they cover); a trial that ran out, or a subscription canceled
 * for non-payment, starts a new paid period now. Returns the invoices paid, or 'declined'.
 */
export async function settleOwedAmount(
  db: DbOrTx,
  owner: Customer,
  now: Date,
): Promise<InvoiceView[] | 'declined'> {
  const sub = await latestSubscription(db, owner.id, true)
  if (!sub || sub.notices.includes(FREE_MARKER)) return []
  const paid: InvoiceView[] = []
  if (sub.status === 'past_due') {
    const open = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')))
      .orderBy(invoices.createdAt)
    let periodStart = sub.currentPeriodStart
    let periodEnd = sub.currentPeriodEnd
    for (const invoice of open) {
      if (!(await chargeInvoice(db, invoice, now))) return 'declined'
      const view = await loadInvoiceView(db, invoice.id)
      if (view) paid.push(view)
      if (invoice.periodEnd && invoice.periodStart && invoice.periodEnd > periodEnd) {
        periodStart = invoice.periodStart
        periodEnd = invoice.periodEnd
      }
    }
    await db
      .update(subscriptions)
      .set({ status: 'active', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
      .where(eq(subscriptions.id, sub.id))
    return paid
  }
  const trialOver = sub.status === 'trialing' && sub.trialEnd !== null && sub.trialEnd <= now
  const unpaidCancel = sub.status === 'canceled' && !sub.cancelAtPeriodEnd
  if (!trialOver && !unpaidCancel) return []
  const periodEnd = addMonths(now, planIntervalMonths(planOf(sub.planId)))
  const charge = { planId: sub.planId, quantity: sub.quantity, periodStart: now, periodEnd }
  const invoice = await createInvoice(db, owner, sub.id, charge, now)
  if (!(await chargeInvoice(db, invoice, now))) return 'declined'
  const view = await loadInvoiceView(db, invoice.id)
  if (view) paid.push(view)
  await db
    .update(subscriptions)
    .set({ status: 'active', currentPeriodStart: now, currentPeriodEnd: periodEnd, canceledAt: null })
    .where(eq(subscriptions.id, sub.id))
  return paid
}
