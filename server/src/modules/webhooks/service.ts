/**
 * The webhook "tool": connect with a URL (checked by the SSRF guard at once, so a private address is
 * refused with a clear message) and get the `whsec_` signing secret once; export comments as
 * `annotation.exported` messages; send a test event; read the delivery log.
 */
import { connectedAccounts, webhookAttempts, webhookDeliveries } from '@pinpoint/db'
import { ValidationFailed } from '@pinpoint/domain'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { checkTarget, TargetRefused } from '../../platform/security/ssrf'
import { authorize } from '../../policy'
import { loadExportable } from '../accounts/selection'
import { accountJson, accountWithCredentials, saveAccount } from '../accounts/service'
import type { SyncResult } from '../accounts/sync'
import { markAnnotationsExported } from '../annotations/bulk'
import type { AnnotationJson } from '../annotations/json-types'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { attemptDelivery, queueWebhook } from './deliver'
import { newWebhookSecret } from './signing'

const EXPORT_GATE = 'Exports need a team on a plan other than team49.'

export async function connectWebhook(context: AppContext, actor: Actor, body: { url?: string }) {
  const user = requireMember(actor)
  authorize(actor, 'export.use', undefined, EXPORT_GATE)
  let url: URL
  try {
    url = new URL(body.url?.trim() ?? '')
  } catch {
    throw new ValidationFailed(
      'Enter the full address of your webhook receiver, e.g. https://example.com/hooks.',
      {
        field: 'url',
      },
    )
  }
  try {
    await checkTarget(url, { allowHosts: context.config.proxyAllowHosts })
  } catch (error) {
    if (error instanceof TargetRefused) throw new ValidationFailed(error.message, { field: 'url' })
    throw error
  }
  const secret = newWebhookSecret()
  const row = await saveAccount(context.database.db, context, {
    userId: user.id,
    type: 'webhook',
    credentials: { url: url.toString(), secret },
    accountName: `${url.host}${url.pathname === '/' ? '' : url.pathname}`,
  })
  return { account: accountJson(row), secret }
}

/** The webhook body of one comment: the annotation JSON plus its link and readable text. */
function exportedPayload(
  annotation: AnnotationJson,
  content: { link: string; comment: string; location: string | null },
) {
  return { annotation, link: content.link, text: content.comment, location: content.location }
}

/** POST /users/me/accounts/webhook/sync: one message per comment, its first try made now. */
export async function syncToWebhook(
  context: AppContext,
  actor: Actor,
  request: Request | undefined,
  annotationIds: string[],
) {
  const user = requireMember(actor)
  authorize(actor, 'export.use', undefined, EXPORT_GATE)
  const { account } = await accountWithCredentials(context, user.id, 'webhook')
  const { items, skipped } = await loadExportable(context, actor, request, annotationIds)
  const results: SyncResult[] = skipped.map((s) => ({ ...s, status: 'skipped' as const }))
  const created = new Map<string, string[]>()
  for (const item of items) {
    const deliveryId = await queueWebhook(context, account.id, {
      type: 'annotation.exported',
      data: exportedPayload(item.annotation, item.content),
    })
    const delivery = await attemptDelivery(context, deliveryId)
    const id = item.annotation.id
    if (delivery?.status === 'delivered') {
      results.push({ annotationId: id, status: 'created', taskId: delivery.webhookId })
      created.set(item.canvas.canvas.id, [...(created.get(item.canvas.canvas.id) ?? []), id])
    } else {
      const [attempt] = await context.database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, deliveryId))
        .orderBy(desc(webhookAttempts.createdAt))
        .limit(1)
      const answer = attempt?.statusCode
        ? `answered ${attempt.statusCode}`
        : `could not be reached (${attempt?.responseExcerpt})`
      const retrying = delivery?.status === 'retrying' ? '; it will be sent again' : ''
      results.push({
        annotationId: id,
        status: 'failed',
        message: `The receiver ${answer}${retrying}.`,
        reason: delivery?.status === 'retrying' ? 'retrying' : 'rejected',
        taskId: delivery?.webhookId,
      })
    }
  }
  const exported: AnnotationJson[] = []
  for (const [canvasId, ids] of created) {
    exported.push(...(await markAnnotationsExported({ context, actor, request }, canvasId, ids)))
  }
  const order = new Map(annotationIds.map((id, index) => [id, index]))
  results.sort((a, b) => (order.get(a.annotationId) ?? 0) - (order.get(b.annotationId) ?? 0))
  return { results, annotations: exported }
}

/** POST /users/me/accounts/webhook/test: a `ping` message, tried now, retried like any other. */
export async function sendTestEvent(context: AppContext, actor: Actor) {
  const user = requireMember(actor)
  authorize(actor, 'export.use', undefined, EXPORT_GATE)
  const { account } = await accountWithCredentials(context, user.id, 'webhook')
  const deliveryId = await queueWebhook(context, account.id, {
    type: 'ping',
    data: { message: 'A test event from Pinpoint.' },
  })
  await attemptDelivery(context, deliveryId)
  return { delivery: (await listDeliveries(context, actor, deliveryId)).deliveries[0] ?? null }
}

/** GET /users/me/accounts/webhook/deliveries: the latest 50 messages with every try. */
export async function listDeliveries(context: AppContext, actor: Actor, onlyId?: string) {
  const user = requireMember(actor)
  const db = context.database.db
  const rows = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(connectedAccounts, eq(connectedAccounts.id, webhookDeliveries.accountId))
    .where(
      and(
        eq(connectedAccounts.userId, user.id),
        eq(connectedAccounts.type, 'webhook'),
        onlyId ? eq(webhookDeliveries.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(50)
  const ids = rows.map((row) => row.delivery.id)
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(webhookAttempts.createdAt)
  return {
    deliveries: rows.map(({ delivery }) => ({
      id: delivery.id,
      webhookId: delivery.webhookId,
      eventType: delivery.eventType,
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      createdAt: delivery.createdAt.toISOString(),
      tries: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map((attempt) => ({
          at: attempt.createdAt.toISOString(),
          statusCode: attempt.statusCode,
          durationMs: attempt.durationMs,
          responseExcerpt: attempt.responseExcerpt,
        })),
    })),
  }
}
