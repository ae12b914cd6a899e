import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, idColumn, randomSlug, timestamps, tstz } from './columns.ts'
import { folders } from './folders.ts'
import { users } from './users.ts'

export const CANVAS_TYPES = ['website', 'design', 'email', 'video', 'pdf', 'other'] as const
export type CanvasType = (typeof CANVAS_TYPES)[number]

/** Who may open the feedback link. Not constrained in SQL: the policy module owns the meaning. */
export type CanvasVisibility = 'anyone-with-link' | 'only-team' | 'only-me'

/** A reviewable thing: a website, e-mail, design (images or PDF), video. Owned by one user. */
export const canvases = pgTable(
  'canvases',
  {
    id: idColumn(),
    /** Public slug of the feedback link (/link/{subdomain}/). */
    subdomain: text('subdomain')
      .notNull()
      .$defaultFn(() => randomSlug(16)),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    type: text('type', { enum: CANVAS_TYPES }).notNull(),
    title: text('title').notNull(),
    /** The reviewed URL of a website canvas (proxied through the proxy origin). */
    localUrl: text('local_url'),
    /** Feedback deadline / pause date (see SPEC section 4, canvas states). */
    readOnlyDate: tstz('read_only_date'),
    expireDate: tstz('expire_date'),
    /** Set when archived; null = not archived. */
    archiveDate: tstz('archive_date'),
    isPremium: boolean('is_premium').notNull().default(false),
    /** When downgraded, the canvas that replaced this one. */
    replacedCanvasId: text('replaced_canvas_id').references((): AnyPgColumn => canvases.id, {
      onDelete: 'set null',
    }),
    visibility: text('visibility').$type<CanvasVisibility>().notNull().default('anyone-with-link'),
    /** Optional password of the feedback link (argon2id hash). */
    passwordHash: text('password_hash'),
    /** The revision shown by default (SPEC: Canvas.CanvasRevisionId); normally the highest number. */
    currentRevisionId: text('current_revision_id').references((): AnyPgColumn => canvasRevisions.id, {
      onDelete: 'set null',
    }),
    /** Last annotation/reply activity, for the "new activity" filter and recency sort. */
    lastActivityAt: tstz('last_activity_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('canvases_subdomain_unique').on(t.subdomain),
    index('canvases_user_id_updated_at_idx').on(t.userId, t.updatedAt),
    index('canvases_user_id_archive_date_idx').on(t.userId, t.archiveDate),
    index('canvases_folder_id_idx').on(t.folderId),
    index('canvases_replaced_canvas_id_idx').on(t.replacedCanvasId),
    index('canvases_current_revision_id_idx').on(t.currentRevisionId),
    // Dashboard list (GET /users/me/canvases): the first page by recency walks this index and stops after
    // one page instead of sorting every visible canvas; the count is an index-only scan of the second.
    index('canvases_active_updated_at_idx')
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`archive_date is null`),
    index('canvases_active_user_id_visibility_idx')
      .on(t.userId, t.visibility)
      .where(sql`archive_date is null`),
    check('canvases_type_valid', sql`type in ('website', 'design', 'email', 'video', 'pdf', 'other')`),
  ],
)

/** Versions of a canvas, numbered 1, 2, ... per canvas; the highest number is the latest. */
export const canvasRevisions = pgTable(
  'canvas_revisions',
  {
    id: idColumn(),
    canvasId: text('canvas_id')
      .notNull()
      .references((): AnyPgColumn => canvases.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Optional label shown in the revision picker. */
    name: text('name'),
    /**
     * Website canvases: the address this revision reviews (a new one, or the same one fetched again), so
     * earlier revisions keep theirs when the canvas moves on. Null reads as the canvas's own address.
     */
    localUrl: text('local_url'),
    /**
     * The revision's picture for dashboard cards and the compare view (decision 056): a storage key, taken
     * in a reviewer's browser. A new picture gets a new key, so its signed URL changes with it.
     */
    thumbnailKey: text('thumbnail_key'),
    thumbnailAt: tstz('thumbnail_at'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('canvas_revisions_canvas_id_number_unique').on(t.canvasId, t.number)],
)

export const CANVAS_ASSET_TYPES = ['pdf', 'email', 'image', 'video', 'other'] as const
export type CanvasAssetType = (typeof CANVAS_ASSET_TYPES)[number]
export type CanvasAssetUploadStatus = 'pending' | 'uploading' | 'processing' | 'ready' | 'failed'

/** Files of a revision (images, PDFs, e-mails, videos), ordered by position. */
export const canvasAssets = pgTable(
  'canvas_assets',
  {
    id: idColumn(),
    canvasId: text('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    canvasRevisionId: text('canvas_revision_id')
      .notNull()
      .references(() => canvasRevisions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: CANVAS_ASSET_TYPES }).notNull(),
    position: integer('position').notNull().default(0),
    mimeType: text('mime_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Opaque storage key (local disk or S3). */
    storageKey: text('storage_key'),
    /** Number of pages of a PDF (1 for images). */
    pageCount: integer('page_count'),
    pageThumbnailUrls: jsonb('page_thumbnail_urls').$type<string[]>().notNull().default([]),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    folderId: text('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    uploadStatus: text('upload_status').$type<CanvasAssetUploadStatus>().notNull().default('ready'),
    ...timestamps(),
  },
  (t) => [
    index('canvas_assets_canvas_id_idx').on(t.canvasId),
    index('canvas_assets_canvas_revision_id_position_idx').on(t.canvasRevisionId, t.position),
    index('canvas_assets_folder_id_idx').on(t.folderId),
    check('canvas_assets_type_valid', sql`type in ('pdf', 'email', 'image', 'video', 'other')`),
  ],
)

/** A reviewer's verdict on a revision (POST /canvases/{id}/reviews). */
export const canvasReviews = pgTable(
  'canvas_reviews',
  {
    id: idColumn(),
    canvasId: text('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    canvasRevisionId: text('canvas_revision_id').references(() => canvasRevisions.id, {
      onDelete: 'cascade',
    }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('canvas_reviews_canvas_id_idx').on(t.canvasId),
    index('canvas_reviews_canvas_revision_id_idx').on(t.canvasRevisionId),
    index('canvas_reviews_user_id_idx').on(t.userId),
  ],
)

export const DEADLINE_REMINDER_STATUSES = ['scheduled', 'sent', 'cancelled', 'failed'] as const
export type DeadlineReminderStatus = (typeof DEADLINE_REMINDER_STATUSES)[number]

/**
 * One reminder e-mail to one recipient at one date. A request with userIds, emails and reminderDates
 * creates one row per recipient and date. job_id is the pg-boss job that sends it.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    id: idColumn(),
    canvasId: text('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    /** Who created the reminder. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientUserId: text('recipient_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercased; set when the recipient is not (yet) a user. */
    recipientEmail: text('recipient_email'),
    reminderDate: tstz('reminder_date').notNull(),
    status: text('status', { enum: DEADLINE_REMINDER_STATUSES }).notNull().default('scheduled'),
    jobId: text('job_id'),
    ...timestamps(),
  },
  (t) => [
    index('deadline_reminders_canvas_id_idx').on(t.canvasId),
    index('deadline_reminders_user_id_idx').on(t.userId),
    index('deadline_reminders_recipient_user_id_idx').on(t.recipientUserId),
    index('deadline_reminders_status_reminder_date_idx').on(t.status, t.reminderDate),
    check('deadline_reminders_status_valid', sql`status in ('scheduled', 'sent', 'cancelled', 'failed')`),
    check(
      'deadline_reminders_recipient_present',
      sql`recipient_user_id is not null or recipient_email is not null`,
    ),
  ],
)

export type CanvasUserRole = 'viewer' | 'commenter' | 'editor'

/** Users a canvas was shared with by e-mail invite (POST /canvases/{id}/share, /canvases/{id}/users). */
export const canvasUsers = pgTable(
  'canvas_users',
  {
    canvasId: text('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<CanvasUserRole>().notNull().default('commenter'),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.canvasId, t.userId] }),
    index('canvas_users_user_id_idx').on(t.userId),
    index('canvas_users_invited_by_user_id_idx').on(t.invitedByUserId),
  ],
)

export type Canvas = typeof canvases.$inferSelect
export type NewCanvas = typeof canvases.$inferInsert
export type CanvasRevision = typeof canvasRevisions.$inferSelect
export type NewCanvasRevision = typeof canvasRevisions.$inferInsert
export type CanvasAsset = typeof canvasAssets.$inferSelect
export type NewCanvasAsset = typeof canvasAssets.$inferInsert
export type CanvasReview = typeof canvasReviews.$inferSelect
export type NewCanvasReview = typeof canvasReviews.$inferInsert
export type DeadlineReminder = typeof deadlineReminders.$inferSelect
export type NewDeadlineReminder = typeof deadlineReminders.$inferInsert
export type CanvasUser = typeof canvasUsers.$inferSelect
export type NewCanvasUser = typeof canvasUsers.$inferInsert
