import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, idColumn, tstz } from './columns.ts'

/**
 * E-mails written by the outbox mailer (the default when no SMTP_URL is set): the dev "inbox" and what
 * tests read to follow links from e-mails. With SMTP, rows record delivery (sent_at / error).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: idColumn(),
    to: text('to').notNull(),
    from: text('from'),
    subject: text('subject').notNull(),
    html: text('html'),
    text: text('text'),
    /** Template/kind of message (invite, password-reset, reminder, ...), for lookups in tests. */
    kind: text('kind'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_emails_to_created_at_idx').on(t.to, t.createdAt)],
)

/**
 * Fixed-window rate-limit counters shared by every server process (login attempts, invites, ...).
 * key = "<bucket>:<subject>", e.g. "login:ip:203.0.113.9".
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: tstz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
)

export type OutboxEmail = typeof outboxEmails.$inferSelect
export type NewOutboxEmail = typeof outboxEmails.$inferInsert
export type RateLimit = typeof rateLimits.$inferSelect
export type NewRateLimit = typeof rateLimits.$inferInsert
