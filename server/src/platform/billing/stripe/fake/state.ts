/**
 * The fake Stripe account's memory: plain records shaped like the Stripe objects the adapter reads (only the
 * fields it reads, plus ids and timestamps), and Stripe's error bodies. Times are Unix seconds, as in Stripe.
 */

export interface FakePrice {
  id: string
  object: 'price'
  lookup_key: string
  unit_amount: number
  currency: string
  active: boolean
  nickname: string | null
  product: string
  recurring: { interval: 'month' | 'year'; interval_count: 1 } | null
}

export interface FakeCard {
  brand: string
  last4: string
  exp_month: number
  exp_year: number
  funding: 'credit'
  country: string
}

export interface FakePaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  card: FakeCard
  customer: string | null
  created: number
}

export interface FakeCustomer {
  id: string
  object: 'customer'
  email: string | null
  name: string | null
  metadata: Record<string, string>
  invoice_settings: { default_payment_method: string | null }
  created: number
}

export interface FakeCoupon {
  id: string
  object: 'coupon'
  name: string | null
  percent_off: number | null
  amount_off: number | null
  currency: string | null
  duration: 'once' | 'repeating' | 'forever'
  duration_in_months: number | null
  max_redemptions: number | null
  redeem_by: number | null
  times_redeemed: number
  valid: boolean
  created: number
}

export interface FakePromotionCode {
  id: string
  object: 'promotion_code'
  code: string
  active: boolean
  promotion: { type: 'coupon'; coupon: string }
  expires_at: number | null
  max_redemptions: number | null
  times_redeemed: number
  created: number
}

export interface FakeDiscount {
  id: string
  object: 'discount'
  source: { type: 'coupon'; coupon: FakeCoupon }
  promotion_code: string | null
  customer: string
  subscription: string
  start: number
  end: number | null
  /** Set once a `duration: once` discount has been used on an invoice. */
  used?: boolean
}

export interface FakeSubscriptionItem {
  id: string
  object: 'subscription_item'
  price: FakePrice
  quantity: number
  current_period_start: number
  current_period_end: number
  subscription: string
}

export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused'
  | 'incomplete'

export interface FakeSubscription {
  id: string
  object: 'subscription'
  customer: string
  status: SubscriptionStatus
  items: { object: 'list'; data: FakeSubscriptionItem[] }
  trial_start: number | null
  trial_end: number | null
  trial_settings: { end_behavior: { missing_payment_method: 'cancel' | 'create_invoice' | 'pause' } }
  cancel_at_period_end: boolean
  canceled_at: number | null
  ended_at: number | null
  discounts: FakeDiscount[]
  default_payment_method: string | null
  latest_invoice: string | null
  metadata: Record<string, string>
  billing_cycle_anchor: number
  start_date: number
  created: number
  currency: string
}

export interface FakeInvoiceLine {
  id: string
  object: 'line_item'
  amount: number
  currency: string
  description: string
  quantity: number
  period: { start: number; end: number }
  parent: { type: 'subscription_item_details'; subscription_item_details: { proration: boolean } }
}

export interface FakeInvoice {
  id: string
  object: 'invoice'
  number: string | null
  customer: string
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'
  currency: string
  subtotal: number
  total: number
  amount_due: number
  amount_paid: number
  amount_remaining: number
  total_discount_amounts: Array<{ amount: number; discount: string }>
  discounts: string[]
  period_start: number
  period_end: number
  created: number
  attempt_count: number
  next_payment_attempt: number | null
  billing_reason: string
  lines: { object: 'list'; data: FakeInvoiceLine[]; has_more: false }
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } } | null
  status_transitions: { paid_at: number | null; finalized_at: number | null }
  hosted_invoice_url: string | null
  invoice_pdf: string | null
}

/** A proration waiting for the next invoice (Stripe's pending invoice items). */
export interface PendingItem {
  subscription: string
  line: FakeInvoiceLine
}

export interface FakeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  type: string
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  data: { object: unknown; previous_attributes?: Record<string, unknown> }
}

export class FakeStripeState {
  readonly prices = new Map<string, FakePrice>()
  readonly customers = new Map<string, FakeCustomer>()
  readonly paymentMethods = new Map<string, FakePaymentMethod>()
  /** Which test token a payment method was made from: decides whether charges succeed. */
  readonly paymentMethodTokens = new Map<string, string>()
  readonly coupons = new Map<string, FakeCoupon>()
  readonly promotionCodes = new Map<string, FakePromotionCode>()
  readonly subscriptions = new Map<string, FakeSubscription>()
  readonly invoices = new Map<string, FakeInvoice>()
  pendingItems: PendingItem[] = []
  readonly events: FakeEvent[] = []
  /** Subscriptions whose `trial_will_end` (3 days before) was already sent. */
  readonly trialWillEndSent = new Set<string>()
  private counter = 0
  private invoiceNumber = 0

  /** Stripe-looking ids (`cus_…`, `sub_…`), unique within this fake. */
  id(prefix: string): string {
    this.counter += 1
    return `${prefix}_fake${this.counter.toString(36).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`
  }

  /** Like a Stripe account's invoice prefix: unique per fake, so two fakes never hand out the same number. */
  private readonly invoicePrefix = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) =>
    'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.charAt(byte % 32),
  ).join('')

  nextInvoiceNumber(): string {
    this.invoiceNumber += 1
    return `${this.invoicePrefix}-${String(this.invoiceNumber).padStart(4, '0')}`
  }
}

/** Stripe's error body; `type` and `code` are what the SDK turns into StripeCardError & co. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'card_error' | 'invalid_request_error' | 'api_error' | 'authentication_error'
      message: string
      code?: string
      decline_code?: string
      param?: string
    },
  ) {
    super(body.message)
  }
}

export function missing(kind: string, id: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  })
}

export function invalid(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) })
}
