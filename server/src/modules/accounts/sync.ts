/**
 * POST /users/me/accounts/{tool}/sync (SPEC 7): one task per comment in the chosen destination; each
 * comment reports created (with the task's link), failed (with the tool's message) or skipped (not
 * visible, or already a task in this tool). The created ones are marked exported. A 401 stops the run
 * (every later call would fail the same way) and flags the account for reconnecting; a 429 the tool keeps
 * up past our retries fails only that comment, with the wait the tool asked for.
 */
import { exportedTasks } from '@pinpoint/db'
import { and, eq, inArray } from 'drizzle-orm'
import { createConnector } from '../../connectors'
import { type Destination, ToolError, type ToolType } from '../../connectors/types'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import { markAnnotationsExported } from '../annotations/bulk'
import type { AnnotationJson } from '../annotations/json-types'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { loadExportable } from './selection'
import { accountWithCredentials, markConnected, markNeedsReconnect, toolCredentials } from './service'

export interface SyncResult {
  annotationId: string
  status: 'created' | 'failed' | 'skipped'
  message?: string
  taskId?: string
  taskUrl?: string | null
  /** For a failure: reconnect, rate-limited, rejected or unreachable. */
  reason?: string
}

/** SPEC: Asana's section 'none' is sent as null; empty strings count as not chosen. */
export function destinationOf(body: Record<string, unknown>): Destination {
  const destination: Destination = {}
  for (const [key, value] of Object.entries(body)) {
    if (key === 'annotationIds') continue
    if (value === null || value === undefined || value === '' || value === 'none') destination[key] = null
    else destination[key] = String(value)
  }
  return destination
}

export async function syncToTool(
  context: AppContext,
  actor: Actor,
  request: Request | undefined,
  type: ToolType,
  body: { annotationIds: string[] } & Record<string, unknown>,
) {
  const user = requireMember(actor)
  authorize(actor, 'export.use', undefined, 'Exports need a team on a plan other than team49.')
  const { account, credentials } = await accountWithCredentials(context, user.id, type)
  const connector = createConnector(type, context.config)
  const destination = destinationOf(body)
  const { items, skipped } = await loadExportable(context, actor, request, body.annotationIds)
  const results: SyncResult[] = skipped.map((s) => ({ ...s, status: 'skipped' as const }))
  const db = context.database.db
  const earlier =
    items.length === 0
      ? []
      : await db
          .select()
          .from(exportedTasks)
          .where(
            and(
              eq(exportedTasks.type, type),
              inArray(
                exportedTasks.annotationId,
                items.map((item) => item.annotation.id),
              ),
            ),
          )
  const done = new Map(earlier.map((task) => [task.annotationId, task]))
  const created = new Map<string, string[]>()
  let stop: ToolError | null = null
  for (const item of items) {
    const id = item.annotation.id
    const previous = done.get(id)
    if (previous) {
      results.push({
        annotationId: id,
        status: 'skipped',
        message: `Already a task in ${connector.label}.`,
        taskId: previous.taskId,
        taskUrl: previous.taskUrl,
      })
      continue
    }
    if (stop) {
      results.push({ annotationId: id, status: 'failed', message: stop.message, reason: stop.kind })
      continue
    }
    try {
      const task = await connector.createTask(toolCredentials(credentials), destination, item.content)
      await db
        .insert(exportedTasks)
        .values({ annotationId: id, userId: user.id, type, taskId: task.id, taskUrl: task.url })
        .onConflictDoNothing()
      results.push({ annotationId: id, status: 'created', taskId: task.id, taskUrl: task.url })
      created.set(item.canvas.canvas.id, [...(created.get(item.canvas.canvas.id) ?? []), id])
    } catch (error) {
      if (!(error instanceof ToolError)) throw error
      results.push({ annotationId: id, status: 'failed', message: error.message, reason: error.kind })
      if (error.kind === 'reconnect') {
        stop = error
        await markNeedsReconnect(context, account.id, error.message)
      }
    }
  }
  if (account.status === 'reconnect' && !stop && created.size > 0) await markConnected(context, account.id)
  const exported: AnnotationJson[] = []
  for (const [canvasId, ids] of created) {
    exported.push(...(await markAnnotationsExported({ context, actor, request }, canvasId, ids)))
  }
  const order = new Map(body.annotationIds.map((id, index) => [id, index]))
  results.sort((a, b) => (order.get(a.annotationId) ?? 0) - (order.get(b.annotationId) ?? 0))
  return { results, annotations: exported }
}
