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

/**
 * `customerIds` (customers.id) limits the sweep to some customers: tests that each run their own clock on
 * a shared database must not renew each other's subscriptions.
 */
export async function sweepLocalBilling(
  db: Db,
  now: Date,
  customerIds?: readonly string[],
): Promise<BillingProviderEvent[]> {
  const events: BillingProviderEvent[] = []
  // Only what may be due: a period ending within the trial-notice window (or already over).
  const live = and(
    inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
    lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + TRIAL_NOTICE_MS)),
  )
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(customerIds ? and(live, inArray(subscriptions.customerId, [...customerIds])) : live)
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
  for (const first of open) {
    // A clock that jumped over several retry dates makes each of them, in order, within one sweep.
    let invoice = first
    while (invoice.nextPaymentAttempt && invoice.nextPaymentAttempt <= now) {
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
        break
      }
      // attempt_count before this charge counts the renewal and the retries before it.
      const nextDays = RETRY_AFTER_DAYS[invoice.attemptCount]
      const finalAttempt = nextDays === undefined
      const [updated] = await db
        .update(invoices)
        .set(
          finalAttempt
            ? { status: 'uncollectible', nextPaymentAttempt: null }
            : { nextPaymentAttempt: new Date(renewedFrom.getTime() + nextDays * DAY_MS) },
        )
        .where(eq(invoices.id, invoice.id))
        .returning()
      if (finalAttempt) {
        await db
          .update(subscriptions)
          .set({ status: 'canceled', canceledAt: now })
          .where(eq(subscriptions.id, sub.id))
      }
      const view = await loadInvoiceView(db, invoice.id)
      if (view) events.push({ type: 'payment_failed', providerCustomerId, invoice: view, finalAttempt })
      if (finalAttempt || !updated) break
      invoice = updated
    }
  }
  return events
}
