/**
 * Fake Stripe endpoints for subscriptions (create, update with prorations and discounts, resume), invoices
 * (list, retrieve, pay) and the upcoming-invoice preview (`POST /v1/invoices/create_preview`, which replaced
 * `GET /v1/invoices/upcoming` in the SDK version pinned here).
 */

import { assertChargeable } from './cards'
import { bool, type FormObject, int, list, obj, str, strings } from './form'
import { addInterval, draftInvoice, type Ledger, periodLine } from './invoicing'
import { expanded, get, type Handler, listOf } from './route-helpers'
import {
  type FakeCoupon,
  type FakeDiscount,
  type FakeInvoice,
  type FakePromotionCode,
  type FakeSubscription,
  invalid,
  StripeApiError,
} from './state'
import {
  cancelSubscription,
  createSubscription,
  payInvoice,
  resumeSubscription,
  updateSubscription,
} from './subscriptions'

/** Stripe returns discounts as ids unless `expand[]=discounts` was asked for. */
function renderSubscription(subscription: FakeSubscription, params: FormObject) {
  const discounts = expanded(params, 'discounts')
    ? subscription.discounts.map(({ used: _used, ...discount }) => discount)
    : subscription.discounts.map((discount) => discount.id)
  return { ...subscription, discounts }
}

function couponFromPromotion(ledger: Ledger, code: FakePromotionCode): FakeCoupon {
  const now = ledger.now()
  const coupon = get(ledger.state.coupons, 'coupon', code.promotion.coupon)
  const usedUp = code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions
  const expired = code.expires_at !== null && code.expires_at <= now
  if (!code.active || usedUp || expired || !coupon.valid) {
    throw invalid(
      `This promotion code cannot be redeemed because it is ${expired ? 'expired' : 'inactive'}.`,
      'promotion_code',
    )
  }
  return coupon
}

/** Resolves `discounts[0][coupon]` or `discounts[0][promotion_code]` into a discount (redeeming it). */
function discountFrom(ledger: Ledger, params: FormObject, customer: string): FakeDiscount | null | undefined {
  if (params.discounts === '') return null
  const first = obj(list(params.discounts)[0])
  const promotionId = str(first.promotion_code)
  const couponId = str(first.coupon)
  if (!promotionId && !couponId) return undefined
  const promotion = promotionId ? get(ledger.state.promotionCodes, 'promotion code', promotionId) : undefined
  const coupon = promotion
    ? couponFromPromotion(ledger, promotion)
    : get(ledger.state.coupons, 'coupon', couponId)
  const now = ledger.now()
  if (!coupon.valid || (coupon.redeem_by !== null && coupon.redeem_by <= now)) {
    throw invalid(`Coupon ${coupon.id} is no longer valid.`, 'coupon')
  }
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
    throw invalid(`Coupon ${coupon.id} has been used up.`, 'coupon')
  }
  coupon.times_redeemed += 1
  if (promotion) promotion.times_redeemed += 1
  const months = coupon.duration === 'repeating' ? (coupon.duration_in_months ?? 1) : 0
  let end: number | null = null
  if (coupon.duration === 'repeating') {
    end = now
    for (let month = 0; month < months; month += 1) end = addInterval(end, 'month')
  }
  return {
    id: ledger.state.id('di'),
    object: 'discount',
    source: { type: 'coupon', coupon },
    promotion_code: promotion?.id ?? null,
    customer,
    subscription: '',
    start: now,
    end,
  }
}

/** The test token behind a customer's default card (what decides whether charges succeed). */
function tokenOf(ledger: Ledger, customerId: string): string | undefined {
  const method = ledger.state.customers.get(customerId)?.invoice_settings.default_payment_method
  return method ? ledger.state.paymentMethodTokens.get(method) : undefined
}

/** GET /v1/invoices filters: customer, subscription, status; newest first. */
function listInvoices(ledger: Ledger, params: FormObject): FakeInvoice[] {
  const customer = str(params.customer)
  const subscription = str(params.subscription)
  const status = str(params.status)
  return [...ledger.state.invoices.values()]
    .filter((invoice) => !customer || invoice.customer === customer)
    .filter((invoice) => !subscription || invoice.parent?.subscription_details.subscription === subscription)
    .filter((invoice) => !status || invoice.status === status)
    .sort((a, b) => b.created - a.created || (b.number ?? '').localeCompare(a.number ?? ''))
}

function preview(ledger: Ledger, params: FormObject) {
  const subscription = get(ledger.state.subscriptions, 'subscription', str(params.subscription))
  const item = subscription.items.data[0]
  if (!item || ['canceled', 'paused'].includes(subscription.status) || subscription.cancel_at_period_end) {
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'invoice_upcoming_none',
      message: 'No upcoming invoices for customer',
    })
  }
  const start =
    subscription.status === 'trialing'
      ? (subscription.trial_end ?? item.current_period_end)
      : item.current_period_end
  const end = addInterval(start, item.price.recurring?.interval ?? 'month')
  const pending = ledger.state.pendingItems
    .filter((entry) => entry.subscription === subscription.id)
    .map((entry) => entry.line)
  const atStart: Ledger = { ...ledger, now: () => start }
  const invoice = draftInvoice(
    atStart,
    subscription,
    [...pending, periodLine(ledger, item, start, end)],
    'upcoming',
  )
  return { ...invoice, id: `upcoming_${subscription.id}`, created: start }
}

export const subscriptionRoutes: Array<[string, RegExp, Handler]> = [
  [
    'POST',
    /^\/v1\/subscriptions$/,
    (l, p) => {
      const customer = get(l.state.customers, 'customer', str(p.customer)).id
      const item = obj(list(p.items)[0])
      const trialEnd = int(p.trial_end)
      const behavior = str(obj(obj(p.trial_settings).end_behavior).missing_payment_method)
      const discount = discountFrom(l, p, customer)
      const subscription = createSubscription(l, {
        customer,
        price: get(l.state.prices, 'price', str(item.price)),
        quantity: int(item.quantity) ?? 1,
        ...(trialEnd !== undefined ? { trialEnd } : {}),
        ...(behavior ? { missingPaymentMethod: behavior as 'pause' } : {}),
        ...(str(p.default_payment_method) ? { defaultPaymentMethod: str(p.default_payment_method) } : {}),
        metadata: strings(p.metadata),
        ...(discount ? { discount } : {}),
      })
      if (subscription.status === 'incomplete' && str(p.payment_behavior) === 'error_if_incomplete') {
        // Stripe answers the charge's card error and leaves nothing behind.
        const invoice = subscription.latest_invoice
          ? l.state.invoices.get(subscription.latest_invoice)
          : undefined
        if (invoice) invoice.status = 'void'
        l.state.subscriptions.delete(subscription.id)
        const token = tokenOf(l, customer)
        if (!token) {
          throw invalid('This customer has no attached payment source or default payment method.', 'customer')
        }
        assertChargeable(token, true)
      }
      return renderSubscription(subscription, p)
    },
  ],
  [
    'DELETE',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (l, p, [id]) =>
      renderSubscription(cancelSubscription(l, get(l.state.subscriptions, 'subscription', id)), p),
  ],
  [
    'GET',
    /^\/v1\/subscriptions$/,
    (l, p) => {
      const customer = str(p.customer)
      const status = str(p.status)
      const found = [...l.state.subscriptions.values()]
        .filter((entry) => !customer || entry.customer === customer)
        .filter((entry) =>
          status === 'all' ? true : status ? entry.status === status : entry.status !== 'canceled',
        )
        .sort((a, b) => b.created - a.created)
      return listOf(
        found.map((entry) => renderSubscription(entry, p)),
        '/v1/subscriptions',
        int(p.limit) ?? 10,
      )
    },
  ],
  [
    'GET',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (l, p, [id]) => renderSubscription(get(l.state.subscriptions, 'subscription', id), p),
  ],
  [
    'POST',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (l, p, [id]) => {
      const subscription = get(l.state.subscriptions, 'subscription', id)
      const item = obj(list(p.items)[0])
      const priceId = str(item.price)
      const trialEnd = p.trial_end === 'now' ? 'now' : int(p.trial_end)
      const discount = discountFrom(l, p, subscription.customer)
      updateSubscription(l, subscription, {
        ...(priceId ? { price: get(l.state.prices, 'price', priceId) } : {}),
        ...(int(item.quantity) !== undefined ? { quantity: int(item.quantity) } : {}),
        ...(str(p.proration_behavior) ? { prorationBehavior: str(p.proration_behavior) as 'none' } : {}),
        ...(bool(p.cancel_at_period_end) !== undefined
          ? { cancelAtPeriodEnd: bool(p.cancel_at_period_end) }
          : {}),
        ...(trialEnd !== undefined ? { trialEnd } : {}),
        ...(discount !== undefined ? { discount } : {}),
        ...(p.metadata ? { metadata: strings(p.metadata) } : {}),
      })
      return renderSubscription(subscription, p)
    },
  ],
  [
    'POST',
    /^\/v1\/subscriptions\/([^/]+)\/resume$/,
    (l, p, [id]) =>
      renderSubscription(
        resumeSubscription(l, get(l.state.subscriptions, 'subscription', id), str(p.payment_behavior)),
        p,
      ),
  ],
  ['GET', /^\/v1\/invoices$/, (l, p) => listOf(listInvoices(l, p), '/v1/invoices', int(p.limit) ?? 10)],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, (l, _p, [id]) => get(l.state.invoices, 'invoice', id)],
  ['POST', /^\/v1\/invoices\/create_preview$/, (l, p) => preview(l, p)],
  [
    'POST',
    /^\/v1\/invoices\/([^/]+)\/pay$/,
    (l, _p, [id]) => {
      const invoice = get(l.state.invoices, 'invoice', id)
      if (!payInvoice(l, invoice.id)) {
        const subscriptionId = invoice.parent?.subscription_details.subscription ?? ''
        const subscription = l.state.subscriptions.get(subscriptionId)
        const customer = l.state.customers.get(invoice.customer)
        const method =
          subscription?.default_payment_method ?? customer?.invoice_settings.default_payment_method
        assertChargeable(
          method ? (l.state.paymentMethodTokens.get(method) ?? 'tok_chargeDeclined') : 'tok_chargeDeclined',
          true,
        )
      }
      return invoice
    },
  ],
]
