import type { RealtimeMessage } from '@pinpoint/api'
import type { DashboardChangeScope } from '@pinpoint/state'

/** Hints that add, remove or move a card change the projects' and the archive's counts as well. */
const LIFECYCLE_KINDS = new Set(['created', 'deleted', 'moved', 'archived'])

/**
 * What a real-time frame means for the live dashboard (decision 054): which of its counters to raise, or
 * none. `resubscribed`: a `team.subscribed` that answers a reconnect, after which the hints sent while
 * the socket was down are lost (they are never replayed), so the dashboard refetches once.
 */
export function dashboardChangeOf(
  message: RealtimeMessage,
  resubscribed: boolean,
): DashboardChangeScope | null {
  switch (message.type) {
    case 'dashboard.hint':
      return LIFECYCLE_KINDS.has(message.kind) ? 'all' : 'lists'
    case 'dashboard.project-hint':
      // The projects list and its names on the cards (a deleted project's canvases leave it).
      return 'all'
    case 'team.subscribed':
      return resubscribed ? 'all' : null
    case 'team.unsubscribed':
      return 'all'
    case 'notification':
      // An unread notification on a canvas moves it into the New activity filter.
      return message.notification.canvasId ? 'lists' : null
    default:
      return null
  }
}
