import { NOTIFICATION_TIMEOUT_MS, NOTIFICATION_TRANSITION_MS, type ToastPhase } from '@pinpoint/domain'
import { atom } from 'jotai'
import { userStateAtom } from './reset'
import { localId, schedulerAtom } from './scheduler'

/** A real-time notification ("Ada replied to a comment"): a click opens the comment. */
export type NotificationEntry = {
  id: string
  text: string
  /** Where a click leads (the feedback link opened on the comment). */
  href: string | null
  eventId: string | null
  actor: { name: string; avatarUrl?: string | null } | null
  phase: ToastPhase
}

export type NotificationInput = Omit<NotificationEntry, 'id' | 'phase'>

const notificationListAtom = userStateAtom<NotificationEntry[]>([])
const notificationTimersAtom = userStateAtom<Record<string, unknown[]>>({})

export const notificationsAtom = atom((get) => get(notificationListAtom))

/** Number of unread events, kept by the notifications panel and raised by real-time events. */
export const unreadEventsCountAtom = userStateAtom<number>(0)

function setPhase(list: NotificationEntry[], id: string, phase: ToastPhase) {
  return list.map((entry) => (entry.id === id ? { ...entry, phase } : entry))
}

/**
 * Shows a notification: enters over 400 ms, stays 5000 ms, leaves over 400 ms (SPEC section 9),
 * using the same phase names as toasts. Returns its id.
 */
export const pushNotificationAtom = atom(null, (get, set, input: NotificationInput): string => {
  if (!input.text) throw new Error('Missing notification text!')
  const id = localId('notification')
  const scheduler = get(schedulerAtom)
  set(notificationListAtom, [...get(notificationListAtom), { ...input, id, phase: 'animating-in' }])
  const timers = [
    scheduler.setTimeout(
      () => set(notificationListAtom, setPhase(get(notificationListAtom), id, 'visible')),
      NOTIFICATION_TRANSITION_MS,
    ),
    scheduler.setTimeout(
      () => set(dismissNotificationAtom, id),
      NOTIFICATION_TRANSITION_MS + NOTIFICATION_TIMEOUT_MS,
    ),
  ]
  set(notificationTimersAtom, { ...get(notificationTimersAtom), [id]: timers })
  return id
})

export const dismissNotificationAtom = atom(null, (get, set, id: string) => {
  const current = get(notificationListAtom).find((entry) => entry.id === id)
  if (!current || current.phase === 'animating-out' || current.phase === 'removed') return
  const scheduler = get(schedulerAtom)
  const { [id]: timers = [], ...others } = get(notificationTimersAtom)
  for (const handle of timers) scheduler.clearTimeout(handle)
  set(notificationListAtom, setPhase(get(notificationListAtom), id, 'animating-out'))
  const removal = scheduler.setTimeout(() => {
    set(
      notificationListAtom,
      get(notificationListAtom).filter((entry) => entry.id !== id),
    )
    const { [id]: _done, ...rest } = get(notificationTimersAtom)
    set(notificationTimersAtom, rest)
  }, NOTIFICATION_TRANSITION_MS)
  set(notificationTimersAtom, { ...others, [id]: [removal] })
})
