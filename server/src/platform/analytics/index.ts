/**
 * Product analytics (SPEC 1 and 8): `track(name, props, userId)` from any module, sent in batches to the
 * configured sink (ANALYTICS_URL, a plain HTTP endpoint). Off by default: without ANALYTICS_URL every
 * call is a no-op. Every event passes the domain's allow-list first (`sanitizeAnalyticsEvent`), so no
 * comment text, e-mail address or name can reach the sink whatever a caller passes. Delivery is best
 * effort: it never blocks or fails the request that caused the event.
 */
import { type AnalyticsEventName, type AnalyticsSource, sanitizeAnalyticsEvent } from '@pinpoint/domain'
import type { Logger } from '../logger'

/** One event as the sink receives it (in `{ batch: [...], sentAt }`). */
export interface SinkEvent {
  messageId: string
  event: AnalyticsEventName
  /** The account's id (members and guests alike), never an e-mail address; null when nobody is signed in. */
  userId: string | null
  source: AnalyticsSource
  properties: Record<string, string | number | boolean>
  timestamp: string
}

export interface Analytics {
  readonly enabled: boolean
  track(
    name: AnalyticsEventName,
    props: Record<string, unknown>,
    userId: string | null | undefined,
    source?: AnalyticsSource,
  ): void
  /** Sends what is queued now (tests, shutdown). */
  flush(): Promise<void>
}

export interface AnalyticsOptions {
  url: string | undefined
  writeKey?: string
  logger: Logger
  now: () => Date
  /** Events per request; a full batch is sent at once. */
  batchSize?: number
  /** How long a partial batch waits for company (ms). */
  flushIntervalMs?: number
}

/** The queue never grows past this while the sink is down: older events are dropped first. */
const MAX_QUEUED = 1000
const SEND_TIMEOUT_MS = 5000

export const disabledAnalytics: Analytics = {
  enabled: false,
  track() {},
  flush: async () => {},
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const { url, writeKey, logger, now } = options
  if (!url) return disabledAnalytics
  const batchSize = options.batchSize ?? 20
  const flushIntervalMs = options.flushIntervalMs ?? 1000
  let queue: SinkEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const inFlight = new Set<Promise<void>>()

  async function send(batch: SinkEvent[]): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (writeKey) headers.authorization = `Bearer ${writeKey}`
    try {
      const response = await fetch(url as string, {
        method: 'POST',
        headers,
        body: JSON.stringify({ batch, sentAt: now().toISOString() }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      if (!response.ok)
        logger.warn('analytics sink refused a batch', { status: response.status, events: batch.length })
    } catch (error) {
      logger.warn('analytics sink unreachable', { events: batch.length, error: String(error) })
    }
  }

  function drain(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (queue.length === 0) return Promise.resolve()
    const batch = queue
    queue = []
    const sending = send(batch).finally(() => inFlight.delete(sending))
    inFlight.add(sending)
    return sending
  }

  return {
    enabled: true,
    track(name, props, userId, source = 'server') {
      const event = sanitizeAnalyticsEvent(name, props)
      if (!event) return
      queue.push({
        messageId: crypto.randomUUID(),
        event: event.name,
        userId: userId ?? null,
        source,
        properties: event.props,
        timestamp: now().toISOString(),
      })
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED)
      if (queue.length >= batchSize) void drain()
      else if (!timer) {
        timer = setTimeout(() => void drain(), flushIntervalMs)
        // A pending batch must not keep a stopping process (or a test run) alive.
        timer.unref?.()
      }
    },
    async flush() {
      await drain()
      await Promise.all([...inFlight])
    },
  }
}
