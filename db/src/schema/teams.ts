import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { teams, users } from './accounts.ts'
import { createdAt, idColumn, randomSlug, timestamps, tstz } from './columns.ts'

export { type NewTeam, type Team, teams } from './accounts.ts'

/** Single sign-on (OIDC) configuration, at most one per team. */
export const ssoConfigs = pgTable('sso_configs', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** Password login is refused to the team's members: they sign in through the identity provider. */
  ssoOnly: boolean('sso_only').notNull().default(false),
  issuer: text('issuer'),
  clientId: text('client_id'),
  /** Sealed with the secret box (context `sso_configs:<teamId>:client_secret`), never plain text. */
  clientSecret: text('client_secret'),
  ...timestamps(),
})

/**
 * Lowercase e-mail domains that route a login to a team's identity provider. The domain is the key: one
 * domain belongs to at most one team, so routing by e-mail is never ambiguous.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => ssoConfigs.teamId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sso_domains_team_id_idx').on(t.teamId),
    check('sso_domains_domain_normalised', sql`domain = lower(domain)`),
  ],
)

/**
 * Who a provider's subject is: the first SSO login links the provider's `sub` to the member it matched
 * by e-mail; later logins find the member by it. An address the provider hands to someone else later
 * (another `sub`) does not reach the first person's account.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    uniqueIndex('sso_identities_user_id_issuer_unique').on(t.userId, t.issuer),
  ],
)

/** Team invitations by e-mail; the code is the secret in the invite link. */
export const invites = pgTable(
  'invites',
  {
    id: idColumn(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .$defaultFn(() => randomSlug(24)),
    /** Lowercased. */
    email: text('email').notNull(),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
    lastSentAt: tstz('last_sent_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invites_code_unique').on(t.code),
    uniqueIndex('invites_team_id_email_unique').on(t.teamId, t.email),
    index('invites_email_idx').on(t.email),
    index('invites_invited_by_user_id_idx').on(t.invitedByUserId),
    check('invites_email_normalised', sql`email = lower(btrim(email))`),
  ],
)

/** Labels belong to a team and are attached to annotations through annotation_labels. */
export const labels = pgTable(
  'labels',
  {
    id: idColumn(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps(),
  },
  (t) => [index('labels_team_id_idx').on(t.teamId)],
)

export type SsoConfig = typeof ssoConfigs.$inferSelect
export type SsoDomain = typeof ssoDomains.$inferSelect
export type SsoIdentity = typeof ssoIdentities.$inferSelect
export type NewSsoConfig = typeof ssoConfigs.$inferInsert
export type Invite = typeof invites.$inferSelect
export type NewInvite = typeof invites.$inferInsert
export type Label = typeof labels.$inferSelect
export type NewLabel = typeof labels.$inferInsert
