import type { AppEvent, RealtimeEvent } from '@pinpoint/api'
import { notificationText } from '@pinpoint/domain'
import type { NotificationInput } from '@pinpoint/state'

/** The part of an event the texts read: GET /users/me/events and real-time frames both fit. */
export type EventLike = Pick<AppEvent, 'type' | 'data'> & {
  id: string | number
  actorUserId?: string | null
  isPrivate?: boolean
}

/** 'reply' for replies, 'comment' for new comments, null for other notifications (mention, status...). */
export function eventKind(type: string | undefined): 'comment' | 'reply' | null {
  if (type === 'notification.reply' || type === 'reply.created') return 'reply'
  if (type === 'notification.comment' || type === 'annotation.created') return 'comment'
  return null
}

/**
 * Link that opens the comment on the feedback link screen (SPEC section 2 routes); a verdict opens the
 * revision it was given on (`/link/{subdomain}/v/{n}/`).
 */
export function commentHref(event: Pick<AppEvent, 'data'>): string | null {
  const subdomain = typeof event.data?.subdomain === 'string' ? event.data.subdomain : null
  if (!subdomain) return null
  const annotationId = event.data?.annotationId
  if (annotationId) return `/link/${subdomain}/comment/${annotationId}/`
  const revision = event.data?.revisionNumber
  if (typeof revision === 'number' && Number.isSafeInteger(revision) && revision > 0)
    return `/link/${subdomain}/v/${revision}/`
  return `/link/${subdomain}/`
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null
}

/**
 * The sentence of a notification (SPEC section 8): comments and replies are worded here (so one's
 * own read 'You left a comment'); mentions, assignments and status changes use the server's text.
 */
export function eventText(event: EventLike, viewerId: string | null): string {
  const kind = eventKind(event.type)
  const actorId = event.actorUserId ?? str(event.data?.actorId)
  if (kind) {
    return notificationText({
      kind,
      actorName: str(event.data?.actorName),
      isSelf: !!viewerId && actorId === viewerId,
      isPrivate: (event.isPrivate ?? event.data?.isPrivate) === true,
    })
  }
  return str(event.data?.text) ?? 'New activity on a canvas'
}

/** A real-time notification frame as a notification to show. */
export function notificationFromEvent(event: RealtimeEvent, viewerId: string | null): NotificationInput {
  const data = {
    ...event.data,
    annotationId: event.annotationId ?? event.data.annotationId,
  } as AppEvent['data']
  const actorName = str(event.data.actorName)
  return {
    text: eventText({ ...event, data }, viewerId),
    href: commentHref({ data }),
    eventId: String(event.id),
    actor: actorName ? { name: actorName } : null,
  }
}
