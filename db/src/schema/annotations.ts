import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core'
import { canvasAssets, canvases, canvasRevisions } from './canvases.ts'
import { createdAt, idColumn, timestamps, tstz } from './columns.ts'
import { labels } from './teams.ts'
import { users } from './users.ts'

/** Where on a website page an annotation is pinned (written by the injected bridge script). */
export interface AnnotationAnchor {
  /** CSS selector or XPath of the anchored element. */
  selector?: string
  xpath?: string
  /** Offset inside the element, as a fraction of its size (0..1). */
  offsetX?: number
  offsetY?: number
  [key: string]: unknown
}

/** Free-form context captured with a comment; SPEC names metadata.window (width, height). */
export interface AnnotationMetadata {
  /** Size of the reviewer's window when commenting; drives the desktop/mobile view choice. */
  window?: { width: number; height: number }
  anchor?: AnnotationAnchor
  browser?: string
  os?: string
  devicePixelRatio?: number
  [key: string]: unknown
}

/**
 * Comments pinned to a canvas page/position. status is open text: active, in-progress, in-review are the
 * visible defaults and SPEC leaves further values open. user_id is null for anonymous guests and after the
 * author's account is deleted; user_name keeps the display name either way.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: idColumn(),
    canvasId: text('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    canvasRevisionId: text('canvas_revision_id').references(() => canvasRevisions.id, {
      onDelete: 'cascade',
    }),
    canvasAssetId: text('canvas_asset_id').references(() => canvasAssets.id, { onDelete: 'cascade' }),
    /** 0-based page of a PDF asset (the URL hash is 1-based). */
    canvasAssetPageIndex: integer('canvas_asset_page_index'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    /** Text with mentions in the form @[Name](user:id). */
    comment: text('comment').notNull().default(''),
    /** Page path of a website canvas ('/', '/pricing', ...). */
    path: text('path'),
    isPrivate: boolean('is_private').notNull().default(false),
    status: text('status').notNull().default('active'),
    /** Why a pin cannot be shown (element gone, ...); set and cleared per path. */
    inactiveReason: text('inactive_reason'),
    metadata: jsonb('metadata').$type<AnnotationMetadata>().notNull().default({}),
    /** Pin position relative to the page/asset, as fractions (0..1). */
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    /** Seconds into a video. */
    videoTime: doublePrecision('video_time'),
    assignedUserId: text('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set once exported to a task tool, webhook or CSV. */
    lastExportDate: tstz('last_export_date'),
    /** Copy-change comments: the text before and the proposed text after. */
    textContentBefore: text('text_content_before'),
    textContentAfter: text('text_content_after'),
    screenshotUrl: text('screenshot_url'),
    afterScreenshotUrl: text('after_screenshot_url'),
    /** When the author last changed the text (null: never). Status, labels and the like do not count. */
    editedAt: tstz('edited_at'),
    ...timestamps(),
  },
  (t) => [
    index('annotations_canvas_id_created_at_idx').on(t.canvasId, t.createdAt),
    index('annotations_canvas_id_path_idx').on(t.canvasId, t.path),
    index('annotations_canvas_revision_id_idx').on(t.canvasRevisionId),
    index('annotations_canvas_asset_id_idx').on(t.canvasAssetId),
    index('annotations_user_id_idx').on(t.userId),
    index('annotations_assigned_user_id_idx').on(t.assignedUserId),
  ],
)

export const annotationReplies = pgTable(
  'annotation_replies',
  {
    id: idColumn(),
    annotationId: text('annotation_id')
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    comment: text('comment').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    /** When the author last changed the text (null: never). */
    editedAt: tstz('edited_at'),
    ...timestamps(),
  },
  (t) => [
    index('annotation_replies_annotation_id_created_at_idx').on(t.annotationId, t.createdAt),
    index('annotation_replies_user_id_idx').on(t.userId),
  ],
)

export const annotationLabels = pgTable(
  'annotation_labels',
  {
    annotationId: text('annotation_id')
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    labelId: text('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.annotationId, t.labelId] }),
    index('annotation_labels_label_id_idx').on(t.labelId),
  ],
)

/**
 * Files attached to an annotation or a reply. Both ids may be null briefly: a file can be uploaded before
 * the comment that carries it is saved.
 */
export const fileAttachments = pgTable(
  'file_attachments',
  {
    id: idColumn(),
    annotationId: text('annotation_id').references(() => annotations.id, { onDelete: 'cascade' }),
    replyId: text('reply_id').references(() => annotationReplies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('file_attachments_annotation_id_idx').on(t.annotationId),
    index('file_attachments_reply_id_idx').on(t.replyId),
    index('file_attachments_user_id_idx').on(t.userId),
  ],
)

export type Annotation = typeof annotations.$inferSelect
export type NewAnnotation = typeof annotations.$inferInsert
export type AnnotationReply = typeof annotationReplies.$inferSelect
export type NewAnnotationReply = typeof annotationReplies.$inferInsert
export type AnnotationLabel = typeof annotationLabels.$inferSelect
export type NewAnnotationLabel = typeof annotationLabels.$inferInsert
export type FileAttachment = typeof fileAttachments.$inferSelect
export type NewFileAttachment = typeof fileAttachments.$inferInsert
