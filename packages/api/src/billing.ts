/**
 * The billing calls of issue 10's contract (GET /plans, the customer, billing data, plan switch, card,
 * coupon, cancel, one invoice, /billing/config), typed for the billing remote and the shell. Amounts come
 * with the plans, but screens show them only on invoices (SPEC 1).
 */
import type { PlanDefinition } from '@pinpoint/domain'
import type { ApiClient } from './client'

export type Plan = PlanDefinition

/** The customer as the billing screens see it (SPEC 3 Customer plus activity now). */
export type CustomerView = {
  customerId: string | null
  planId: string
  status: string
  periodEnd: string | null
  trialEnd: string | null
  cancelAtPeriodEnd: boolean
  shouldEmailReceipts: boolean
  billingEmail: string | null
  betaFeaturesEnabled: { emailReview?: boolean }
  /** SPEC 4 customer activity now: false means the account's canvases are read-only. */
  active: boolean
  trialing: boolean
}

export type CardView = { brand: string; last4: string; expMonth: number; expYear: number }

export type CouponView = {
  code: string
  percentOff: number | null
  amountOffCents: number | null
  duration: 'once' | 'repeating' | 'forever'
  durationInMonths: number | null
}

export type InvoiceLine = { description: string; quantity: number; amountCents: number }

export type InvoiceView = {
  id: string
  /** Null for the upcoming invoice. */
  number: string | null
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'
  currency: string
  subtotalCents: number
  discountCents: number
  totalCents: number
  amountPaidCents: number
  periodStart: string | null
  periodEnd: string | null
  createdAt: string
  lines: InvoiceLine[]
}

export type SubscriptionView = {
  status: string
  planId: string
  quantity: number
  currentPeriodEnd: string | null
  trialEnd: string | null
  cancelAtPeriodEnd: boolean
}

export type BillingData = {
  customer: CustomerView
  plan: Plan
  card: CardView | null
  subscription: SubscriptionView | null
  coupon: CouponView | null
  invoices: InvoiceView[]
  upcomingInvoice: InvoiceView | null
}

export type BillingConfig = { provider: 'local' | 'stripe' | 'disabled'; stripePublishableKey: string | null }

export type InvoicePage = {
  invoice: InvoiceView
  customer: { name: string; email: string; billingEmail: string | null }
}

export type OffboardingSurvey = { reason: string; details?: string | null }

export type ApiTokenView = { token: string | null; hasToken: boolean; createdAt: string | null }

/** The billing owner's calls; `userId` is the owner's id ('me' is accepted). */
export function createBillingEndpoints(api: ApiClient) {
  const base = (userId: string) => `/users/${encodeURIComponent(userId)}/customer`
  return {
    config: () => api.get<BillingConfig>('/billing/config'),
    plans: () => api.get<{ plans: Plan[] }>('/plans'),
    plan: (id: string) => api.get<{ plan: Plan }>(`/plans/${encodeURIComponent(id)}`),
    myCustomer: () => api.get<{ customer: CustomerView | null }>('/users/me/customer'),
    updateMyCustomer: (body: { shouldEmailReceipts?: boolean; billingEmail?: string | null }) =>
      api.put<{ customer: CustomerView }>('/users/me/customer', body),
    billingData: (userId: string) => api.get<BillingData>(`${base(userId)}/billing-data`),
    invoice: (userId: string, invoiceId: string) =>
      api.get<InvoicePage>(`${base(userId)}/invoices/${encodeURIComponent(invoiceId)}`),
    switchPlan: (userId: string, body: { plan: string; teamName?: string | null }) =>
      api.put<BillingData & { teamId?: string }>(`${base(userId)}/plan`, body),
    addCard: (userId: string, source: string) => api.post<BillingData>(`${base(userId)}/card`, { source }),
    applyCoupon: (userId: string, coupon: string) =>
      api.post<BillingData>(`${base(userId)}/coupon`, { coupon }),
    cancel: (userId: string, survey: OffboardingSurvey) =>
      api.delete<BillingData>(`${base(userId)}/subscription`, { body: { survey } }),
    apiToken: () => api.get<ApiTokenView>('/users/me/token'),
    createApiToken: () => api.post<ApiTokenView>('/users/me/token'),
    revokeApiToken: () => api.delete<ApiTokenView>('/users/me/token'),
  }
}

export type BillingEndpoints = ReturnType<typeof createBillingEndpoints>
