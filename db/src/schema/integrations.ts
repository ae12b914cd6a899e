import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { canvases } from './canvases.ts'
import { idColumn, timestamps } from './columns.ts'
import { users } from './users.ts'

/**
 * Credentials of a connected export tool. Card-board and board tools: token; issue tracker: username, url,
 * token; webhook: url. Stored as given: encrypting them at rest is the accounts service's job.
 */
export interface ConnectedAccountCredentials {
  token?: string
  username?: string
  url?: string
  [key: string]: unknown
}

/** One connection per user and tool type (trello-like, asana-like, jira-like, webhook, ...). */
export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    credentials: jsonb('credentials').$type<ConnectedAccountCredentials>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex('connected_accounts_user_id_type_unique').on(t.userId, t.type)],
)

/**
 * Automatic export of a canvas's annotations into a task tool (workspace-task and list-task tools).
 * Which target columns are used depends on the tool: workspace/project/section/task or space/list/task.
 */
export const autoSyncs = pgTable(
  'auto_syncs',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    canvasId: text('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    /** Tool type, matching connected_accounts.type. */
    type: text('type').notNull(),
    workspaceId: text('workspace_id'),
    spaceId: text('space_id'),
    projectId: text('project_id'),
    listId: text('list_id'),
    /** null when the tool's section is 'none'. */
    sectionId: text('section_id'),
    taskId: text('task_id'),
    /** Outcome of the last sync run (e.g. idle, syncing, synced, failed). */
    syncStatus: text('sync_status').notNull().default('idle'),
    /** Whether the auto-sync is on (e.g. active, paused). */
    status: text('status').notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('auto_syncs_user_id_canvas_id_type_unique').on(t.userId, t.canvasId, t.type),
    index('auto_syncs_canvas_id_idx').on(t.canvasId),
  ],
)

export type ConnectedAccount = typeof connectedAccounts.$inferSelect
export type NewConnectedAccount = typeof connectedAccounts.$inferInsert
export type AutoSync = typeof autoSyncs.$inferSelect
export type NewAutoSync = typeof autoSyncs.$inferInsert
