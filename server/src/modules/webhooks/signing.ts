/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of random
 * bytes; each try sends `webhook-id` (the same on every try of one message), `webhook-timestamp` (seconds,
 * of this try) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 over `id.timestamp.body` with the
 * decoded secret. Small enough for node:crypto; the tests verify it with the reference library.
 */
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}

export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': 'Pinpoint-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, id, timestampSeconds, body),
  }
}
