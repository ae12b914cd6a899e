import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, idColumn, timestamps, tstz } from './columns.ts'
import { users } from './users.ts'

export interface BetaFeatures {
  /** E-mail review canvases (SPEC: betaFeaturesEnabled.emailReview). */
  emailReview?: boolean
  [feature: string]: boolean | undefined
}

/**
 * Billing record of one user (billing is per user; a team is billed through its owner). No row means
 * "active" for the customer-activity rule. plan_id is not a foreign key: the plan catalogue lives in
 * packages/domain and the plans table is a cache of it, so a customer can be written before plans are seeded.
 */
export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The billing provider's customer id (Stripe `cus_...`, or the local provider's id). */
    customerId: text('customer_id'),
    planId: text('plan_id').notNull().default('free0'),
    /** Provider subscription status: active, past_due, trialing, canceled, incomplete, ... */
    status: text('status').notNull().default('active'),
    periodEnd: tstz('period_end'),
    subscriptionId: text('subscription_id'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    shouldEmailReceipts: boolean('should_email_receipts').notNull().default(true),
    billingEmail: text('billing_email'),
    betaFeatures: jsonb('beta_features').$type<BetaFeatures>().notNull().default({}),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    coupon: text('coupon'),
    /** End of the trial when the subscription is (or was) trialing. */
    trialEnd: tstz('trial_end'),
    /** Seats billed (enterprise plans count team members; other plans 1). */
    quantity: integer('quantity').notNull().default(1),
    /**
     * Time of the provider event (or local change) this row reflects; a webhook event older than it is
     * ignored, so out-of-order deliveries cannot roll the record back.
     */
    providerUpdatedAt: tstz('provider_updated_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customers_user_id_unique').on(t.userId),
    uniqueIndex('customers_customer_id_unique').on(t.customerId),
  ],
)

export type PlanInterval = 'month' | 'year'

/** Plan catalogue (seeded from packages/domain; amounts are never shown in the UI). */
export const plans = pgTable('plans', {
  /** Plan id as in SPEC section 6: free0, team49, individual19yearly, enterprise35peruser, ... */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  interval: text('interval').$type<PlanInterval>(),
  amountCents: integer('amount_cents').notNull().default(0),
  currency: text('currency').notNull().default('usd'),
  /** Feature keys the plan unlocks (`PlanFeature` of packages/domain/src/plan-catalogue.ts). */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  teamPlan: boolean('team_plan').notNull().default(false),
  /** Charged per team seat. */
  perSeat: boolean('per_seat').notNull().default(false),
  /** Offered in plan selection. */
  selectable: boolean('selectable').notNull().default(true),
  /** Premium-canvas limit of solo plans; null = no limit / not applicable. */
  premiumCanvasLimit: integer('premium_canvas_limit'),
  /** The billing provider's price id, when the plan is sold through one. */
  providerPriceId: text('provider_price_id'),
  ...timestamps(),
})

/** Invoices mirrored from the billing provider (or written by the local provider). */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The provider's invoice id (`in_...`), for idempotent webhook upserts. */
    providerInvoiceId: text('provider_invoice_id'),
    /** "PP-000012", given when the invoice is finalised (local provider: sequence invoice_number_seq). */
    number: text('number'),
    /** Amounts in the currency's minor unit (cents). amount_due is the total after discounts. */
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    amountDue: bigint('amount_due', { mode: 'number' }).notNull().default(0),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** draft, open, paid, uncollectible, void */
    status: text('status').notNull(),
    periodStart: tstz('period_start'),
    periodEnd: tstz('period_end'),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    /** Local engine: the subscription it bills. */
    subscriptionId: text('subscription_id'),
    /** Set when the invoice leaves draft; from then on a trigger refuses changes to its content. */
    finalizedAt: tstz('finalized_at'),
    paidAt: tstz('paid_at'),
    /** Failed charge attempts; retries follow after 1, 3 and 7 days. */
    attemptCount: integer('attempt_count').notNull().default(0),
    nextPaymentAttempt: tstz('next_payment_attempt'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('invoices_customer_id_idx').on(t.customerId),
    uniqueIndex('invoices_provider_invoice_id_unique').on(t.providerInvoiceId),
  ],
)

export type Customer = typeof customers.$inferSelect
export type NewCustomer = typeof customers.$inferInsert
export type Plan = typeof plans.$inferSelect
export type NewPlan = typeof plans.$inferInsert
export type Invoice = typeof invoices.$inferSelect
export type NewInvoice = typeof invoices.$inferInsert
