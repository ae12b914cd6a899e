import { createRealtimeClient, type RealtimeClient } from '@pinpoint/api'
import {
  currentUserAtom,
  isLoggedInAtom,
  noteDashboardChangeAtom,
  pushNotificationAtom,
  unreadEventsCountAtom,
} from '@pinpoint/state'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import { CUSTOMER_QUERY_KEY } from '../billing/customer'
import { dashboardChangeOf } from './dashboard-changes'
import { notificationFromEvent } from './event-text'

export const EVENTS_QUERY_KEY = ['events', 'mine'] as const

/**
 * One real-time connection while a member is signed in: their own notifications become
 * notifications on screen, raise the unread count and refresh the panel's list. A team member also
 * follows the team's dashboard hints (decision 054), which raise the counters the dashboard slice
 * watches; so does a notification (the new-activity filter) and a reconnect (nothing is replayed, so
 * the dashboard refetches once). Closed on sign-out.
 */
export function useRealtimeNotifications() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const user = useAtomValue(currentUserAtom)
  const push = useSetAtom(pushNotificationAtom)
  const setUnread = useSetAtom(unreadEventsCountAtom)
  const noteDashboardChange = useSetAtom(noteDashboardChangeAtom)
  const queryClient = useQueryClient()
  const viewer = useRef<string | null>(null)
  viewer.current = user?.id ?? null
  const userId = user?.id
  const teamId = user && !user.isGuest ? (user.TeamId ?? null) : null

  useEffect(() => {
    if (!loggedIn || !userId || typeof WebSocket === 'undefined') return
    let teamFollowed = false
    const client: RealtimeClient = createRealtimeClient({
      onMessage: (message) => {
        if (message.type === 'customer.updated') {
          // A payment, plan or trial change: canvases may have turned writable (or read-only), the
          // session's plan gates may differ. Everything on screen is fetched again, without a reload.
          queryClient.setQueryData(CUSTOMER_QUERY_KEY, message.customer)
          void queryClient.invalidateQueries()
          return
        }
        const change = dashboardChangeOf(message, teamFollowed)
        if (change) noteDashboardChange(change)
        if (message.type === 'team.subscribed') teamFollowed = true
        if (message.type !== 'notification') return
        push(notificationFromEvent(message.notification, viewer.current))
        setUnread((count) => count + 1)
        void queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY })
      },
    })
    // Own notifications are subscribed by the server on connect; the team's hints on request.
    if (teamId) client.subscribeTeam(teamId)
    return () => client.close()
  }, [loggedIn, userId, teamId, push, setUnread, noteDashboardChange, queryClient])
}
