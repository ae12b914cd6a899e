import { sql } from 'drizzle-orm'
import { type AnyPgColumn, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { idColumn, randomSlug, timestamps } from './columns.ts'
import { users } from './users.ts'

export const FOLDER_VISIBILITIES = ['only-team', 'anyone-with-link', 'only-me'] as const
export type FolderVisibility = (typeof FOLDER_VISIBILITIES)[number]

/** Folders ("projects" in the interface), nested through parent_folder_id. */
export const folders = pgTable(
  'folders',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Deleting a folder deletes its sub-folders; their canvases stay, with folder_id set to null. */
    parentFolderId: text('parent_folder_id').references((): AnyPgColumn => folders.id, {
      onDelete: 'cascade',
    }),
    visibility: text('visibility', { enum: FOLDER_VISIBILITIES }).notNull().default('only-team'),
    /** Denormalised count of non-archived canvases, maintained by the folder/canvas services. */
    canvasesCount: integer('canvases_count').notNull().default(0),
    /** Public id used by shared-folder links (GET /folders?shareableId=). */
    shareableId: text('shareable_id')
      .notNull()
      .$defaultFn(() => randomSlug(20)),
    /** Optional password protecting the shared link (argon2id hash). */
    passwordHash: text('password_hash'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('folders_shareable_id_unique').on(t.shareableId),
    index('folders_user_id_idx').on(t.userId),
    index('folders_parent_folder_id_idx').on(t.parentFolderId),
    check('folders_visibility_valid', sql`visibility in ('only-team', 'anyone-with-link', 'only-me')`),
  ],
)

export type Folder = typeof folders.$inferSelect
export type NewFolder = typeof folders.$inferInsert
