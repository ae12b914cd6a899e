/**
 * What staff did with their internal tools (decision 043). A row per impersonation: who, whom, when it
 * started and ended, from where. Names and e-mails are copied at the time, and the user references fall to
 * null when an account is deleted, so the trail outlives the accounts it is about.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { idColumn, tstz } from './columns.ts'

export const IMPERSONATION_END_REASONS = ['stopped', 'switched', 'logout'] as const
export type ImpersonationEndReason = (typeof IMPERSONATION_END_REASONS)[number]

export const impersonations = pgTable(
  'impersonations',
  {
    id: idColumn(),
    staffUserId: text('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email').notNull(),
    targetName: text('target_name').notNull(),
    /** The staff member's sessions row id (a token hash): which session acted as the target. */
    sessionId: text('session_id').notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    endedAt: tstz('ended_at'),
    endReason: text('end_reason', { enum: IMPERSONATION_END_REASONS }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('impersonations_staff_user_id_idx').on(t.staffUserId),
    index('impersonations_target_user_id_idx').on(t.targetUserId),
    index('impersonations_session_id_idx').on(t.sessionId),
    index('impersonations_started_at_idx').on(t.startedAt),
  ],
)

export type Impersonation = typeof impersonations.$inferSelect
