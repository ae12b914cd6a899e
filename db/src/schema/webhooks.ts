import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { idColumn, type JsonObject, timestamps, tstz } from './columns.ts'
import { connectedAccounts } from './integrations.ts'

/**
 * One webhook message (Standard Webhooks): the same `webhookId` and body on every try, so a receiver can
 * drop a repeat. Its tries are the delivery log below.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    accountId: text('account_id')
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: msg_<id>. */
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<JsonObject>().notNull(),
    /** pending, retrying, delivered, failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at'),
    ...timestamps(),
  },
  (t) => [index('webhook_deliveries_account_id_created_at_idx').on(t.accountId, t.createdAt)],
)

/** One try of a delivery: what the receiver answered and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: idColumn(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** null when no answer came (timeout, refused connection). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The first characters of the answer, or the network error. */
    responseExcerpt: text('response_excerpt').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('webhook_attempts_delivery_id_idx').on(t.deliveryId)],
)

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect
export type WebhookAttempt = typeof webhookAttempts.$inferSelect
