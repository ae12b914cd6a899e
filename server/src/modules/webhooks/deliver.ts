/**
 * Webhook deliveries: each message is a row (the same `webhook-id` and body on every try) worked by the
 * `webhook-delivery` pg-boss queue. A try that gets a 2xx ends it delivered. A 5xx, 408, 429, a timeout or
 * a network error schedules the next try after RETRY_DELAYS_MS (first within 30 s, then growing: six
 * tries over about four hours); after the last it ends failed. Another 4xx ends it failed at once (the
 * receiver refuses this message; sending it again would not change that). Every try is logged with its
 * status code, duration and the start of the answer.
 */
import { connectedAccounts, type DbOrTx, newId, webhookAttempts, webhookDeliveries } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { QUEUES } from '../../jobs'
import { guardedFetch } from '../../platform/security/outbound'
import { TargetRefused } from '../../platform/security/ssrf'
import { openCredentials } from '../accounts/credentials'
import { webhookHeaders } from './signing'

/** Waits before tries 2..6: 20 s, 2 min, 15 min, 1 h, 3 h (about 4 h 17 min in all). */
export const RETRY_DELAYS_MS = [20_000, 120_000, 900_000, 3_600_000, 10_800_000] as const
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
const EXCERPT_CHARS = 500

export interface WebhookEvent {
  type: string
  data: Record<string, unknown>
}

/** Stores a message and queues its first try. Returns the delivery id. */
export async function queueWebhook(
  context: AppContext,
  accountId: string,
  event: WebhookEvent,
  db: DbOrTx = context.database.db,
) {
  const id = newId()
  const webhookId = `msg_${id}`
  const payload = { type: event.type, timestamp: context.now().toISOString(), data: event.data }
  await db
    .insert(webhookDeliveries)
    .values({ id, accountId, webhookId, eventType: event.type, payload, nextAttemptAt: context.now() })
  return id
}

export async function enqueueDelivery(context: AppContext, deliveryId: string, startAfter?: Date) {
  await context.jobs.send(QUEUES.webhookDelivery, { deliveryId }, { startAfter })
}

const retryable = (status: number | null) =>
  status === null || status >= 500 || status === 408 || status === 429

/** One try of a delivery (the job handler, and the first try of an export). Returns the delivery's new state. */
export async function attemptDelivery(context: AppContext, deliveryId: string) {
  const db = context.database.db
  const [row] = await db
    .select({ delivery: webhookDeliveries, account: connectedAccounts })
    .from(webhookDeliveries)
    .innerJoin(connectedAccounts, eq(connectedAccounts.id, webhookDeliveries.accountId))
    .where(eq(webhookDeliveries.id, deliveryId))
  // Gone (account disconnected) or already finished: nothing to do, and nothing to retry.
  if (!row || row.delivery.status === 'delivered' || row.delivery.status === 'failed')
    return row?.delivery ?? null
  const { delivery, account } = row
  const credentials = await openCredentials(db, context.config, account)
  const body = JSON.stringify(delivery.payload)
  const timestamp = Math.floor(context.now().getTime() / 1000)
  const send = guardedFetch({
    allowHosts: context.config.proxyAllowHosts,
    timeoutMs: context.config.integrations.timeoutMs,
  })
  const started = performance.now()
  let statusCode: number | null = null
  let excerpt = ''
  let refused = false
  try {
    const response = await send(credentials.url ?? '', {
      method: 'POST',
      headers: webhookHeaders(credentials.secret ?? '', delivery.webhookId, timestamp, body),
      body,
    })
    statusCode = response.status
    excerpt = (await response.text()).slice(0, EXCERPT_CHARS)
  } catch (error) {
    // A target the SSRF guard refuses stays refused: no retry.
    refused = error instanceof TargetRefused
    excerpt =
      error instanceof DOMException && error.name === 'TimeoutError'
        ? `No answer within ${context.config.integrations.timeoutMs} ms.`
        : error instanceof Error
          ? error.message
          : String(error)
  }
  const durationMs = Math.round(performance.now() - started)
  const attempts = delivery.attempts + 1
  await db.insert(webhookAttempts).values({ deliveryId, statusCode, durationMs, responseExcerpt: excerpt })
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300
  const again = !ok && !refused && retryable(statusCode) && attempts < MAX_ATTEMPTS
  const delay = RETRY_DELAYS_MS[attempts - 1] ?? 0
  const nextAttemptAt = again ? new Date(context.now().getTime() + delay) : null
  const status = ok ? 'delivered' : again ? 'retrying' : 'failed'
  const [updated] = await db
    .update(webhookDeliveries)
    .set({ status, attempts, nextAttemptAt })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning()
  if (nextAttemptAt) await enqueueDelivery(context, deliveryId, nextAttemptAt)
  return updated ?? null
}
