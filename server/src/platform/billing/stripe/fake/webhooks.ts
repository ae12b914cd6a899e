/**
 * Webhook delivery as Stripe does it: each event is POSTed as JSON to the endpoint with a
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">` header signed with the endpoint
 * secret (`whsec_…`). Deliveries go one at a time in creation order; `idle()` lets a test wait for them.
 */
import { createHmac } from 'node:crypto'
import type { FakeEvent } from './state'

export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

/**
 * Signatures carry the wall-clock delivery time, never the fake's (test-movable) billing clock: receivers
 * check the timestamp against their own real clock (5 minutes' tolerance), as they do with Stripe.
 */
export function wallClockSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

export interface Delivery {
  eventId: string
  type: string
  status: number
}

export class WebhookSender {
  readonly deliveries: Delivery[] = []
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly target: () => { url: string | null; secret: string }) {}

  /** Queues one delivery (also used by tests to replay an event that was already delivered). */
  send(event: FakeEvent): Promise<void> {
    this.queue = this.queue.then(() => this.deliver(event))
    return this.queue
  }

  /** Resolves once every queued delivery has been answered. */
  idle(): Promise<void> {
    return this.queue
  }

  private async deliver(event: FakeEvent): Promise<void> {
    const { url, secret } = this.target()
    if (!url) return
    const payload = JSON.stringify(event, null, 2)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(payload, secret, wallClockSeconds()),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      })
      await response.arrayBuffer()
      this.deliveries.push({ eventId: event.id, type: event.type, status: response.status })
    } catch {
      // Stripe records a failed delivery and retries later; the fake records it and leaves retries to tests.
      this.deliveries.push({ eventId: event.id, type: event.type, status: 0 })
    }
  }
}
