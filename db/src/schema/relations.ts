/**
 * Relations for Drizzle's relational query API (`db.query.canvases.findMany({ with: { revisions: true } })`).
 * They add no SQL; foreign keys live on the tables. Kept in one file because they cross aggregates.
 * Where two tables are linked twice, relationName pairs the two sides.
 */
import { relations } from 'drizzle-orm'
import { annotationLabels, annotationReplies, annotations, fileAttachments } from './annotations.ts'
import { customers, invoices } from './billing.ts'
import {
  canvasAssets,
  canvases,
  canvasReviews,
  canvasRevisions,
  canvasUsers,
  deadlineReminders,
} from './canvases.ts'
import { folders } from './folders.ts'
import { autoSyncs, connectedAccounts } from './integrations.ts'
import { invites, labels, ssoConfigs, ssoDomains, teams } from './teams.ts'
import { passwordResetTokens, sessions, users } from './users.ts'

export const usersRelations = relations(users, ({ one, many }) => ({
  team: one(teams, { fields: [users.teamId], references: [teams.id], relationName: 'team_members' }),
  ownedTeams: many(teams, { relationName: 'team_owner' }),
  customer: one(customers),
  sessions: many(sessions, { relationName: 'session_user' }),
  passwordResetTokens: many(passwordResetTokens),
  canvases: many(canvases),
  folders: many(folders),
  connectedAccounts: many(connectedAccounts),
  autoSyncs: many(autoSyncs),
  invoices: many(invoices),
}))

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id], relationName: 'session_user' }),
  impersonatedUser: one(users, {
    fields: [sessions.impersonatedUserId],
    references: [users.id],
    relationName: 'session_impersonated',
  }),
}))

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  user: one(users, { fields: [passwordResetTokens.userId], references: [users.id] }),
}))

export const teamsRelations = relations(teams, ({ one, many }) => ({
  owner: one(users, { fields: [teams.ownerUserId], references: [users.id], relationName: 'team_owner' }),
  members: many(users, { relationName: 'team_members' }),
  ssoConfig: one(ssoConfigs),
  labels: many(labels),
  invites: many(invites),
}))

export const ssoConfigsRelations = relations(ssoConfigs, ({ one, many }) => ({
  team: one(teams, { fields: [ssoConfigs.teamId], references: [teams.id] }),
  domains: many(ssoDomains),
}))

export const ssoDomainsRelations = relations(ssoDomains, ({ one }) => ({
  config: one(ssoConfigs, { fields: [ssoDomains.teamId], references: [ssoConfigs.teamId] }),
}))

export const invitesRelations = relations(invites, ({ one }) => ({
  team: one(teams, { fields: [invites.teamId], references: [teams.id] }),
  invitedBy: one(users, { fields: [invites.invitedByUserId], references: [users.id] }),
}))

export const labelsRelations = relations(labels, ({ one, many }) => ({
  team: one(teams, { fields: [labels.teamId], references: [teams.id] }),
  annotationLabels: many(annotationLabels),
}))

export const customersRelations = relations(customers, ({ one, many }) => ({
  user: one(users, { fields: [customers.userId], references: [users.id] }),
  invoices: many(invoices),
}))

export const invoicesRelations = relations(invoices, ({ one }) => ({
  user: one(users, { fields: [invoices.userId], references: [users.id] }),
  customer: one(customers, { fields: [invoices.customerId], references: [customers.id] }),
}))

export const foldersRelations = relations(folders, ({ one, many }) => ({
  user: one(users, { fields: [folders.userId], references: [users.id] }),
  parent: one(folders, {
    fields: [folders.parentFolderId],
    references: [folders.id],
    relationName: 'folder_children',
  }),
  children: many(folders, { relationName: 'folder_children' }),
  canvases: many(canvases),
  assets: many(canvasAssets),
}))

export const canvasesRelations = relations(canvases, ({ one, many }) => ({
  user: one(users, { fields: [canvases.userId], references: [users.id] }),
  folder: one(folders, { fields: [canvases.folderId], references: [folders.id] }),
  currentRevision: one(canvasRevisions, {
    fields: [canvases.currentRevisionId],
    references: [canvasRevisions.id],
    relationName: 'canvas_current_revision',
  }),
  replacedCanvas: one(canvases, {
    fields: [canvases.replacedCanvasId],
    references: [canvases.id],
    relationName: 'canvas_replaced',
  }),
  revisions: many(canvasRevisions, { relationName: 'canvas_revisions' }),
  assets: many(canvasAssets),
  reviews: many(canvasReviews),
  deadlineReminders: many(deadlineReminders),
  annotations: many(annotations),
  canvasUsers: many(canvasUsers),
  autoSyncs: many(autoSyncs),
}))

export const canvasRevisionsRelations = relations(canvasRevisions, ({ one, many }) => ({
  canvas: one(canvases, {
    fields: [canvasRevisions.canvasId],
    references: [canvases.id],
    relationName: 'canvas_revisions',
  }),
  assets: many(canvasAssets),
  annotations: many(annotations),
  reviews: many(canvasReviews),
}))

export const canvasAssetsRelations = relations(canvasAssets, ({ one, many }) => ({
  canvas: one(canvases, { fields: [canvasAssets.canvasId], references: [canvases.id] }),
  revision: one(canvasRevisions, {
    fields: [canvasAssets.canvasRevisionId],
    references: [canvasRevisions.id],
  }),
  folder: one(folders, { fields: [canvasAssets.folderId], references: [folders.id] }),
  annotations: many(annotations),
}))

export const canvasReviewsRelations = relations(canvasReviews, ({ one }) => ({
  canvas: one(canvases, { fields: [canvasReviews.canvasId], references: [canvases.id] }),
  revision: one(canvasRevisions, {
    fields: [canvasReviews.canvasRevisionId],
    references: [canvasRevisions.id],
  }),
  user: one(users, { fields: [canvasReviews.userId], references: [users.id] }),
}))

export const deadlineRemindersRelations = relations(deadlineReminders, ({ one }) => ({
  canvas: one(canvases, { fields: [deadlineReminders.canvasId], references: [canvases.id] }),
  user: one(users, {
    fields: [deadlineReminders.userId],
    references: [users.id],
    relationName: 'reminder_creator',
  }),
  recipientUser: one(users, {
    fields: [deadlineReminders.recipientUserId],
    references: [users.id],
    relationName: 'reminder_recipient',
  }),
}))

export const canvasUsersRelations = relations(canvasUsers, ({ one }) => ({
  canvas: one(canvases, { fields: [canvasUsers.canvasId], references: [canvases.id] }),
  user: one(users, { fields: [canvasUsers.userId], references: [users.id], relationName: 'canvas_user' }),
  invitedBy: one(users, {
    fields: [canvasUsers.invitedByUserId],
    references: [users.id],
    relationName: 'canvas_user_inviter',
  }),
}))

export const annotationsRelations = relations(annotations, ({ one, many }) => ({
  canvas: one(canvases, { fields: [annotations.canvasId], references: [canvases.id] }),
  revision: one(canvasRevisions, {
    fields: [annotations.canvasRevisionId],
    references: [canvasRevisions.id],
  }),
  asset: one(canvasAssets, { fields: [annotations.canvasAssetId], references: [canvasAssets.id] }),
  user: one(users, {
    fields: [annotations.userId],
    references: [users.id],
    relationName: 'annotation_author',
  }),
  assignedUser: one(users, {
    fields: [annotations.assignedUserId],
    references: [users.id],
    relationName: 'annotation_assignee',
  }),
  replies: many(annotationReplies),
  labels: many(annotationLabels),
  fileAttachments: many(fileAttachments),
}))

export const annotationRepliesRelations = relations(annotationReplies, ({ one, many }) => ({
  annotation: one(annotations, {
    fields: [annotationReplies.annotationId],
    references: [annotations.id],
  }),
  user: one(users, { fields: [annotationReplies.userId], references: [users.id] }),
  fileAttachments: many(fileAttachments),
}))

export const annotationLabelsRelations = relations(annotationLabels, ({ one }) => ({
  annotation: one(annotations, { fields: [annotationLabels.annotationId], references: [annotations.id] }),
  label: one(labels, { fields: [annotationLabels.labelId], references: [labels.id] }),
}))

export const fileAttachmentsRelations = relations(fileAttachments, ({ one }) => ({
  annotation: one(annotations, { fields: [fileAttachments.annotationId], references: [annotations.id] }),
  reply: one(annotationReplies, {
    fields: [fileAttachments.replyId],
    references: [annotationReplies.id],
  }),
  user: one(users, { fields: [fileAttachments.userId], references: [users.id] }),
}))

export const connectedAccountsRelations = relations(connectedAccounts, ({ one }) => ({
  user: one(users, { fields: [connectedAccounts.userId], references: [users.id] }),
}))

export const autoSyncsRelations = relations(autoSyncs, ({ one }) => ({
  user: one(users, { fields: [autoSyncs.userId], references: [users.id] }),
  canvas: one(canvases, { fields: [autoSyncs.canvasId], references: [canvases.id] }),
}))
