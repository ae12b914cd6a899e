/**
 * The periodic work of the local engine (pg-boss job "billing-sweep", and at once when the test clock
 * moves): renewals at period end, retries of failed renewals after 1, 3 and 7 days (then the subscription
 * is canceled), cancellations at period end, and the trial notices. Each subscription is handled in its own
 * transaction with its row locked, so two processes sweeping at once do the work once.
 */
import { type Db, type DbOrTx, invoices, type Subscription, subscriptions } from '@pinpoint/db'
import { planIntervalMonths } from '@pinpoint/domain'
import { and, eq, inArray, lte } from 'drizzle-orm'
import type { BillingProviderEvent } from '../provider'
import { chargeInvoice, createInvoice, loadInvoiceView } from './invoicing'
import { addMonths, planOf } from './rows'
import { customerRowById, defaultCard } from './store'

const DAY_MS = 24 * 60 * 60 * 1000
/** Retries of a failed renewal, counted from the end of the period it renews. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const
/** The "trial ends soon" e-mail goes out this long before the trial ends. */
export const TRIAL_NOTICE_MS = 3 * DAY_MS
/** A clock moved far ahead renews at most this many periods per sweep. */
const MAX_RENEWALS = 36

export async function sweepLocalBilling(db: Db, now: Date): Promise<BillingProviderEvent[]> {
  const events: BillingProviderEvent[] = []
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.status, ['trialing', 'active', 'past_due']))
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
      if (sub) events.push(...(await sweepOne(tx, sub, now)))
    })
  }
  return events
}

async function sweepOne(db: DbOrTx, start: Subscription, now: Date): Promise<BillingProviderEvent[]> {
  const owner = await customerRowById(db, start.customerId)
  const providerCustomerId = owner.customerId ?? owner.id
  const events: BillingProviderEvent[] = []
  let sub = start
  for (let round = 0; round < MAX_RENEWALS; round++) {
    if (sub.status === 'trialing') {
      const notices = [...sub.notices]
      if (sub.trialEnd && sub.trialEnd > now && sub.trialEnd.getTime() - now.getTime() <= TRIAL_NOTICE_MS) {
        if (!notices.includes('trial_ending')) {
          notices.push('trial_ending')
          events.push({ type: 'trial_will_end', providerCustomerId, trialEnd: sub.trialEnd })
        }
      }
      if (sub.currentPeriodEnd <= now && !sub.cancelAtPeriodEnd && !(await defaultCard(db, owner.id))) {
        // The trial ran out without a card: it stays "trialing" (read-only two hours after its end, SPEC 4)
        // until a card is added, which starts a paid period at once.
        if (!notices.includes('trial_ended')) {
          notices.push('trial_ended')
          events.push({ type: 'trial_ended', providerCustomerId, trialEnd: sub.currentPeriodEnd })
        }
      }
      if (notices.length !== sub.notices.length) {
        await db.update(subscriptions).set({ notices }).where(eq(subscriptions.id, sub.id))
        sub = { ...sub, notices }
      }
      if (notices.includes('trial_ended') && sub.currentPeriodEnd <= now && !sub.cancelAtPeriodEnd) break
    }
    if (sub.status === 'past_due') {
      events.push(...(await retryPastDue(db, sub, providerCustomerId, now)))
      break
    }
    if (sub.currentPeriodEnd > now) break
    if (sub.cancelAtPeriodEnd) {
      await db
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: sub.currentPeriodEnd })
        .where(eq(subscriptions.id, sub.id))
      events.push({ type: 'subscription_updated', providerCustomerId })
      break
    }
    const periodStart = sub.currentPeriodEnd
    const periodEnd = addMonths(periodStart, planIntervalMonths(planOf(sub.planId)))
    const charge = { planId: sub.planId, quantity: sub.quantity, periodStart, periodEnd }
    const invoice = await createInvoice(db, owner, sub.id, charge, periodStart)
    const view = async () => (await loadInvoiceView(db, invoice.id)) ?? undefined
    if (await chargeInvoice(db, invoice, now)) {
      const [next] = await db
        .update(subscriptions)
        .set({ status: 'active', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
        .where(eq(subscriptions.id, sub.id))
        .returning()
      const paid = await view()
      if (paid) events.push({ type: 'payment_succeeded', providerCustomerId, invoice: paid })
      if (!next) break
      sub = next
      continue
    }
    // Failed renewal: past_due, the period stays where it was (access lasts 7 days after its end).
    await db
      .update(invoices)
      .set({ nextPaymentAttempt: new Date(periodStart.getTime() + (RETRY_AFTER_DAYS[0] ?? 1) * DAY_MS) })
      .where(eq(invoices.id, invoice.id))
    const [next] = await db
      .update(subscriptions)
      .set({ status: 'past_due' })
      .where(eq(subscriptions.id, sub.id))
      .returning()
    const failed = await view()
    if (failed)
      events.push({ type: 'payment_failed', providerCustomerId, invoice: failed, finalAttempt: false })
    if (!next) break
    sub = next
  }
  return events
}

/** Retries the open renewal invoice when its next attempt is due; after the last retry the subscription ends. */
async function retryPastDue(
  db: DbOrTx,
  sub: Subscription,
  providerCustomerId: string,
  now: Date,
): Promise<BillingProviderEvent[]> {
  const open = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, sub.id),
        eq(invoices.status, 'open'),
        lte(invoices.nextPaymentAttempt, now),
      ),
    )
  const events: BillingProviderEvent[] = []
  for (const invoice of open) {
    const renewedFrom = invoice.periodStart ?? sub.currentPeriodEnd
    if (await chargeInvoice(db, invoice, now)) {
      await db
        .update(subscriptions)
        .set({
          status: 'active',
          currentPeriodStart: invoice.periodStart ?? sub.currentPeriodEnd,
          currentPeriodEnd: invoice.periodEnd ?? sub.currentPeriodEnd,
        })
        .where(eq(subscriptions.id, sub.id))
      const view = await loadInvoiceView(db, invoice.id)
      if (view) events.push({ type: 'payment_succeeded', providerCustomerId, invoice: view })
      continue
    }
    // attempt_count now counts the renewal and every retry so far.
    const retriesDone = invoice.attemptCount
    const nextDays = RETRY_AFTER_DAYS[retriesDone]
    const finalAttempt = nextDays === undefined
    if (finalAttempt) {
      await db
        .update(invoices)
        .set({ status: 'uncollectible', nextPaymentAttempt: null })
        .where(eq(invoices.id, invoice.id))
      await db
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: now })
        .where(eq(subscriptions.id, sub.id))
    } else {
      await db
        .update(invoices)
        .set({ nextPaymentAttempt: new Date(renewedFrom.getTime() + nextDays * DAY_MS) })
        .where(eq(invoices.id, invoice.id))
    }
    const view = await loadInvoiceView(db, invoice.id)
    if (view) events.push({ type: 'payment_failed', providerCustomerId, invoice: view, finalAttempt })
  }
  return events
}
