/**
 * Auto-sync settings (SPEC 3, 7): a canvas linked to an Asana project (workspaceId, projectId, sectionId,
 * taskId) or a ClickUp list (spaceId, listId, taskId), or to the webhook. The link starts from the newest
 * event of the canvas, so only comments made from now on are pushed; runner.ts does the work.
 */

import type { AutoSync } from '@pinpoint/db'
import { autoSyncs, events } from '@pinpoint/db'
import { NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, eq, max } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import { accountWithCredentials } from '../accounts/service'
import { canvasFor } from '../annotations/load'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'

export const AUTO_SYNC_TYPES = ['asana', 'clickup', 'webhook'] as const
export type AutoSyncType = (typeof AUTO_SYNC_TYPES)[number]

export interface AutoSyncBody {
  canvasId: string
  workspaceId?: string | null
  spaceId?: string | null
  projectId?: string | null
  listId?: string | null
  sectionId?: string | null
  taskId?: string | null
}

export function autoSyncJson(row: AutoSync) {
  return {
    id: row.id,
    canvasId: row.canvasId,
    type: row.type,
    workspaceId: row.workspaceId,
    spaceId: row.spaceId,
    projectId: row.projectId,
    listId: row.listId,
    sectionId: row.sectionId,
    taskId: row.taskId,
    syncStatus: row.syncStatus,
    status: row.status,
    lastError: row.lastError,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  }
}

const clean = (value: string | null | undefined) => (value && value !== 'none' ? value : null)

export async function setAutoSync(
  context: AppContext,
  actor: Actor,
  request: Request | undefined,
  type: string,
  body: AutoSyncBody,
) {
  const user = requireMember(actor)
  authorize(actor, 'export.use', undefined, 'Exports need a team on a plan other than team49.')
  if (!(AUTO_SYNC_TYPES as readonly string[]).includes(type)) {
    throw new NotFound('Auto-sync is for Asana, ClickUp and the webhook.')
  }
  const db = context.database.db
  const canvas = await canvasFor({ context, db, actor, request }, body.canvasId)
  authorize(actor, 'comment.markExported', canvas.domain, 'Only members of the canvas can sync its comments.')
  await accountWithCredentials(context, user.id, type as AutoSyncType)
  const target = {
    workspaceId: clean(body.workspaceId),
    spaceId: clean(body.spaceId),
    projectId: clean(body.projectId),
    listId: clean(body.listId),
    sectionId: clean(body.sectionId),
    taskId: clean(body.taskId),
  }
  if (type === 'asana' && !target.projectId)
    throw new ValidationFailed('Choose an Asana project.', { field: 'projectId' })
  if (type === 'clickup' && !target.listId)
    throw new ValidationFailed('Choose a ClickUp list.', { field: 'listId' })
  const [latest] = await db
    .select({ id: max(events.id) })
    .from(events)
    .where(eq(events.canvasId, canvas.canvas.id))
  const values = {
    ...target,
    status: 'active',
    syncStatus: 'idle',
    lastError: null,
    cursor: JSON.stringify({ eventId: latest?.id ?? 0 }),
  }
  const [row] = await db
    .insert(autoSyncs)
    .values({ userId: user.id, canvasId: canvas.canvas.id, type, ...values })
    .onConflictDoUpdate({ target: [autoSyncs.userId, autoSyncs.canvasId, autoSyncs.type], set: values })
    .returning()
  if (!row) throw new Error('The auto-sync was not saved.')
  return { autoSync: autoSyncJson(row) }
}

/** DELETE /users/me/accounts/auto-sync: the caller's auto-syncs of this canvas stop. */
export async function removeAutoSync(context: AppContext, actor: Actor, canvasId: string) {
  const user = requireMember(actor)
  const rows = await context.database.db
    .delete(autoSyncs)
    .where(and(eq(autoSyncs.userId, user.id), eq(autoSyncs.canvasId, canvasId)))
    .returning({ id: autoSyncs.id })
  if (rows.length === 0) throw new NotFound('This canvas is not synced.')
  return { deleted: rows.length }
}

export async function listAutoSyncs(context: AppContext, userId: string) {
  const rows = await context.database.db.select().from(autoSyncs).where(eq(autoSyncs.userId, userId))
  return rows.map(autoSyncJson)
}
