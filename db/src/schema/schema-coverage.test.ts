/**
 * Every field SPEC section 3 names has a home in the migrated database. The table below is the map from
 * SPEC entity.field to table.column (and its SQL type); fields that are deliberately not stored are listed
 * with the reason. Runs on the per-process test database (real PostgreSQL, PGlite only as fallback).
 */
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { testDatabase } from '../testing/index.ts'

type Column = { table: string; column: string; type?: string }

const JSONB = 'jsonb'
const TEXT = 'text'
const BOOL = 'boolean'
const TSTZ = 'timestamp with time zone'
const INT = 'integer'

/** SPEC entity.field -> where it is stored. A nested path (metadata.window) lives inside a jsonb column. */
const SPEC_FIELDS: Record<string, Column> = {
  // User
  'User.id': { table: 'users', column: 'id', type: TEXT },
  'User.name': { table: 'users', column: 'name', type: TEXT },
  'User.email': { table: 'users', column: 'email', type: TEXT },
  'User.avatar(avatarUrl)': { table: 'users', column: 'avatar_url', type: TEXT },
  'User.createdAt': { table: 'users', column: 'created_at', type: TSTZ },
  'User.isGuest': { table: 'users', column: 'is_guest', type: BOOL },
  'User.role': { table: 'users', column: 'role', type: TEXT },
  'User.TeamId': { table: 'users', column: 'team_id', type: TEXT },
  'User.Team.id': { table: 'teams', column: 'id', type: TEXT },
  'User.Team.name': { table: 'teams', column: 'name', type: TEXT },
  'User.Team.ownerUserId': { table: 'teams', column: 'owner_user_id', type: TEXT },
  'User.Team.Customer': { table: 'customers', column: 'user_id', type: TEXT }, // the owner's customer
  'User.Team.SSOConfig': { table: 'sso_configs', column: 'team_id', type: TEXT },
  'User.Team.SSOConfig.enabled': { table: 'sso_configs', column: 'enabled', type: BOOL },
  'User.Customer': { table: 'customers', column: 'user_id', type: TEXT },
  'User.Customer.customerId': { table: 'customers', column: 'customer_id', type: TEXT },
  'User.Customer.planId': { table: 'customers', column: 'plan_id', type: TEXT },
  'User.Customer.status': { table: 'customers', column: 'status', type: TEXT },
  'User.Customer.periodEnd': { table: 'customers', column: 'period_end', type: TSTZ },
  'User.Customer.shouldEmailReceipts': { table: 'customers', column: 'should_email_receipts', type: BOOL },
  'User.Customer.billingEmail': { table: 'customers', column: 'billing_email', type: TEXT },
  'User.Customer.betaFeaturesEnabled.emailReview': {
    table: 'customers',
    column: 'beta_features',
    type: JSONB,
  },
  'User.token': { table: 'users', column: 'token_hash', type: TEXT },
  'User.emailOn': { table: 'users', column: 'email_on', type: BOOL },
  'User.myEmailSettings': { table: 'users', column: 'my_email_settings', type: JSONB },
  'User.clientEmailSettings': { table: 'users', column: 'client_email_settings', type: JSONB },
  'User.emailSettings': { table: 'users', column: 'email_settings', type: JSONB },
  'User.signupSurvey': { table: 'users', column: 'signup_survey', type: JSONB },
  'User.offboardingSurvey': { table: 'users', column: 'offboarding_survey', type: JSONB },

  // Auth state (the stored parts)
  'AuthState.user': { table: 'sessions', column: 'user_id', type: TEXT },
  'AuthState.apiToken': { table: 'users', column: 'token_hash', type: TEXT },
  'AuthState.impersonatedUserId': { table: 'sessions', column: 'impersonated_user_id', type: TEXT },

  // Canvas
  'Canvas.id': { table: 'canvases', column: 'id', type: TEXT },
  'Canvas.subdomain': { table: 'canvases', column: 'subdomain', type: TEXT },
  'Canvas.UserId': { table: 'canvases', column: 'user_id', type: TEXT },
  'Canvas.User.TeamId': { table: 'users', column: 'team_id', type: TEXT },
  'Canvas.FolderId': { table: 'canvases', column: 'folder_id', type: TEXT },
  'Canvas.type': { table: 'canvases', column: 'type', type: TEXT },
  'Canvas.title': { table: 'canvases', column: 'title', type: TEXT },
  'Canvas.localUrl': { table: 'canvases', column: 'local_url', type: TEXT },
  'Canvas.readOnlyDate': { table: 'canvases', column: 'read_only_date', type: TSTZ },
  'Canvas.expireDate': { table: 'canvases', column: 'expire_date', type: TSTZ },
  'Canvas.archiveDate': { table: 'canvases', column: 'archive_date', type: TSTZ },
  'Canvas.isPremium': { table: 'canvases', column: 'is_premium', type: BOOL },
  'Canvas.Customer.planId': { table: 'customers', column: 'plan_id', type: TEXT }, // via canvases.user_id
  'Canvas.CanvasAssets': { table: 'canvas_assets', column: 'canvas_id', type: TEXT },
  'Canvas.CanvasRevisions': { table: 'canvas_revisions', column: 'canvas_id', type: TEXT },
  'Canvas.CanvasReviews': { table: 'canvas_reviews', column: 'canvas_id', type: TEXT },
  'Canvas.CanvasDeadlineReminders': { table: 'deadline_reminders', column: 'canvas_id', type: TEXT },
  'Canvas.Annotations': { table: 'annotations', column: 'canvas_id', type: TEXT },
  'Canvas.CanvasRevisionId': { table: 'canvases', column: 'current_revision_id', type: TEXT },

  // CanvasRevision
  'CanvasRevision.id': { table: 'canvas_revisions', column: 'id', type: TEXT },
  'CanvasRevision.CanvasId': { table: 'canvas_revisions', column: 'canvas_id', type: TEXT },
  'CanvasRevision.number': { table: 'canvas_revisions', column: 'number', type: INT },

  // CanvasAsset
  'CanvasAsset.id': { table: 'canvas_assets', column: 'id', type: TEXT },
  'CanvasAsset.CanvasId': { table: 'canvas_assets', column: 'canvas_id', type: TEXT },
  'CanvasAsset.name': { table: 'canvas_assets', column: 'name', type: TEXT },
  'CanvasAsset.type': { table: 'canvas_assets', column: 'type', type: TEXT },
  'CanvasAsset.position': { table: 'canvas_assets', column: 'position', type: INT },
  'CanvasAsset.CanvasRevisionId': { table: 'canvas_assets', column: 'canvas_revision_id', type: TEXT },
  'CanvasAsset.pageThumbnailUrls': { table: 'canvas_assets', column: 'page_thumbnail_urls', type: JSONB },
  'CanvasAsset.folderId': { table: 'canvas_assets', column: 'folder_id', type: TEXT },

  // Annotation
  'Annotation.id': { table: 'annotations', column: 'id', type: TEXT },
  'Annotation.CanvasId': { table: 'annotations', column: 'canvas_id', type: TEXT },
  'Annotation.CanvasRevisionId': { table: 'annotations', column: 'canvas_revision_id', type: TEXT },
  'Annotation.CanvasAssetId': { table: 'annotations', column: 'canvas_asset_id', type: TEXT },
  'Annotation.canvasAssetPageIndex': { table: 'annotations', column: 'canvas_asset_page_index', type: INT },
  'Annotation.comment': { table: 'annotations', column: 'comment', type: TEXT },
  'Annotation.path': { table: 'annotations', column: 'path', type: TEXT },
  'Annotation.isPrivate': { table: 'annotations', column: 'is_private', type: BOOL },
  'Annotation.status': { table: 'annotations', column: 'status', type: TEXT },
  'Annotation.inactiveReason': { table: 'annotations', column: 'inactive_reason', type: TEXT },
  'Annotation.metadata.window': { table: 'annotations', column: 'metadata', type: JSONB },
  'Annotation.Labels': { table: 'annotation_labels', column: 'annotation_id', type: TEXT },
  'Annotation.Labels.labelId': { table: 'annotation_labels', column: 'label_id', type: TEXT },
  'Annotation.assignedUser': { table: 'annotations', column: 'assigned_user_id', type: TEXT },
  'Annotation.assignedUserId': { table: 'annotations', column: 'assigned_user_id', type: TEXT },
  'Annotation.lastExportDate': { table: 'annotations', column: 'last_export_date', type: TSTZ },
  'Annotation.userName': { table: 'annotations', column: 'user_name', type: TEXT },
  'Annotation.textContentBefore': { table: 'annotations', column: 'text_content_before', type: TEXT },
  'Annotation.screenshotUrl': { table: 'annotations', column: 'screenshot_url', type: TEXT },
  'Annotation.afterScreenshotUrl': { table: 'annotations', column: 'after_screenshot_url', type: TEXT },
  'Annotation.AnnotationReplies': { table: 'annotation_replies', column: 'annotation_id', type: TEXT },
  'Annotation.FileAttachments': { table: 'file_attachments', column: 'annotation_id', type: TEXT },
  'Annotation.numFileAttachments': { table: 'file_attachments', column: 'annotation_id', type: TEXT }, // count

  // AnnotationReply
  'AnnotationReply.id': { table: 'annotation_replies', column: 'id', type: TEXT },
  'AnnotationReply.AnnotationId': { table: 'annotation_replies', column: 'annotation_id', type: TEXT },
  'AnnotationReply.comment': { table: 'annotation_replies', column: 'comment', type: TEXT },
  'AnnotationReply.isPrivate': { table: 'annotation_replies', column: 'is_private', type: BOOL },
  'AnnotationReply.userName': { table: 'annotation_replies', column: 'user_name', type: TEXT },
  'AnnotationReply.FileAttachments': { table: 'file_attachments', column: 'reply_id', type: TEXT },

  // Folder
  'Folder.id': { table: 'folders', column: 'id', type: TEXT },
  'Folder.name': { table: 'folders', column: 'name', type: TEXT },
  'Folder.description': { table: 'folders', column: 'description', type: TEXT },
  'Folder.UserId': { table: 'folders', column: 'user_id', type: TEXT },
  'Folder.User': { table: 'users', column: 'id', type: TEXT },
  'Folder.parentFolderId': { table: 'folders', column: 'parent_folder_id', type: TEXT },
  'Folder.visibility': { table: 'folders', column: 'visibility', type: TEXT },
  'Folder.canvasesCount': { table: 'folders', column: 'canvases_count', type: INT },
  'Folder.shareableId': { table: 'folders', column: 'shareable_id', type: TEXT },
  'Folder.children': { table: 'folders', column: 'parent_folder_id', type: TEXT },

  // Label
  'Label.id': { table: 'labels', column: 'id', type: TEXT },
  'Label.name': { table: 'labels', column: 'name', type: TEXT },
  'Label.color': { table: 'labels', column: 'color', type: TEXT },

  // CanvasReview
  'CanvasReview.status': { table: 'canvas_reviews', column: 'status', type: TEXT },
  'CanvasReview.comment': { table: 'canvas_reviews', column: 'comment', type: TEXT },
  'CanvasReview.UserId': { table: 'canvas_reviews', column: 'user_id', type: TEXT },
  'CanvasReview.CanvasRevisionId': { table: 'canvas_reviews', column: 'canvas_revision_id', type: TEXT },

  // DeadlineReminder
  'DeadlineReminder.id': { table: 'deadline_reminders', column: 'id', type: TEXT },
  'DeadlineReminder.reminderDate': { table: 'deadline_reminders', column: 'reminder_date', type: TSTZ },
  'DeadlineReminder.recipientUserId': {
    table: 'deadline_reminders',
    column: 'recipient_user_id',
    type: TEXT,
  },
  'DeadlineReminder.UserId': { table: 'deadline_reminders', column: 'user_id', type: TEXT },
  'DeadlineReminder.status': { table: 'deadline_reminders', column: 'status', type: TEXT },
  'DeadlineReminder(userIds)': { table: 'deadline_reminders', column: 'recipient_user_id', type: TEXT },
  'DeadlineReminder(emails)': { table: 'deadline_reminders', column: 'recipient_email', type: TEXT },
  'DeadlineReminder(reminderDates)': { table: 'deadline_reminders', column: 'reminder_date', type: TSTZ },

  // Invite
  'Invite.id': { table: 'invites', column: 'id', type: TEXT },
  'Invite.code': { table: 'invites', column: 'code', type: TEXT },
  'Invite.email': { table: 'invites', column: 'email', type: TEXT },

  // Event
  'Event.id': { table: 'events', column: 'id', type: 'bigint' },
  'Event.data.annotationId': { table: 'events', column: 'data', type: JSONB },
  'Event.annotationId(indexed copy)': { table: 'events', column: 'annotation_id', type: TEXT },
  'Event.readState': { table: 'events', column: 'read_at', type: TSTZ },

  // ConnectedAccount and auto-sync
  'ConnectedAccount.type': { table: 'connected_accounts', column: 'type', type: TEXT },
  'ConnectedAccount.token/username/url': { table: 'connected_accounts', column: 'credentials', type: JSONB },
  'AutoSync.canvasId': { table: 'auto_syncs', column: 'canvas_id', type: TEXT },
  'AutoSync.workspaceId': { table: 'auto_syncs', column: 'workspace_id', type: TEXT },
  'AutoSync.spaceId': { table: 'auto_syncs', column: 'space_id', type: TEXT },
  'AutoSync.projectId': { table: 'auto_syncs', column: 'project_id', type: TEXT },
  'AutoSync.listId': { table: 'auto_syncs', column: 'list_id', type: TEXT },
  'AutoSync.sectionId': { table: 'auto_syncs', column: 'section_id', type: TEXT },
  'AutoSync.taskId': { table: 'auto_syncs', column: 'task_id', type: TEXT },
  'AutoSync.syncStatus': { table: 'auto_syncs', column: 'sync_status', type: TEXT },
  'AutoSync.status': { table: 'auto_syncs', column: 'status', type: TEXT },

  // FileAttachment
  'FileAttachment.id': { table: 'file_attachments', column: 'id', type: TEXT },
  'FileAttachment.AnnotationId': { table: 'file_attachments', column: 'annotation_id', type: TEXT },

  // Customer / billing state
  'Billing.customer': { table: 'customers', column: 'id', type: TEXT },
  'Billing.invoices': { table: 'invoices', column: 'id', type: TEXT },
  'Billing.plan': { table: 'plans', column: 'id', type: TEXT },
  'Billing.card': { table: 'customers', column: 'card_last4', type: TEXT },
  'Billing.coupon': { table: 'customers', column: 'coupon', type: TEXT },
}

/** SPEC section 3 fields that are not database columns, and why. */
const NOT_STORED: Record<string, string> = {
  'AuthState.loaded': 'client state',
  'AuthState.loginStatus': 'login-status cookie',
  'Billing.upcomingInvoice': 'asked from the billing provider on demand',
  'Billing.selectedInvoiceId': 'client state',
  'Billing.oldPlan/newPlan': 'request parameters of a plan switch',
  'UploadableVideoDetails.*': 'signature computed per upload request',
  'Toast.*': 'client state',
  Mention: 'parsed from annotation/reply comment text',
}

/** Columns the brief asks for beyond SPEC section 3 (auth, storage, jobs, billing mirror, dev mailer). */
const INFRASTRUCTURE: Column[] = [
  { table: 'users', column: 'email', type: TEXT },
  { table: 'users', column: 'password_hash', type: TEXT },
  { table: 'users', column: 'avatar_key', type: TEXT },
  { table: 'users', column: 'updated_at', type: TSTZ },
  { table: 'users', column: 'token_created_at', type: TSTZ },
  { table: 'users', column: 'initial_visit_data', type: JSONB },
  { table: 'users', column: 'is_staff', type: BOOL },
  { table: 'teams', column: 'created_at', type: TSTZ },
  { table: 'sso_configs', column: 'sso_only', type: BOOL },
  { table: 'sso_domains', column: 'domain', type: TEXT },
  { table: 'sso_domains', column: 'team_id', type: TEXT },
  { table: 'sso_domains', column: 'created_at', type: TSTZ },
  { table: 'sso_identities', column: 'issuer', type: TEXT },
  { table: 'sso_identities', column: 'subject', type: TEXT },
  { table: 'sso_identities', column: 'user_id', type: TEXT },
  { table: 'sso_identities', column: 'created_at', type: TSTZ },
  { table: 'sso_configs', column: 'issuer', type: TEXT },
  { table: 'sso_configs', column: 'client_id', type: TEXT },
  { table: 'sso_configs', column: 'client_secret', type: TEXT },
  { table: 'customers', column: 'card_brand', type: TEXT },
  { table: 'customers', column: 'updated_at', type: TSTZ },
  { table: 'sessions', column: 'id', type: TEXT },
  { table: 'sessions', column: 'created_at', type: TSTZ },
  { table: 'sessions', column: 'expires_at', type: TSTZ },
  { table: 'sessions', column: 'last_seen_at', type: TSTZ },
  { table: 'sessions', column: 'user_agent', type: TEXT },
  { table: 'sessions', column: 'ip', type: TEXT },
  { table: 'password_reset_tokens', column: 'expires_at', type: TSTZ },
  { table: 'canvases', column: 'replaced_canvas_id', type: TEXT },
  { table: 'canvases', column: 'visibility', type: TEXT },
  { table: 'canvases', column: 'password_hash', type: TEXT },
  { table: 'canvases', column: 'last_activity_at', type: TSTZ },
  { table: 'canvas_revisions', column: 'created_at', type: TSTZ },
  { table: 'canvas_revisions', column: 'local_url', type: TEXT },
  { table: 'canvas_assets', column: 'mime_type', type: TEXT },
  { table: 'canvas_assets', column: 'size_bytes', type: 'bigint' },
  { table: 'canvas_assets', column: 'storage_key', type: TEXT },
  { table: 'canvas_assets', column: 'page_count', type: INT },
  { table: 'canvas_assets', column: 'width', type: INT },
  { table: 'canvas_assets', column: 'height', type: INT },
  { table: 'canvas_assets', column: 'duration_seconds', type: 'double precision' },
  { table: 'canvas_assets', column: 'upload_status', type: TEXT },
  { table: 'annotations', column: 'user_id', type: TEXT },
  { table: 'annotations', column: 'x', type: 'double precision' },
  { table: 'annotations', column: 'y', type: 'double precision' },
  { table: 'annotations', column: 'video_time', type: 'double precision' },
  { table: 'annotations', column: 'text_content_after', type: TEXT },
  { table: 'annotation_replies', column: 'user_id', type: TEXT },
  { table: 'labels', column: 'team_id', type: TEXT },
  { table: 'folders', column: 'password_hash', type: TEXT },
  { table: 'canvas_reviews', column: 'canvas_id', type: TEXT },
  { table: 'canvas_reviews', column: 'created_at', type: TSTZ },
  { table: 'deadline_reminders', column: 'job_id', type: TEXT },
  { table: 'invites', column: 'team_id', type: TEXT },
  { table: 'invites', column: 'invited_by_user_id', type: TEXT },
  { table: 'invites', column: 'expires_at', type: TSTZ },
  { table: 'invites', column: 'last_sent_at', type: TSTZ },
  { table: 'canvas_users', column: 'canvas_id', type: TEXT },
  { table: 'canvas_users', column: 'user_id', type: TEXT },
  { table: 'canvas_users', column: 'role', type: TEXT },
  { table: 'canvas_users', column: 'invited_by_user_id', type: TEXT },
  { table: 'events', column: 'type', type: TEXT },
  { table: 'events', column: 'user_id', type: TEXT },
  { table: 'events', column: 'actor_user_id', type: TEXT },
  { table: 'events', column: 'canvas_id', type: TEXT },
  { table: 'events', column: 'reply_id', type: TEXT },
  { table: 'events', column: 'is_private', type: BOOL },
  { table: 'events', column: 'created_at', type: TSTZ },
  { table: 'connected_accounts', column: 'user_id', type: TEXT },
  { table: 'auto_syncs', column: 'user_id', type: TEXT },
  { table: 'auto_syncs', column: 'type', type: TEXT },
  { table: 'file_attachments', column: 'reply_id', type: TEXT },
  { table: 'file_attachments', column: 'user_id', type: TEXT },
  { table: 'file_attachments', column: 'name', type: TEXT },
  { table: 'file_attachments', column: 'mime_type', type: TEXT },
  { table: 'file_attachments', column: 'size_bytes', type: 'bigint' },
  { table: 'file_attachments', column: 'storage_key', type: TEXT },
  { table: 'plans', column: 'name', type: TEXT },
  { table: 'plans', column: 'interval', type: TEXT },
  { table: 'plans', column: 'amount_cents', type: INT },
  { table: 'plans', column: 'currency', type: TEXT },
  { table: 'plans', column: 'features', type: JSONB },
  { table: 'plans', column: 'team_plan', type: BOOL },
  { table: 'plans', column: 'premium_canvas_limit', type: INT },
  { table: 'invoices', column: 'user_id', type: TEXT },
  { table: 'invoices', column: 'customer_id', type: TEXT },
  { table: 'invoices', column: 'number', type: TEXT },
  { table: 'invoices', column: 'amount_due', type: 'bigint' },
  { table: 'invoices', column: 'amount_paid', type: 'bigint' },
  { table: 'invoices', column: 'currency', type: TEXT },
  { table: 'invoices', column: 'status', type: TEXT },
  { table: 'invoices', column: 'period_start', type: TSTZ },
  { table: 'invoices', column: 'period_end', type: TSTZ },
  { table: 'invoices', column: 'hosted_url', type: TEXT },
  { table: 'invoices', column: 'pdf_url', type: TEXT },
  { table: 'outbox_emails', column: 'to', type: TEXT },
  { table: 'outbox_emails', column: 'subject', type: TEXT },
  { table: 'outbox_emails', column: 'html', type: TEXT },
  { table: 'outbox_emails', column: 'text', type: TEXT },
  { table: 'outbox_emails', column: 'sent_at', type: TSTZ },
  { table: 'outbox_emails', column: 'error', type: TEXT },
]

const { handle } = await testDatabase()

const columns = await handle.rows<{ table_name: string; column_name: string; data_type: string }>(sql`
  select table_name, column_name, data_type
  from information_schema.columns
  where table_schema = 'public'`)
const columnType = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c.data_type]))

describe('schema covers SPEC section 3', () => {
  test.each(Object.entries(SPEC_FIELDS))('%s', (_field, { table, column, type }) => {
    const actual = columnType.get(`${table}.${column}`)
    expect(actual, `${table}.${column}`).toBeDefined()
    if (type) expect(actual).toBe(type)
  })

  test('fields left out of the database are listed with a reason', () => {
    for (const reason of Object.values(NOT_STORED)) expect(reason.length).toBeGreaterThan(0)
  })

  test('infrastructure columns of the brief exist', () => {
    const missing = INFRASTRUCTURE.filter(({ table, column, type }) => {
      const actual = columnType.get(`${table}.${column}`)
      return actual === undefined || (type !== undefined && actual !== type)
    })
    expect(missing).toEqual([])
  })
})

describe('SPEC section 3 entities', () => {
  test('every SPEC entity has its table', () => {
    const tables = new Set(columns.map((c) => c.table_name))
    const expected = [
      'users',
      'teams',
      'sso_configs',
      'customers',
      'sessions',
      'password_reset_tokens',
      'canvases',
      'canvas_revisions',
      'canvas_assets',
      'annotations',
      'annotation_replies',
      'labels',
      'annotation_labels',
      'folders',
      'canvas_reviews',
      'deadline_reminders',
      'invites',
      'canvas_users',
      'events',
      'connected_accounts',
      'auto_syncs',
      'file_attachments',
      'plans',
      'invoices',
      'outbox_emails',
      'rate_limits',
    ]
    expect(expected.filter((t) => !tables.has(t))).toEqual([])
  })
})
