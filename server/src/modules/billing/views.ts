/**
 * The billing views of the HTTP contract (issue 10): the plan, the customer as the billing screens see it,
 * and the subscription summary. Pure conversions; the service gathers the inputs.
 */
import type { Customer } from '@pinpoint/db'
import { isCustomerActive, type PlanDefinition } from '@pinpoint/domain'
import type { CardView, CouponView, InvoiceView, SubscriptionState } from '../../platform/billing/provider'

export type PlanJson = PlanDefinition

export interface CustomerView {
  customerId: string | null
  planId: string
  status: string
  periodEnd: string | null
  trialEnd: string | null
  cancelAtPeriodEnd: boolean
  shouldEmailReceipts: boolean
  billingEmail: string | null
  betaFeaturesEnabled: { emailReview?: boolean }
  /** SPEC 4 customer activity now (always true when billing is turned off). */
  active: boolean
  trialing: boolean
}

export interface SubscriptionJson {
  status: string
  planId: string
  quantity: number
  currentPeriodEnd: string | null
  trialEnd: string | null
  cancelAtPeriodEnd: boolean
}

export interface BillingData {
  customer: CustomerView
  plan: PlanJson
  card: CardView | null
  subscription: SubscriptionJson | null
  coupon: CouponView | null
  invoices: InvoiceView[]
  upcomingInvoice: InvoiceView | null
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null

export function customerView(customer: Customer, now: Date, billingDisabled: boolean): CustomerView {
  return {
    customerId: customer.customerId,
    planId: customer.planId,
    status: customer.status,
    periodEnd: iso(customer.periodEnd),
    trialEnd: iso(customer.trialEnd),
    cancelAtPeriodEnd: customer.cancelAtPeriodEnd,
    shouldEmailReceipts: customer.shouldEmailReceipts,
    billingEmail: customer.billingEmail,
    betaFeaturesEnabled: { emailReview: customer.betaFeatures.emailReview === true },
    active: billingDisabled || isCustomerActive(customer, now),
    trialing: customer.status === 'trialing',
  }
}

export function subscriptionJson(state: SubscriptionState | null): SubscriptionJson | null {
  if (!state) return null
  return {
    status: state.status,
    planId: state.planId,
    quantity: state.quantity,
    currentPeriodEnd: iso(state.currentPeriodEnd),
    trialEnd: iso(state.trialEnd),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  }
}

/**
 * The customer record's billing fields for a provider state (SPEC 4 reads status and periodEnd): a trial
 * ends at its trial end, a paid period at its period end; no subscription is the free plan, active.
 */
export function mirrorFields(
  state: SubscriptionState | null,
  card: CardView | null,
  coupon: CouponView | null,
) {
  const cardFields = {
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    cardExpMonth: card?.expMonth ?? null,
    cardExpYear: card?.expYear ?? null,
    coupon: coupon?.code ?? null,
  }
  if (!state) {
    return {
      ...cardFields,
      planId: 'free0',
      status: 'active',
      periodEnd: null,
      trialEnd: null,
      quantity: 1,
      cancelAtPeriodEnd: false,
      subscriptionId: null,
    }
  }
  return {
    ...cardFields,
    planId: state.planId,
    status: state.status,
    periodEnd:
      state.status === 'trialing' ? (state.trialEnd ?? state.currentPeriodEnd) : state.currentPeriodEnd,
    trialEnd: state.trialEnd,
    quantity: state.quantity,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    subscriptionId: state.subscriptionId,
  }
}
