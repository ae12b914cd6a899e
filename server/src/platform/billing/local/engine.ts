/**
 * The local billing engine: a real provider in our own database, no network (decision in docs/decisions).
 * Trials, seat quantities, proration on plan switch, coupons, numbered invoices, renewals and retries
 * (sweep.ts). Cards are the processor's test tokens (../test-tokens.ts).
 *
 * Every change runs in one transaction; events for the billing module are emitted after it commits.
 */
import {
  cards,
  couponRedemptions,
  coupons,
  customers,
  type Db,
  invoiceLines,
  invoices,
  randomSlug,
  subscriptions,
} from '@pinpoint/db'
import { FREE_PLAN_ID, type PlanId, planIntervalMonths } from '@pinpoint/domain'
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  type BillingEventSink,
  type BillingProvider,
  type BillingProviderEvent,
  type BillingUser,
  CardDeclinedError,
  type CardView,
  type CouponView,
  freeState,
  InvalidCouponError,
  type InvoiceView,
  type ProviderCustomer,
  type SubscriptionState,
} from '../provider'
import { tokenCard } from '../test-tokens'
import { endLiveSubscriptions, FREE_MARKER, isLive, prorateSwitch, settleOwedAmount } from './changes'
import { chargeInvoice, createInvoice, loadInvoiceView, priceInvoice } from './invoicing'
import {
  addMonths,
  cardView,
  couponStillApplies,
  couponView,
  invoiceView,
  planOf,
  subscriptionState,
} from './rows'
import { activeRedemption, customerRow, defaultCard, latestSubscription } from './store'
import { sweepLocalBilling } from './sweep'

export interface LocalProviderOptions {
  db: Db
  now: () => Date
  onEvent?: BillingEventSink
}

export class LocalBillingProvider implements BillingProvider {
  readonly kind = 'local' as const

  constructor(private readonly options: LocalProviderOptions) {}

  private get db(): Db {
    return this.options.db
  }

  private now(): Date {
    return this.options.now()
  }

  private async emit(events: readonly BillingProviderEvent[]): Promise<void> {
    for (const event of events) await this.options.onEvent?.(event)
  }

  async ensureCustomer(user: BillingUser): Promise<{ providerCustomerId: string }> {
    const id = `cus_local_${randomSlug(14)}`
    const [row] = await this.db
      .insert(customers)
      .values({ userId: user.id, customerId: id, planId: FREE_PLAN_ID, status: 'active' })
      .onConflictDoUpdate({
        target: customers.userId,
        set: { customerId: sql`coalesce(${customers.customerId}, ${id})` },
      })
      .returning({ customerId: customers.customerId })
    if (!row?.customerId) throw new Error('the customer has no provider id')
    return { providerCustomerId: row.customerId }
  }

  async startTrial(customer: ProviderCustomer, planId: PlanId, trialEnd: Date): Promise<SubscriptionState> {
    const now = this.now()
    const row = await this.db.transaction(async (tx) => {
      const owner = await customerRow(tx, customer.providerCustomerId)
      await endLiveSubscriptions(tx, owner.id, now)
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          customerId: owner.id,
          planId,
          status: 'trialing',
          quantity: 1,
          currentPeriodStart: now,
          currentPeriodEnd: trialEnd,
          trialEnd,
        })
        .returning()
      if (!sub) throw new Error('creating the subscription returned no row')
      return sub
    })
    return subscriptionState(row)
  }

  async attachCard(customer: ProviderCustomer, token: string): Promise<CardView> {
    const now = this.now()
    const card = tokenCard(token, now)
    if (!card) throw new CardDeclinedError('card_declined')
    if (card.declined) throw new CardDeclinedError(card.declined)
    const events: BillingProviderEvent[] = []
    await this.db.transaction(async (tx) => {
      const owner = await customerRow(tx, customer.providerCustomerId)
      await tx.update(cards).set({ isDefault: false }).where(eq(cards.customerId, owner.id))
      await tx.insert(cards).values({ customerId: owner.id, token, ...card.view, createdAt: now })
      const paid = await settleOwedAmount(tx, owner, now)
      if (paid === 'declined') throw new CardDeclinedError('card_declined')
      for (const invoice of paid) {
        events.push({ type: 'payment_succeeded', providerCustomerId: customer.providerCustomerId, invoice })
      }
    })
    await this.emit(events)
    return card.view
  }

  async switchPlan(customer: ProviderCustomer, planId: PlanId, quantity: number): Promise<SubscriptionState> {
    const now = this.now()
    const events: BillingProviderEvent[] = []
    const state = await this.db.transaction(async (tx) => {
      const owner = await customerRow(tx, customer.providerCustomerId)
      const sub = await latestSubscription(tx, owner.id, true)
      if (planId === FREE_PLAN_ID) {
        if (isLive(sub)) {
          await tx
            .update(subscriptions)
            .set({ status: 'canceled', canceledAt: now, notices: [...sub.notices, FREE_MARKER] })
            .where(eq(subscriptions.id, sub.id))
        }
        return null
      }
      const plan = planOf(planId)
      const seats = plan.perSeat ? Math.max(1, quantity) : 1
      if (isLive(sub) && sub.status === 'trialing' && sub.trialEnd && sub.trialEnd > now) {
        const [row] = await tx
          .update(subscriptions)
          .set({ planId, quantity: seats })
          .where(eq(subscriptions.id, sub.id))
          .returning()
        return row ? subscriptionState(row) : null
      }
      if (isLive(sub) && sub.status !== 'trialing') {
        if (sub.planId === planId && sub.quantity === seats) return subscriptionState(sub)
        return subscriptionState(await prorateSwitch(tx, owner, sub, planId, seats, now, events))
      }
      // No running subscription (free plan, canceled, or a trial that ran out): a new paid period now.
      if (isLive(sub)) await endLiveSubscriptions(tx, owner.id, now)
      const periodEnd = addMonths(now, planIntervalMonths(plan))
      const [created] = await tx
        .insert(subscriptions)
        .values({
          customerId: owner.id,
          planId,
          status: 'active',
          quantity: seats,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
        })
        .returning()
      if (!created) throw new Error('creating the subscription returned no row')
      const charge = { planId, quantity: seats, periodStart: now, periodEnd }
      const invoice = await createInvoice(tx, owner, created.id, charge, now)
      if (!(await chargeInvoice(tx, invoice, now))) throw new CardDeclinedError('card_declined')
      const view = await loadInvoiceView(tx, invoice.id)
      if (view)
        events.push({
          type: 'payment_succeeded',
          providerCustomerId: customer.providerCustomerId,
          invoice: view,
        })
      return subscriptionState(created)
    })
    await this.emit(events)
    return state ?? freeState()
  }

  async applyCoupon(customer: ProviderCustomer, code: string): Promise<CouponView> {
    const now = this.now()
    const normalized = code.trim().toUpperCase()
    const row = await this.db.transaction(async (tx) => {
      const owner = await customerRow(tx, customer.providerCustomerId)
      const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, normalized)).for('update')
      if (!coupon) throw new InvalidCouponError('unknown')
      if (coupon.expiresAt && coupon.expiresAt <= now) throw new InvalidCouponError('expired')
      const [mine] = await tx
        .select()
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.customerId, owner.id)))
      if (mine?.active) return coupon
      if (mine) throw new InvalidCouponError('used_up')
      if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) {
        throw new InvalidCouponError('used_up')
      }
      await tx
        .update(couponRedemptions)
        .set({ active: false })
        .where(eq(couponRedemptions.customerId, owner.id))
      await tx.insert(couponRedemptions).values({ couponId: coupon.id, customerId: owner.id, createdAt: now })
      await tx
        .update(coupons)
        .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
        .where(eq(coupons.id, coupon.id))
      return coupon
    })
    return couponView(row)
  }

  async cancelAtPeriodEnd(customer: ProviderCustomer): Promise<SubscriptionState> {
    const owner = await customerRow(this.db, customer.providerCustomerId)
    const sub = await latestSubscription(this.db, owner.id)
    if (!isLive(sub)) throw new Error('no running subscription to cancel')
    const [row] = await this.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.id, sub.id))
      .returning()
    if (!row) throw new Error('the subscription vanished')
    return subscriptionState(row)
  }

  async getSubscription(customer: ProviderCustomer): Promise<SubscriptionState | null> {
    const owner = await customerRow(this.db, customer.providerCustomerId)
    const sub = await latestSubscription(this.db, owner.id)
    if (!sub || sub.notices.includes(FREE_MARKER)) return null
    return subscriptionState(sub)
  }

  async getCard(customer: ProviderCustomer): Promise<CardView | null> {
    const owner = await customerRow(this.db, customer.providerCustomerId)
    const card = await defaultCard(this.db, owner.id)
    return card ? cardView(card) : null
  }

  async getCoupon(customer: ProviderCustomer): Promise<CouponView | null> {
    const owner = await customerRow(this.db, customer.providerCustomerId)
    const found = await activeRedemption(this.db, owner.id)
    if (!found) return null
    const sub = await latestSubscription(this.db, owner.id)
    const months = sub ? planIntervalMonths(planOf(sub.planId)) : 1
    return couponStillApplies(found.coupon, found.redemption.invoicesApplied, months)
      ? couponView(found.coupon)
      : null
  }

  async listInvoices(customer: ProviderCustomer): Promise<InvoiceView[]> {
    const owner = await customerRow(this.db, customer.providerCustomerId)
    const rows = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.customerId, owner.id), ne(invoices.status, 'draft')))
      .orderBy(desc(invoices.createdAt), desc(invoices.number))
    if (rows.length === 0) return []
    const lines = await this.db
      .select()
      .from(invoiceLines)
      .where(
        inArray(
          invoiceLines.invoiceId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(invoiceLines.createdAt, invoiceLines.id)
    return rows.map((row) =>
      invoiceView(
        row,
        lines.filter((line) => line.invoiceId === row.id),
      ),
    )
  }

  async upcomingInvoice(customer: ProviderCustomer): Promise<InvoiceView | null> {
    const owner = await customerRow(this.db, customer.providerCustomerId)
    const sub = await latestSubscription(this.db, owner.id)
    if (!isLive(sub) || sub.cancelAtPeriodEnd || sub.status === 'past_due') return null
    const periodStart = sub.currentPeriodEnd
    const periodEnd = addMonths(periodStart, planIntervalMonths(planOf(sub.planId)))
    const charge = { planId: sub.planId, quantity: sub.quantity, periodStart, periodEnd }
    const priced = await priceInvoice(this.db, owner, charge)
    return {
      id: 'upcoming',
      number: null,
      status: 'draft',
      currency: 'usd',
      subtotalCents: priced.subtotal,
      discountCents: priced.discount,
      totalCents: Math.max(priced.subtotal - priced.discount, 0),
      amountPaidCents: 0,
      periodStart: periodStart.toISOString(),
      periodEnd: periodEnd.toISOString(),
      createdAt: this.now().toISOString(),
      lines: priced.lines.map(({ description, quantity, amountCents }) => ({
        description,
        quantity,
        amountCents,
      })),
    }
  }

  async getInvoice(customer: ProviderCustomer, id: string): Promise<InvoiceView | null> {
    const owner = await customerRow(this.db, customer.providerCustomerId)
    const [row] = await this.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.customerId, owner.id), ne(invoices.status, 'draft')))
    return row ? loadInvoiceView(this.db, row.id) : null
  }

  /** Renewals, retries, trial notices and cancellations due at the clock's now (the billing-sweep job). */
  async sweep(options: { providerCustomerIds?: readonly string[] } = {}): Promise<BillingProviderEvent[]> {
    let only: string[] | undefined
    if (options.providerCustomerIds) {
      only = []
      for (const id of options.providerCustomerIds) only.push((await customerRow(this.db, id)).id)
    }
    const events = await sweepLocalBilling(this.db, this.now(), only)
    await this.emit(events)
    return events
  }
}
