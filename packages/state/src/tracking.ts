/**
 * The browser's side of analytics (SPEC 1 and 8). `track(name, props)` reports the events only the browser
 * sees (a failed canvas creation, with its message) to POST /analytics/events; the server applies the
 * allow-list again and forwards them to its sink, so the browser never talks to an analytics service.
 * Whether analytics is on comes with the page (the server's bootstrap data): off, nothing is sent at all.
 */
import { ApiError, createApiClient, createEndpoints } from '@pinpoint/api'
import { type AnalyticsEventName, isClientAnalyticsEvent, sanitizeAnalyticsEvent } from '@pinpoint/domain'

/** What the server says about tracking: events on (ANALYTICS_URL set), tracking cookies on (TRACKING_COOKIES). */
export type TrackingSettings = { events: boolean; cookies: boolean }

const DEFAULTS: TrackingSettings = { events: false, cookies: true }

/** Reads `tracking` from the page's bootstrap JSON; without it (a static host) events stay off. */
export function parseTrackingSettings(bootstrapText: string | null | undefined): TrackingSettings {
  if (!bootstrapText) return DEFAULTS
  try {
    const tracking = (JSON.parse(bootstrapText) as { tracking?: Partial<TrackingSettings> }).tracking
    return {
      events: tracking?.events === true,
      cookies: tracking?.cookies !== false,
    }
  } catch {
    return DEFAULTS
  }
}

let settings: TrackingSettings | null = null

export function trackingSettings(): TrackingSettings {
  if (settings) return settings
  if (typeof document === 'undefined') return DEFAULTS
  settings = parseTrackingSettings(document.getElementById('pinpoint-bootstrap')?.textContent)
  return settings
}

let endpoints: ReturnType<typeof createEndpoints> | null = null

/** Reports a browser-side event; never throws, never waits on the caller. */
export function track(name: AnalyticsEventName, props: Record<string, unknown> = {}): void {
  if (!trackingSettings().events || !isClientAnalyticsEvent(name)) return
  const event = sanitizeAnalyticsEvent(name, props)
  if (!event) return
  endpoints ??= createEndpoints(createApiClient())
  void endpoints.analytics.report(event.name, event.props).catch(() => {})
}

/**
 * SPEC 8: a failed canvas creation is reported to analytics with the message, then rethrown. Wraps the
 * creation call; the error reaches the caller unchanged.
 */
export async function reportCanvasCreation<T>(canvasType: string, create: () => Promise<T>): Promise<T> {
  try {
    return await create()
  } catch (error) {
    track('canvas_creation_failed', {
      message: error instanceof Error ? error.message : String(error),
      error: error instanceof ApiError ? error.error : error instanceof Error ? error.name : 'Error',
      status: error instanceof ApiError ? error.status : 0,
      canvasType,
    })
    throw error
  }
}
