/**
 * The billing provider interface (contract of issue 10). Two implementations sit behind it: the local engine
 * (`./local`, our own tables, no network) and the Stripe adapter (`./stripe`). The billing module only talks
 * to this interface, so the same provider-level test suite runs against both.
 *
 * All times are `Date`s in the provider API and ISO strings in the view types the HTTP API returns.
 */
import { FREE_PLAN_ID, type PlanId } from '@pinpoint/domain'

/** Subscription statuses as Stripe names them; the local engine uses the same words. */
export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused'

/** The user a provider customer belongs to (billing is per user; a team is billed through its owner). */
export interface BillingUser {
  id: string
  email: string
  name: string
}

/** Our side of a provider customer: which user, and the provider's id for it. */
export interface ProviderCustomer {
  userId: string
  providerCustomerId: string
  email: string
  name: string
}

export interface SubscriptionState {
  /** The provider's subscription id; null when the customer has no subscription (free plan). */
  subscriptionId: string | null
  status: SubscriptionStatus
  planId: PlanId
  quantity: number
  currentPeriodStart: Date | null
  currentPeriodEnd: Date | null
  trialEnd: Date | null
  cancelAtPeriodEnd: boolean
}

/** What a customer without a subscription (free plan) looks like, whichever provider answers. */
export function freeState(): SubscriptionState {
  return {
    subscriptionId: null,
    status: 'active',
    planId: FREE_PLAN_ID,
    quantity: 1,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
  }
}

export interface CardView {
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export type CouponDuration = 'once' | 'repeating' | 'forever'

export interface CouponView {
  code: string
  percentOff: number | null
  amountOffCents: number | null
  duration: CouponDuration
  durationInMonths: number | null
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'

export interface InvoiceLineView {
  description: string
  quantity: number
  amountCents: number
}

export interface InvoiceView {
  id: string
  /** "PP-000012"; null for the upcoming invoice (not finalised yet). */
  number: string | null
  status: InvoiceStatus
  currency: string
  subtotalCents: number
  discountCents: number
  totalCents: number
  amountPaidCents: number
  periodStart: string | null
  periodEnd: string | null
  createdAt: string
  lines: InvoiceLineView[]
}

export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'expired_card'

/** A card (or a charge on it) was declined. Answered as 402 CardDeclined with `meta.reason`. */
export class CardDeclinedError extends Error {
  override name = 'CardDeclinedError'
  constructor(readonly reason: DeclineReason = 'card_declined') {
    super('Your card was declined.')
  }
}

/** A coupon code is unknown, expired or used up. Answered as 422 InvalidCoupon. */
export class InvalidCouponError extends Error {
  override name = 'InvalidCouponError'
  constructor(
    readonly reason: 'unknown' | 'expired' | 'used_up' = 'unknown',
    message = reason === 'expired' ? 'This coupon has expired.' : 'This coupon is not valid.',
  ) {
    super(message)
  }
}

export interface BillingProvider {
  readonly kind: 'local' | 'stripe'
  /** Creates the provider customer on first use; returns the existing one afterwards. */
  ensureCustomer(user: BillingUser): Promise<{ providerCustomerId: string }>
  /** Starts (or restarts) a trial of a paid plan ending at `trialEnd`; no card needed. */
  startTrial(customer: ProviderCustomer, planId: PlanId, trialEnd: Date): Promise<SubscriptionState>
  /**
   * Stores the card as the customer's default and, when money is owed (open invoice of a past_due
   * subscription, or a trial that ended without a card), charges it at once so the subscription is
   * `active` again. Throws `CardDeclinedError` (nothing is stored then).
   */
  attachCard(customer: ProviderCustomer, token: string): Promise<CardView>
  /** Moves the subscription to `planId` × `quantity` seats, with proration; `free0` ends the subscription. */
  switchPlan(customer: ProviderCustomer, planId: PlanId, quantity: number): Promise<SubscriptionState>
  /** Throws `InvalidCouponError`. */
  applyCoupon(customer: ProviderCustomer, code: string): Promise<CouponView>
  cancelAtPeriodEnd(customer: ProviderCustomer): Promise<SubscriptionState>
  /** The current subscription, or null when there is none (free plan, never subscribed). */
  getSubscription(customer: ProviderCustomer): Promise<SubscriptionState | null>
  getCard(customer: ProviderCustomer): Promise<CardView | null>
  getCoupon(customer: ProviderCustomer): Promise<CouponView | null>
  /** Finalised invoices, newest first. */
  listInvoices(customer: ProviderCustomer): Promise<InvoiceView[]>
  upcomingInvoice(customer: ProviderCustomer): Promise<InvoiceView | null>
  getInvoice(customer: ProviderCustomer, id: string): Promise<InvoiceView | null>
}

/** Which provider the configuration selects (see `config.ts`). */
export type BillingProviderKind = 'local' | 'stripe' | 'disabled'

/**
 * Things that happen inside the provider (a renewal charged, a retry failed, a trial running out) which the
 * billing module must act on: mirror the customer record, publish customer.updated, send e-mails. The local
 * engine emits them from its sweep and its charges; the Stripe adapter from webhook events.
 */
export type BillingProviderEvent =
  | { type: 'payment_succeeded'; providerCustomerId: string; invoice: InvoiceView }
  | { type: 'payment_failed'; providerCustomerId: string; invoice: InvoiceView; finalAttempt: boolean }
  | { type: 'trial_will_end'; providerCustomerId: string; trialEnd: Date }
  | { type: 'trial_ended'; providerCustomerId: string; trialEnd: Date }
  | { type: 'subscription_updated'; providerCustomerId: string }

export type BillingEventSink = (event: BillingProviderEvent) => Promise<void>
