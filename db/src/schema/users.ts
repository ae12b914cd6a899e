import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, idColumn, type JsonObject, timestamps, tstz } from './columns.ts'
import { teams } from './teams.ts'

export const USER_ROLES = ['member', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]

/**
 * Accounts: members, team owners/admins and guests (isGuest). E-mails are stored trimmed and lowercased
 * (enforced by a check constraint) so the unique index is case-insensitive in effect.
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Argon2id hash (Bun.password); null for guests and SSO-only accounts. */
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    /** Storage key of the uploaded avatar, so it can be deleted when replaced. */
    avatarKey: text('avatar_key'),
    isGuest: boolean('is_guest').notNull().default(false),
    /** Team role; the owner is identified by teams.owner_user_id, not by this column. */
    role: text('role', { enum: USER_ROLES }).notNull().default('member'),
    teamId: text('team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    /** SHA-256 of the personal API token; the token itself is shown once and never stored. */
    tokenHash: text('token_hash'),
    tokenCreatedAt: tstz('token_created_at'),
    emailOn: boolean('email_on').notNull().default(true),
    myEmailSettings: jsonb('my_email_settings').$type<JsonObject>().notNull().default({}),
    clientEmailSettings: jsonb('client_email_settings').$type<JsonObject>().notNull().default({}),
    emailSettings: jsonb('email_settings').$type<JsonObject>().notNull().default({}),
    signupSurvey: jsonb('signup_survey').$type<JsonObject>(),
    offboardingSurvey: jsonb('offboarding_survey').$type<JsonObject>(),
    /** Referrer and first URL from the initial-visit cookie, captured at signup. */
    initialVisitData: jsonb('initial_visit_data').$type<JsonObject>(),
    /** Staff may use internal tools (impersonation, internal-tester features). */
    isStaff: boolean('is_staff').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_token_hash_unique').on(t.tokenHash),
    index('users_team_id_idx').on(t.teamId),
    check('users_email_normalised', sql`email = lower(btrim(email))`),
    check('users_role_valid', sql`role in ('member', 'admin')`),
  ],
)

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

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type Session = typeof sessions.$inferSelect
export type NewSession = typeof sessions.$inferInsert
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect
export type NewPasswordResetToken = typeof passwordResetTokens.$inferInsert
