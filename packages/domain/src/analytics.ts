/**
 * Analytics events (SPEC sections 1 and 8): the names we send and, for each, the only properties it may
 * carry. The server and the front ends both pass every event through `sanitizeAnalyticsEvent`, so a
 * property that is not on the list (a comment's text, an e-mail address, a name) never leaves the app,
 * whatever a caller puts in. Values are flat scalars; strings are cut short and any e-mail address inside
 * one (an error message quoting what was typed, say) is blanked.
 */

type PropKind = 'string' | 'number' | 'boolean'

/** Where an event may come from: the server records most; the browser only what it alone sees. */
export type AnalyticsSource = 'server' | 'client'

interface EventSpec {
  readonly source: AnalyticsSource
  readonly props: Readonly<Record<string, PropKind>>
}

export const ANALYTICS_EVENTS = {
  /** SPEC 8: a failed canvas creation is reported with its message, then rethrown. */
  canvas_creation_failed: {
    source: 'client',
    props: { message: 'string', canvasType: 'string', status: 'number', error: 'string' },
  },
  /** A new account (not a guest). The first visit's referrer host and landing path, never a query. */
  signed_up: {
    source: 'server',
    props: {
      planId: 'string',
      hasTeam: 'boolean',
      joinedByInvite: 'boolean',
      viaSso: 'boolean',
      referrerHost: 'string',
      landingPath: 'string',
    },
  },
  canvas_created: {
    source: 'server',
    props: { canvasId: 'string', canvasType: 'string', inFolder: 'boolean', teamCanvas: 'boolean' },
  },
  /** A comment or a reply: where and what kind, never its text. */
  comment_created: {
    source: 'server',
    props: {
      canvasId: 'string',
      annotationId: 'string',
      isReply: 'boolean',
      isPrivate: 'boolean',
      byGuest: 'boolean',
      attachmentCount: 'number',
    },
  },
  /** Comments exported to a task tool, a webhook or a CSV file. */
  annotations_exported: {
    source: 'server',
    props: { canvasId: 'string', target: 'string', count: 'number' },
  },
  plan_changed: {
    source: 'server',
    props: { fromPlanId: 'string', toPlanId: 'string' },
  },
} as const satisfies Record<string, EventSpec>

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS
export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>

export const ANALYTICS_EVENT_NAMES = Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[]

/** Longest string value sent; error messages are longer only when they quote input. */
export const ANALYTICS_MAX_STRING = 200

// Anything shaped like local@domain.tld, wherever it sits in a string.
const EMAIL_LIKE = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/g

export function isAnalyticsEventName(name: unknown): name is AnalyticsEventName {
  return typeof name === 'string' && Object.hasOwn(ANALYTICS_EVENTS, name)
}

/** Events the browser may report through POST /analytics/events; the rest only the server records. */
export function isClientAnalyticsEvent(name: unknown): name is AnalyticsEventName {
  return isAnalyticsEventName(name) && ANALYTICS_EVENTS[name].source === 'client'
}

function cleanString(value: string): string {
  return value.replace(EMAIL_LIKE, '[email]').slice(0, ANALYTICS_MAX_STRING)
}

/**
 * The event as it may be sent: only its allowed properties, each of its declared kind (others dropped),
 * strings without e-mail addresses and at most ANALYTICS_MAX_STRING long. Null for an unknown event.
 */
export function sanitizeAnalyticsEvent(
  name: string,
  props: Record<string, unknown> = {},
): { name: AnalyticsEventName; props: Record<string, string | number | boolean> } | null {
  if (!isAnalyticsEventName(name)) return null
  const allowed: Readonly<Record<string, PropKind>> = ANALYTICS_EVENTS[name].props
  const clean: Record<string, string | number | boolean> = {}
  for (const [key, kind] of Object.entries(allowed)) {
    const value = props[key]
    if (kind === 'string' && typeof value === 'string') clean[key] = cleanString(value)
    else if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) clean[key] = value
    else if (kind === 'boolean' && typeof value === 'boolean') clean[key] = value
  }
  return { name, props: clean }
}

/** The guided tours (SPEC 1): the dashboard, the canvas as a guest sees it, and the canvas for members. */
export const TOUR_IDS = ['dashboard', 'guest-canvas', 'canvas'] as const
export type TourId = (typeof TOUR_IDS)[number]

export function isTourId(value: unknown): value is TourId {
  return typeof value === 'string' && (TOUR_IDS as readonly string[]).includes(value)
}

/** Where a guest's browser remembers the tours it has seen (members: on the server). */
export const GUEST_TOURS_STORAGE_KEY = 'pinpoint_tours_seen'
