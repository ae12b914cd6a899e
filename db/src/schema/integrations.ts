import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { annotations } from './annotations.ts'
import { canvases } from './canvases.ts'
import { idColumn, timestamps, tstz } from './columns.ts'
import { users } from './users.ts'

/**
 * Credentials of a connected export tool. Card-board and board tools: token; issue tracker: username, url,
 * token; webhook: url (and its signing secret). The accounts service stores them sealed by the secret box
 * (`sealed`, AES-256-GCM bound to `connected_accounts:<id>:credentials`); the plain fields are only what a
 * row written before sealing may still hold.
 */
export interface ConnectedAccountCredentials {
  sealed?: string
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
    /** Who the tool says the credentials belong to (or the webhook's host), shown in settings. */
    accountName: text('account_name'),
    /** connected, or reconnect once the tool refused the credentials (401). */
    status: text('status').notNull().default('connected'),
    /** The tool's last refusal, shown beside "reconnect". */
    lastError: text('last_error'),
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
    /** Where the status poll got to in the tool (its modified-since time), so each poll asks for changes only. */
    cursor: text('cursor'),
    /** The tool's message when the last run failed. */
    lastError: text('last_error'),
    lastSyncedAt: tstz('last_synced_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('auto_syncs_user_id_canvas_id_type_unique').on(t.userId, t.canvasId, t.type),
    index('auto_syncs_canvas_id_idx').on(t.canvasId),
  ],
)

/**
 * The task a comment became in a tool: auto-sync posts the comment's replies to it and reads its status
 * back; the export panels show it as the comment's result.
 */
export const exportedTasks = pgTable(
  'exported_tasks',
  {
    id: idColumn(),
    annotationId: text('annotation_id')
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Tool type, matching connected_accounts.type. */
    type: text('type').notNull(),
    taskId: text('task_id').notNull(),
    taskUrl: text('task_url'),
    /** The tool's status the last poll saw, so only a change is applied. */
    toolStatus: text('tool_status'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('exported_tasks_annotation_id_type_task_id_unique').on(t.annotationId, t.type, t.taskId),
    index('exported_tasks_user_id_idx').on(t.userId),
  ],
)

export type ExportedTask = typeof exportedTasks.$inferSelect
export type ConnectedAccount = typeof connectedAccounts.$inferSelect
export type NewConnectedAccount = typeof connectedAccounts.$inferInsert
export type AutoSync = typeof autoSyncs.$inferSelect
export type NewAutoSync = typeof autoSyncs.$inferInsert
