import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, tstz } from './columns.ts'

// `users` is imported from here by the other schema files (and branches in flight): it stays reachable.
export { type NewUser, USER_ROLES, type User, type UserRole, users } from './accounts.ts'

/** Login sessions. The id is the SHA-256 of the cookie token, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Staff impersonation: requests act as this user while the session belongs to userId. */
    impersonatedUserId: text('impersonated_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_impersonated_user_id_idx').on(t.impersonatedUserId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
)

/** Password reset requests. The id is the SHA-256 of the e-mailed token. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
)

export type Session = typeof sessions.$inferSelect
export type NewSession = typeof sessions.$inferInsert
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect
export type NewPasswordResetToken = typeof passwordResetTokens.$inferInsert
