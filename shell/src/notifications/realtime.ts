import { createRealtimeClient, type RealtimeClient } from '@pinpoint/api'
import { currentUserAtom, isLoggedInAtom, pushNotificationAtom, unreadEventsCountAtom } from '@pinpoint/state'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import { CUSTOMER_QUERY_KEY } from '../billing/customer'
import { notificationFromEvent } from './event-text'

export const EVENTS_QUERY_KEY = ['events', 'mine'] as const

/**
 * One real-time connection while a member is signed in: their own notifications become
 * notifications on screen, raise the unread count and refresh the panel's list. Closed on sign-out.
 */
export function useRealtimeNotifications() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const user = useAtomValue(currentUserAtom)
  const push = useSetAtom(pushNotificationAtom)
  const setUnread = useSetAtom(unreadEventsCountAtom)
  const queryClient = useQueryClient()
  const viewer = useRef<string | null>(null)
  viewer.current = user?.id ?? null
  const userId = user?.id

  useEffect(() => {
    if (!loggedIn || !userId || typeof WebSocket === 'undefined') return
    const client: RealtimeClient = createRealtimeClient({
      onMessage: (message) => {
        if (message.type === 'customer.updated') {
          // A payment, plan or trial change: canvases may have turned writable (or read-only), the
          // session's plan gates may differ. Everything on screen is fetched again, without a reload.
          queryClient.setQueryData(CUSTOMER_QUERY_KEY, message.customer)
          void queryClient.invalidateQueries()
          return
        }
        if (message.type !== 'notification') return
        push(notificationFromEvent(message.notification, viewer.current))
        setUnread((count) => count + 1)
        void queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY })
      },
    })
    // Own notifications are subscribed by the server on connect.
    return () => client.close()
  }, [loggedIn, userId, push, setUnread, queryClient])
}
