/**
 * Toasts and real-time notifications on the guest entry page (inside the shell, the shell's own toaster
 * shows the same shared atoms). A notification opens its comment on click (SPEC 8).
 */
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
import { navigate } from './lib/location'

export function StandaloneToaster() {
  const toasts = useAtomValue(toastsAtom)
  const notifications = useAtomValue(notificationsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  const runAction = useSetAtom(runToastActionAtom)
  const hold = useSetAtom(holdToastAtom)
  const dismissNotification = useSetAtom(dismissNotificationAtom)
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
          if (entry.href) navigate(entry.href)
        }}
      />
    </ToastViewport>
  )
}
