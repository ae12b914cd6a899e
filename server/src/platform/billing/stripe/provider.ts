/**
 * The Stripe billing provider: customers, cards (payment methods made from tokens or Stripe Elements),
 * subscriptions with trials and seat quantities, promotion codes, invoices and the upcoming invoice, all
 * through the `stripe` SDK. Stripe is the source of truth; our customer record is a mirror kept fresh by
 * the webhook (`./webhook.ts`). Plans are Stripe prices whose `lookup_key` is our plan id.
 */
import { customers, type Db } from '@pinpoint/db'
import { FREE_PLAN_ID, type PlanId } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import {
  type BillingEventSink,
  type BillingProvider,
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
import { type FoundCoupon, findCoupon, PENDING_COUPON } from './coupons'
import { cardView, couponView, declineReason, idOf, invoiceView, subscriptionState } from './mapping'

const LIVE_STATUSES = new Set(['trialing', 'active', 'past_due', 'unpaid', 'paused', 'incomplete'])

export interface StripeProviderOptions {
  stripe: Stripe
  /** Our database: the customer record keeps the Stripe customer id. */
  db: Db
  /** The server clock (coupon expiry is judged on it, like every other deadline). */
  now: () => Date
  /** Where webhook-driven changes are reported (the billing module's handler); none in adapter-only tests. */
  onEvent?: BillingEventSink
}

type DiscountParam = { promotion_code: string } | { coupon: string }

function discountParam(found: FoundCoupon): DiscountParam {
  return found.promotionCodeId ? { promotion_code: found.promotionCodeId } : { coupon: found.coupon.id }
}

function asCardDeclined(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(declineReason(error))
  throw error
}

export class StripeBillingProvider implements BillingProvider {
  readonly kind = 'stripe' as const
  /** The SDK client; the webhook route verifies signatures and re-reads objects with it. */
  readonly stripe: Stripe
  readonly onEvent: BillingEventSink
  private readonly db: Db
  private readonly now: () => Date
  private readonly priceIds = new Map<string, string>()

  constructor({ stripe, db, now, onEvent }: StripeProviderOptions) {
    this.stripe = stripe
    this.db = db
    this.now = now
    this.onEvent = onEvent ?? (async () => {})
  }

  /** The Stripe price of a plan (cached: prices are immutable at Stripe, a new amount is a new price). */
  private async priceId(planId: PlanId): Promise<string> {
    const cached = this.priceIds.get(planId)
    if (cached) return cached
    const prices = await this.stripe.prices.list({ lookup_keys: [planId], active: true, limit: 1 })
    const price = prices.data[0]
    if (!price) throw new Error(`Stripe has no active price with lookup_key "${planId}".`)
    this.priceIds.set(planId, price.id)
    return price.id
  }

  /** The customer's current (not ended) subscription, newest first. */
  private async liveSubscription(customer: ProviderCustomer): Promise<Stripe.Subscription | null> {
    const list = await this.stripe.subscriptions.list({
      customer: customer.providerCustomerId,
      status: 'all',
      limit: 10,
      expand: ['data.discounts'],
    })
    return list.data.find((subscription) => LIVE_STATUSES.has(subscription.status)) ?? null
  }

  /** The coupon waiting in the customer's metadata, as subscription `discounts` (and cleared at Stripe). */
  private async takePendingCoupon(customer: ProviderCustomer): Promise<{ discounts?: DiscountParam[] }> {
    const stripeCustomer = await this.stripe.customers.retrieve(customer.providerCustomerId)
    const code = stripeCustomer.deleted ? undefined : stripeCustomer.metadata?.[PENDING_COUPON]
    if (!code) return {}
    await this.stripe.customers.update(customer.providerCustomerId, { metadata: { [PENDING_COUPON]: '' } })
    try {
      return {
        discounts: [
          discountParam(await findCoupon(this.stripe, code, this.now(), customer.providerCustomerId)),
        ],
      }
    } catch (error) {
      // Expired or used up while it waited: the subscription starts without it.
      if (error instanceof InvalidCouponError) return {}
      throw error
    }
  }

  /** The waiting coupon, shown as the customer's coupon until a subscription redeems it. */
  private async pendingCoupon(customer: ProviderCustomer): Promise<CouponView | null> {
    const stripeCustomer = await this.stripe.customers.retrieve(customer.providerCustomerId)
    const code = stripeCustomer.deleted ? undefined : stripeCustomer.metadata?.[PENDING_COUPON]
    if (!code) return null
    const found = await findCoupon(this.stripe, code, this.now(), customer.providerCustomerId).catch(
      () => null,
    )
    return found ? couponView(found.coupon, found.code) : null
  }

  /**
   * Our record keeps the Stripe id, so this costs no Stripe call once it exists. A record without one (or
   * with a local-engine id from before Stripe was configured) gets the Stripe customer of this user —
   * looked up first by e-mail and our user id, so a retry after a lost answer creates no second one.
   */
  async ensureCustomer(user: BillingUser): Promise<{ providerCustomerId: string }> {
    const [row] = await this.db
      .select({ customerId: customers.customerId })
      .from(customers)
      .where(eq(customers.userId, user.id))
    if (row?.customerId?.startsWith('cus_') && !row.customerId.startsWith('cus_local_')) {
      return { providerCustomerId: row.customerId }
    }
    const existing = await this.stripe.customers.list({ email: user.email, limit: 100 })
    const stripeCustomer =
      existing.data.find((customer) => customer.metadata?.user_id === user.id) ??
      (await this.stripe.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: user.id } },
        { idempotencyKey: `pinpoint-customer-${user.id}` },
      ))
    await this.db
      .insert(customers)
      .values({ userId: user.id, customerId: stripeCustomer.id, planId: FREE_PLAN_ID, status: 'active' })
      .onConflictDoUpdate({ target: customers.userId, set: { customerId: stripeCustomer.id } })
    return { providerCustomerId: stripeCustomer.id }
  }

  async startTrial(customer: ProviderCustomer, planId: PlanId, trialEnd: Date): Promise<SubscriptionState> {
    const price = await this.priceId(planId)
    const trial_end = Math.floor(trialEnd.getTime() / 1000)
    const current = await this.liveSubscription(customer)
    const item = current?.items.data[0]
    if (current && item) {
      return subscriptionState(
        await this.stripe.subscriptions.update(current.id, {
          items: [{ id: item.id, price, quantity: 1 }],
          trial_end,
          proration_behavior: 'none',
        }),
      )
    }
    const subscription = await this.stripe.subscriptions.create({
      customer: customer.providerCustomerId,
      items: [{ price, quantity: 1 }],
      ...(await this.takePendingCoupon(customer)),
      trial_end,
      // No card at the end of the trial: pause (not bill), so the trial-expired dialog can ask for one.
      trial_settings: { end_behavior: { missing_payment_method: 'pause' } },
      metadata: { user_id: customer.userId },
    })
    return subscriptionState(subscription)
  }

  async attachCard(customer: ProviderCustomer, token: string): Promise<CardView> {
    // Stripe Elements gives a payment method (pm_…); the card form and the tests give a token (tok_…).
    const method = token.startsWith('pm_')
      ? await this.stripe.paymentMethods.retrieve(token)
      : await this.stripe.paymentMethods.create({ type: 'card', card: { token } }).catch(asCardDeclined)
    await this.stripe.paymentMethods
      .attach(method.id, { customer: customer.providerCustomerId })
      .catch(asCardDeclined)
    await this.stripe.customers.update(customer.providerCustomerId, {
      invoice_settings: { default_payment_method: method.id },
    })
    try {
      await this.collectWhatIsOwed(customer)
    } catch (error) {
      // The card could not pay what is owed: it does not stay on file ("nothing is stored then").
      await this.stripe.paymentMethods.detach(method.id)
      asCardDeclined(error)
    }
    const card = cardView(method)
    if (!card) throw new CardDeclinedError('card_declined')
    return card
  }

  /** A paused (trial ended without a card) subscription resumes; open invoices of a past_due one are paid. */
  private async collectWhatIsOwed(customer: ProviderCustomer): Promise<void> {
    const subscription = await this.liveSubscription(customer)
    if (!subscription) return
    if (subscription.status === 'paused') {
      const resumed = await this.stripe.subscriptions.resume(subscription.id, {
        billing_cycle_anchor: { type: 'now' },
        payment_behavior: 'resume_on_payment_success',
      })
      if (resumed.status === 'paused') throw new CardDeclinedError('card_declined')
      return
    }
    if (subscription.status !== 'past_due' && subscription.status !== 'unpaid') return
    const open = await this.stripe.invoices.list({
      customer: customer.providerCustomerId,
      subscription: subscription.id,
      status: 'open',
    })
    for (const invoice of open.data) await this.stripe.invoices.pay(invoice.id)
  }

  async switchPlan(customer: ProviderCustomer, planId: PlanId, quantity: number): Promise<SubscriptionState> {
    const current = await this.liveSubscription(customer)
    if (planId === FREE_PLAN_ID) {
      if (current) await this.stripe.subscriptions.cancel(current.id)
      return freeState()
    }
    const price = await this.priceId(planId)
    const item = current?.items.data[0]
    if (!current || !item) {
      const created = await this.stripe.subscriptions
        .create({
          customer: customer.providerCustomerId,
          items: [{ price, quantity }],
          ...(await this.takePendingCoupon(customer)),
          // Refuse (card error) rather than leave an unpaid "incomplete" subscription behind.
          payment_behavior: 'error_if_incomplete',
          metadata: { user_id: customer.userId },
        })
        .catch(asCardDeclined)
      return subscriptionState(created)
    }
    const updated = await this.stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price, quantity }],
      // The difference for the rest of the period goes on the next invoice (Stripe's default).
      proration_behavior: 'create_prorations',
      cancel_at_period_end: false,
    })
    return subscriptionState(updated)
  }

  async applyCoupon(customer: ProviderCustomer, code: string): Promise<CouponView> {
    const found = await findCoupon(this.stripe, code, this.now(), customer.providerCustomerId)
    const subscription = await this.liveSubscription(customer)
    if (!subscription) {
      // Stripe's API no longer puts coupons on customers: the code waits in the customer's metadata and is
      // redeemed on the subscription this customer starts next (trial or paid plan).
      await this.stripe.customers.update(customer.providerCustomerId, {
        metadata: { [PENDING_COUPON]: found.code },
      })
      return couponView(found.coupon, found.code)
    }
    try {
      await this.stripe.subscriptions.update(subscription.id, { discounts: [discountParam(found)] })
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new InvalidCouponError(/expired|no longer valid/i.test(error.message) ? 'expired' : 'used_up')
      }
      throw error
    }
    return couponView(found.coupon, found.code)
  }

  async cancelAtPeriodEnd(customer: ProviderCustomer): Promise<SubscriptionState> {
    const subscription = await this.liveSubscription(customer)
    if (!subscription) return freeState()
    return subscriptionState(
      await this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    )
  }

  async getSubscription(customer: ProviderCustomer): Promise<SubscriptionState | null> {
    const subscription = await this.liveSubscription(customer)
    return subscription ? subscriptionState(subscription) : null
  }

  async getCard(customer: ProviderCustomer): Promise<CardView | null> {
    const stripeCustomer = await this.stripe.customers.retrieve(customer.providerCustomerId)
    if (stripeCustomer.deleted) return null
    const methodId = idOf(stripeCustomer.invoice_settings?.default_payment_method ?? null)
    if (!methodId) return null
    return cardView(await this.stripe.paymentMethods.retrieve(methodId))
  }

  async getCoupon(customer: ProviderCustomer): Promise<CouponView | null> {
    const subscription = await this.liveSubscription(customer)
    const now = this.now().getTime() / 1000
    const discount = subscription?.discounts.find(
      (entry): entry is Stripe.Discount =>
        typeof entry !== 'string' && (entry.end === null || entry.end > now),
    )
    const coupon = discount?.source.coupon
    if (!subscription) return this.pendingCoupon(customer)
    if (!discount || !coupon) return null
    const fullCoupon = typeof coupon === 'string' ? await this.stripe.coupons.retrieve(coupon) : coupon
    const promotionId = idOf(discount.promotion_code)
    const code = promotionId ? (await this.stripe.promotionCodes.retrieve(promotionId)).code : null
    return couponView(fullCoupon, code)
  }

  async listInvoices(customer: ProviderCustomer): Promise<InvoiceView[]> {
    const list = await this.stripe.invoices.list({ customer: customer.providerCustomerId, limit: 100 })
    return list.data.filter((invoice) => invoice.status !== 'draft').map(invoiceView)
  }

  async upcomingInvoice(customer: ProviderCustomer): Promise<InvoiceView | null> {
    const subscription = await this.liveSubscription(customer)
    if (!subscription) return null
    try {
      const preview = await this.stripe.invoices.createPreview({
        customer: customer.providerCustomerId,
        subscription: subscription.id,
      })
      return { ...invoiceView(preview), number: null }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'invoice_upcoming_none') return null
      throw error
    }
  }

  async getInvoice(customer: ProviderCustomer, id: string): Promise<InvoiceView | null> {
    // Only Stripe invoice ids are looked up; anything else is simply not one of this customer's invoices.
    if (!/^in_[A-Za-z0-9]+$/.test(id)) return null
    try {
      const invoice = await this.stripe.invoices.retrieve(id)
      return idOf(invoice.customer) === customer.providerCustomerId ? invoiceView(invoice) : null
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
      throw error
    }
  }
}
