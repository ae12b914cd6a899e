/**
 * A small Stripe look-alike for tests and local development: a Bun HTTP server that speaks the part of
 * Stripe's REST API the adapter uses (form-encoded requests, Stripe's JSON and error bodies, bearer secret
 * key) and sends signed webhooks. The `stripe` SDK reaches it through its host/port/protocol options
 * (STRIPE_API_URL), so the adapter runs unchanged against it. Time comes from `now`, shared with the
 * server's injectable clock in tests; `advance()` does what Stripe's clock does (trial end, renewals, retries).
 */
import { type FormObject, readParams } from './form'
import type { Ledger } from './invoicing'
import { route } from './routes'
import { type FakeEvent, type FakePrice, FakeStripeState, StripeApiError } from './state'
import { advanceAll } from './subscriptions'
import { signPayload, WebhookSender, wallClockSeconds } from './webhooks'

export const FAKE_API_VERSION = '2026-10-28.endive'

export interface FakePriceSeed {
  /** Our plan id; the adapter finds prices by `lookup_key`. */
  lookupKey: string
  name: string
  unitAmount: number
  interval: 'month' | 'year' | null
}

export interface FakeStripeOptions {
  /** The secret key clients must send (`Authorization: Bearer …`). */
  secretKey: string
  /** Endpoint secret used to sign webhooks (`whsec_…`). */
  webhookSecret: string
  /** Where events are POSTed; null = recorded only. Can be set later with `setWebhookUrl`. */
  webhookUrl?: string | null
  prices: FakePriceSeed[]
  now?: () => Date
  port?: number
  /** When given, `POST /_fake/advance` (form field `seconds`) moves the clock through it, then runs advance. */
  moveClock?: (seconds: number) => void
}

export interface FakeStripe {
  /** Base URL to put in STRIPE_API_URL, e.g. http://127.0.0.1:54321. */
  url: string
  state: FakeStripeState
  setWebhookUrl(url: string | null): void
  /** Runs Stripe's clock up to `now()`, then waits for the resulting webhooks to be answered. */
  advance(): Promise<void>
  /** Waits until every queued webhook delivery has been answered. */
  settle(): Promise<void>
  /** Sends an already emitted event again (a Stripe retry or a replay). */
  redeliver(eventId: string): Promise<void>
  /** A valid Stripe-Signature header for `payload`, for tests that post by hand. */
  sign(payload: string, timestamp?: number): string
  deliveries: WebhookSender['deliveries']
  stop(): Promise<void>
}

export function startFakeStripe(options: FakeStripeOptions): FakeStripe {
  const state = new FakeStripeState()
  const now = options.now ?? (() => new Date())
  const nowSeconds = () => Math.floor(now().getTime() / 1000)
  let webhookUrl = options.webhookUrl ?? null
  const sender = new WebhookSender(() => ({ url: webhookUrl, secret: options.webhookSecret }))
  let requestId = 0

  for (const seed of options.prices) {
    const price: FakePrice = {
      id: state.id('price'),
      object: 'price',
      lookup_key: seed.lookupKey,
      unit_amount: seed.unitAmount,
      currency: 'usd',
      active: true,
      nickname: seed.name,
      product: state.id('prod'),
      recurring: seed.interval ? { interval: seed.interval, interval_count: 1 } : null,
    }
    state.prices.set(price.id, price)
  }

  let currentRequest: string | null = null
  const idempotent = new Map<string, { status: number; body: unknown }>()
  const ledger: Ledger = {
    state,
    now: nowSeconds,
    emit(type, object, previous) {
      const event: FakeEvent = {
        id: state.id('evt'),
        object: 'event',
        api_version: FAKE_API_VERSION,
        created: nowSeconds(),
        type,
        livemode: false,
        pending_webhooks: webhookUrl ? 1 : 0,
        request: { id: currentRequest, idempotency_key: null },
        // A snapshot: later changes to the object must not leak into an event already sent.
        data: {
          object: structuredClone(object),
          ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
        },
      }
      state.events.push(event)
      void sender.send(event)
    },
  }

  async function handle(request: Request): Promise<Response> {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: {
          'content-type': 'application/json',
          'request-id': currentRequest ?? '',
          'stripe-version': FAKE_API_VERSION,
        },
      })
    currentRequest = `req_fake${++requestId}`
    try {
      if (request.headers.get('authorization') !== `Bearer ${options.secretKey}`) {
        throw new StripeApiError(401, { type: 'authentication_error', message: 'Invalid API Key provided.' })
      }
      // Stripe replays the stored answer for a repeated Idempotency-Key instead of doing the work twice.
      const key = request.method === 'POST' ? request.headers.get('idempotency-key') : null
      const replay = key ? idempotent.get(key) : undefined
      if (replay) return json(replay.status, replay.body)
      const params: FormObject = await readParams(request)
      const path = new URL(request.url).pathname
      if (path === '/_fake/advance' && request.method === 'POST' && options.moveClock) {
        // Not Stripe's API: lets a developer running the fake by hand (main.ts) move its clock.
        options.moveClock(Number(params.seconds ?? 0))
        advanceAll(ledger)
        await sender.idle()
        return json(200, { now: nowSeconds() })
      }
      const body = route(ledger, request.method, path, params)
      if (key) idempotent.set(key, { status: 200, body: structuredClone(body) })
      return json(200, body)
    } catch (error) {
      if (error instanceof StripeApiError) return json(error.status, { error: error.body })
      const message = error instanceof Error ? error.message : String(error)
      return json(500, { error: { type: 'api_error', message } })
    } finally {
      currentRequest = null
    }
  }

  const server = Bun.serve({ port: options.port ?? 0, hostname: '127.0.0.1', fetch: handle })

  return {
    url: `http://127.0.0.1:${server.port}`,
    state,
    deliveries: sender.deliveries,
    setWebhookUrl(url) {
      webhookUrl = url
    },
    async advance() {
      advanceAll(ledger)
      await sender.idle()
    },
    settle: () => sender.idle(),
    async redeliver(eventId) {
      const event = state.events.find((candidate) => candidate.id === eventId)
      if (!event) throw new Error(`No event ${eventId}`)
      await sender.send(event)
    },
    sign: (payload, timestamp) =>
      signPayload(payload, options.webhookSecret, timestamp ?? wallClockSeconds()),
    async stop() {
      await sender.idle()
      await server.stop(true)
    },
  }
}
