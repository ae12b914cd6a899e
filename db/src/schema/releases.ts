/**
 * The front-end release registry (docs/micro-frontends.md, decision 051). A row per published version of a
 * slice (dashboard, review, billing): immutable once written, its files under releases/<slice>/<version>/ in
 * the release store. Which version is live is the latest switch of the slice; the switches are kept, so the
 * registry says who made which version live and when, and which versions were good before.
 */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { idColumn, tstz } from './columns.ts'

export const frontendReleases = pgTable(
  'frontend_releases',
  {
    id: idColumn(),
    slice: text('slice').notNull(),
    version: text('version').notNull(),
    /** The pinpoint block of its mf-manifest.json (contract, shared singletons, exposes). */
    declaration: jsonb('declaration').notNull(),
    files: integer('files').notNull(),
    bytes: integer('bytes').notNull(),
    publishedByUserId: text('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied at the time, so the trail outlives the account. */
    publishedByEmail: text('published_by_email').notNull(),
    publishedAt: tstz('published_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('frontend_releases_slice_version_idx').on(t.slice, t.version),
    index('frontend_releases_published_by_user_id_idx').on(t.publishedByUserId),
  ],
)

export const frontendReleaseSwitches = pgTable(
  'frontend_release_switches',
  {
    id: idColumn(),
    slice: text('slice').notNull(),
    /** The version made live; null = back to the build that ships with the server (mf-<slice>/dist). */
    version: text('version'),
    /** Made live although the live shell's check refused it (a test of the shell's own refusal). */
    forced: boolean('forced').notNull().default(false),
    switchedByUserId: text('switched_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    switchedByEmail: text('switched_by_email').notNull(),
    switchedAt: tstz('switched_at').notNull().defaultNow(),
  },
  (t) => [
    index('frontend_release_switches_slice_idx').on(t.slice, t.switchedAt),
    index('frontend_release_switches_switched_by_user_id_idx').on(t.switchedByUserId),
  ],
)

export type FrontendRelease = typeof frontendReleases.$inferSelect
export type FrontendReleaseSwitch = typeof frontendReleaseSwitches.$inferSelect
