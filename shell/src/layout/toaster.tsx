import {
  dismissNotificationAtom,
  dismissToastAtom,
  holdToastAtom,
  notificationsAtom,
  runToastActionAtom,
  toastsAtom,
} from '@pinpoint/state'
import { NotificationList, ToastViewport } from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import { useNavigate } from 'react-router'

/** Toasts and real-time notifications of the page, from the shared atoms; a notification opens its comment. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  const notifications = useAtomValue(notificationsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  const runAction = useSetAtom(runToastActionAtom)
  const hold = useSetAtom(holdToastAtom)
  const dismissNotification = useSetAtom(dismissNotificationAtom)
  const navigate = useNavigate()
  return (
    <ToastViewport
      toasts={toasts}
      onDismiss={dismiss}
      onAction={(toast) => void runAction(toast.id)}
      onHold={(id, held) => hold({ id, held })}
    >
      <NotificationList
        notifications={notifications}
        onOpen={(entry) => {
          dismissNotification(entry.id)
          if (entry.href) void navigate(entry.href)
        }}
      />
    </ToastViewport>
  )
}
