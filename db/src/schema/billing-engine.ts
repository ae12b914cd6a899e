/**
 * Tables of the local billing engine (server/src/platform/billing/local) and the provider event log.
 * The Stripe provider keeps subscriptions, cards and coupons at Stripe; it only uses `billing_events` and the
 * `customers`/`invoices` mirror of billing.ts. Amounts are cents; ids are text UUIDv7 like everywhere else.
 */

import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers, invoices } from './billing.ts'
import type { JsonObject } from './columns.ts'
import { createdAt, idColumn, timestamps, tstz } from './columns.ts'

/** Invoice numbers (PP-000001, ...): a sequence so concurrent finalisations never share a number. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 })

/** A local-engine subscription: one plan × quantity seats, billed per period. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    /** trialing, active, past_due, canceled */
    status: text('status').notNull(),
    quantity: integer('quantity').notNull().default(1),
    currentPeriodStart: tstz('current_period_start').notNull(),
    currentPeriodEnd: tstz('current_period_end').notNull(),
    trialEnd: tstz('trial_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: tstz('canceled_at'),
    /** Reminder e-mails already sent for this trial ('trial_ending', 'trial_ended'), so a sweep sends each once. */
    notices: jsonb('notices').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index('subscriptions_customer_id_idx').on(t.customerId),
    index('subscriptions_status_period_end_idx').on(t.status, t.currentPeriodEnd),
    check('subscriptions_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/** Cards are tokens: the engine stores what the processor would tell us, never a card number. */
export const cards = pgTable(
  'cards',
  {
    id: idColumn(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('cards_customer_id_idx').on(t.customerId)],
)

/** Coupons, managed by staff or a seed. Exactly one of percent_off and amount_off_cents is set. */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    /** What the customer types; stored uppercase, compared case-insensitively. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** once, repeating, forever */
    duration: text('duration').notNull(),
    durationInMonths: integer('duration_in_months'),
    expiresAt: tstz('expires_at'),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    check('coupons_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check('coupons_percent_range', sql`${t.percentOff} is null or (${t.percentOff} between 1 and 100)`),
    check('coupons_duration', sql`${t.duration} in ('once', 'repeating', 'forever')`),
  ],
)

/** A customer's use of a coupon; `invoices_applied` counts the invoices it has discounted. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    invoicesApplied: integer('invoices_applied').notNull().default(0),
    /** The coupon currently discounting this customer's invoices (one at a time). */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_coupon_customer_unique').on(t.couponId, t.customerId),
    index('coupon_redemptions_customer_id_idx').on(t.customerId),
  ],
)

/**
 * Invoice lines. A line without invoice_id is pending (a proration waiting for the next invoice). Lines of
 * a finalised invoice cannot change (trigger in migration 0003_billing).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: idColumn(),
    invoiceId: text('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Total of the line (negative for a credit). */
    amountCents: integer('amount_cents').notNull(),
    proration: boolean('proration').notNull().default(false),
    periodStart: tstz('period_start'),
    periodEnd: tstz('period_end'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_lines_invoice_id_idx').on(t.invoiceId),
    index('invoice_lines_customer_id_idx').on(t.customerId),
  ],
)

/** Provider events (Stripe webhooks), stored by their id so a replayed event is recognised and ignored. */
export const billingEvents = pgTable('billing_events', {
  /** The provider's event id (`evt_...`). */
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  /** When the provider created the event (ordering against customers.provider_updated_at). */
  providerCreatedAt: tstz('provider_created_at').notNull(),
  payload: jsonb('payload').$type<JsonObject>().notNull(),
  receivedAt: createdAt(),
})

export type Subscription = typeof subscriptions.$inferSelect
export type Card = typeof cards.$inferSelect
export type Coupon = typeof coupons.$inferSelect
export type NewCoupon = typeof coupons.$inferInsert
export type CouponRedemption = typeof couponRedemptions.$inferSelect
export type InvoiceLine = typeof invoiceLines.$inferSelect
export type BillingEvent = typeof billingEvents.$inferSelect
