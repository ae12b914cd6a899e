/**
 * The two tables that point at each other: a user belongs to a team (users.team_id) and a team has
 * an owner (teams.owner_user_id). They live in one file so the schema has no import circle; the
 * tables that hang off either (sessions, invites, labels, ...) stay in users.ts and teams.ts.
 */
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
import { idColumn, type JsonObject, timestamps, tstz } from './columns.ts'

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
    /** Guided tours the user has finished or skipped: tour id -> when (SPEC 1; guests keep theirs in the browser). */
    toursSeen: jsonb('tours_seen').$type<JsonObject>().notNull().default({}),
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

/** A team. Its owner is the account owner; members point at it through users.team_id. */
export const teams = pgTable(
  'teams',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Deleting the owner's account deletes the team (members keep their accounts, team_id becomes null). */
    ownerUserId: text('owner_user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('teams_owner_user_id_idx').on(t.ownerUserId)],
)

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type Team = typeof teams.$inferSelect
export type NewTeam = typeof teams.$inferInsert
