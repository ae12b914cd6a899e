/**
 * The auto-sync job (every minute, `auto-sync` queue): for each active link it reads the canvas's feed
 * events after its cursor, in order, acting as the user who linked it (their rights on the canvas and its
 * private comments apply):
 * - Asana / ClickUp: a new comment becomes a task in the linked project or list, a reply a comment on
 *   that task; then each task's status is read back and a task done in the tool resolves the comment
 *   (reopened there: active again).
 * - Webhook: comment created, updated, status changed and replied are delivered as messages.
 * The cursor moves past an event only once it is handled, so a tool that fails (401, 429, down) leaves the
 * rest for the next run; `syncStatus` and `lastError` say how the last run went.
 */
import { type AutoSync, annotationReplies, annotations, autoSyncs, events, exportedTasks } from '@pinpoint/db'
import { mentionsAsNames } from '@pinpoint/domain'
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm'
import { createConnector } from '../../connectors'
import { type Connector, type Destination, ToolError, type ToolType } from '../../connectors/types'
import type { AppContext } from '../../context'
import { can } from '../../policy'
import { loadExportable } from '../accounts/selection'
import {
  accountWithCredentials,
  markConnected,
  markNeedsReconnect,
  toolCredentials,
} from '../accounts/service'
import { markAnnotationsExported } from '../annotations/bulk'
import { canvasFor } from '../annotations/load'
import { updateAnnotation } from '../annotations/service'
import { type Actor, loadActorUser } from '../auth/actor'
import { enqueueDelivery, queueWebhook } from '../webhooks/deliver'

const BATCH = 100
const WEBHOOK_EVENTS: Record<string, string> = {
  'annotation.created': 'comment.created',
  'annotation.updated': 'comment.updated',
  'annotation.status-changed': 'comment.status-changed',
  'reply.created': 'comment.replied',
}

type FeedEvent = typeof events.$inferSelect

interface Run {
  context: AppContext
  actor: Actor
  link: AutoSync
  privateComments: boolean
}

export async function runAutoSyncs(context: AppContext): Promise<void> {
  const links = await context.database.db.select().from(autoSyncs).where(eq(autoSyncs.status, 'active'))
  for (const link of links) await runAutoSync(context, link)
}

export async function runAutoSync(context: AppContext, link: AutoSync): Promise<void> {
  const db = context.database.db
  const user = await loadActorUser(db, link.userId)
  if (!user) return
  const actor: Actor = { user, via: 'session' }
  await db.update(autoSyncs).set({ syncStatus: 'syncing' }).where(eq(autoSyncs.id, link.id))
  let cursor = Number((JSON.parse(link.cursor ?? '{}') as { eventId?: number }).eventId ?? 0)
  try {
    const canvas = await canvasFor({ context, db, actor }, link.canvasId)
    if (!can(actor, 'comment.markExported', canvas.domain)) {
      throw new ToolError('rejected', "Exports are not on this canvas's plan any more.")
    }
    const run: Run = { context, actor, link, privateComments: canvas.privateComments }
    const feed = await db
      .select()
      .from(events)
      .where(and(eq(events.canvasId, link.canvasId), gt(events.id, cursor), isNull(events.userId)))
      .orderBy(asc(events.id))
      .limit(BATCH)
    const connector = link.type === 'webhook' ? null : createConnector(link.type as ToolType, context.config)
    for (const event of feed) {
      if (!event.isPrivate || run.privateComments) {
        if (connector) await pushToTool(run, connector, event)
        else await pushToWebhook(run, event)
      }
      cursor = event.id
      await db
        .update(autoSyncs)
        .set({ cursor: JSON.stringify({ eventId: cursor }) })
        .where(eq(autoSyncs.id, link.id))
    }
    if (connector) {
      await pullStatuses(run, connector)
      // The tool took the credentials again: settings stops asking to reconnect.
      const { account } = await accountWithCredentials(context, link.userId, link.type as ToolType)
      if (account.status === 'reconnect') await markConnected(context, account.id)
    }
    await db
      .update(autoSyncs)
      .set({ syncStatus: 'synced', lastError: null, lastSyncedAt: context.now() })
      .where(eq(autoSyncs.id, link.id))
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof ToolError && error.kind === 'reconnect') {
      const { account } = await accountWithCredentials(context, link.userId, link.type as ToolType)
      await markNeedsReconnect(context, account.id, message)
    }
    await db
      .update(autoSyncs)
      .set({ syncStatus: 'failed', lastError: message })
      .where(eq(autoSyncs.id, link.id))
    if (!(error instanceof ToolError))
      context.logger.error('auto-sync failed', { autoSyncId: link.id, error: message })
  }
}

function destinationOf(link: AutoSync): Destination {
  return {
    workspaceId: link.workspaceId,
    spaceId: link.spaceId,
    projectId: link.projectId,
    listId: link.listId,
    sectionId: link.sectionId,
    taskId: link.taskId,
  }
}

async function taskOf(run: Run, annotationId: string) {
  const [task] = await run.context.database.db
    .select()
    .from(exportedTasks)
    .where(
      and(
        eq(exportedTasks.annotationId, annotationId),
        eq(exportedTasks.type, run.link.type),
        eq(exportedTasks.userId, run.link.userId),
      ),
    )
  return task ?? null
}

async function pushToTool(run: Run, connector: Connector, event: FeedEvent) {
  const { context, actor, link } = run
  const db = context.database.db
  const { credentials } = await accountWithCredentials(context, link.userId, link.type as ToolType)
  if (event.type === 'annotation.created' && event.annotationId) {
    if (await taskOf(run, event.annotationId)) return
    const { items } = await loadExportable(context, actor, undefined, [event.annotationId])
    const item = items[0]
    if (!item) return // deleted since, or no longer visible
    const task = await connector.createTask(toolCredentials(credentials), destinationOf(link), item.content)
    await db
      .insert(exportedTasks)
      .values({
        annotationId: item.annotation.id,
        userId: link.userId,
        type: link.type,
        taskId: task.id,
        taskUrl: task.url,
      })
      .onConflictDoNothing()
    await markAnnotationsExported({ context, actor }, link.canvasId, [item.annotation.id])
    return
  }
  if (event.type === 'reply.created' && event.annotationId && event.replyId && connector.addTaskComment) {
    const task = await taskOf(run, event.annotationId)
    if (!task) return
    const [reply] = await db.select().from(annotationReplies).where(eq(annotationReplies.id, event.replyId))
    if (!reply || (reply.isPrivate && !run.privateComments)) return
    await connector.addTaskComment(
      toolCredentials(credentials),
      task.taskId,
      `${reply.userName}: ${mentionsAsNames(reply.comment)}`,
    )
  }
}

async function pushToWebhook(run: Run, event: FeedEvent) {
  const type = WEBHOOK_EVENTS[event.type]
  if (!type || !event.annotationId) return
  const { context, actor, link } = run
  const { items } = await loadExportable(context, actor, undefined, [event.annotationId])
  const item = items[0]
  if (!item) return
  const { account } = await accountWithCredentials(context, link.userId, 'webhook')
  const reply = item.annotation.AnnotationReplies?.find((r) => r.id === event.replyId) ?? null
  const deliveryId = await queueWebhook(context, account.id, {
    type,
    data: {
      annotation: item.annotation,
      link: item.content.link,
      text: item.content.comment,
      ...(reply ? { reply } : {}),
      ...(event.type === 'annotation.status-changed' ? { change: event.data } : {}),
    },
  })
  await enqueueDelivery(context, deliveryId)
}

/** Reads the linked tasks' statuses back: done in the tool resolves the comment, reopened makes it active. */
async function pullStatuses(run: Run, connector: Connector) {
  if (!connector.taskStatuses) return
  const { context, actor, link } = run
  const db = context.database.db
  const tasks = await db
    .select({ task: exportedTasks, status: annotations.status })
    .from(exportedTasks)
    .innerJoin(annotations, eq(annotations.id, exportedTasks.annotationId))
    .where(
      and(
        eq(exportedTasks.userId, link.userId),
        eq(exportedTasks.type, link.type),
        eq(annotations.canvasId, link.canvasId),
      ),
    )
  if (tasks.length === 0) return
  const { credentials } = await accountWithCredentials(context, link.userId, link.type as ToolType)
  const statuses = await connector.taskStatuses(
    toolCredentials(credentials),
    tasks.map(({ task }) => task.taskId),
  )
  const byTask = new Map(statuses.map((status) => [status.taskId, status]))
  for (const { task, status: commentStatus } of tasks) {
    const seen = byTask.get(task.taskId)
    if (!seen) continue
    const wasDone = task.toolStatus?.startsWith('done:') ?? false
    const key = `${seen.done ? 'done' : 'open'}:${seen.status}`
    if (key === task.toolStatus) continue
    if (seen.done && commentStatus !== 'resolved') {
      await updateAnnotation({ context, actor }, task.annotationId, { status: 'resolved' })
    } else if (!seen.done && wasDone && commentStatus === 'resolved') {
      await updateAnnotation({ context, actor }, task.annotationId, { status: 'active' })
    }
    await db
      .update(exportedTasks)
      .set({ toolStatus: key })
      .where(inArray(exportedTasks.id, [task.id]))
  }
}
