/**
 * Toasts and real-time notifications on the guest entry page (inside the shell, the shell's own toaster
 * shows the same shared atoms). A notification opens its comment on click (SPEC 8).
 */
import {
  dismissNotificationAtom,
  dismissToastAtom,
  notificationsAtom,
  runToastActionAtom,
  toastsAtom,
} from '@pinpoint/state'
import { Avatar, cn, ToastViewport } from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import { MessageSquare } from 'lucide-react'
import { navigate } from './lib/location'

export function StandaloneToaster() {
  const toasts = useAtomValue(toastsAtom)
  const notifications = useAtomValue(notificationsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  const runAction = useSetAtom(runToastActionAtom)
  const dismissNotification = useSetAtom(dismissNotificationAtom)
  return (
    <ToastViewport toasts={toasts} onDismiss={dismiss} onAction={(toast) => void runAction(toast.id)}>
      {notifications
        .filter((entry) => entry.phase !== 'removed')
        .map((entry) => (
          <button
            type="button"
            key={entry.id}
            data-testid="notification"
            onClick={() => {
              dismissNotification(entry.id)
              if (entry.href) navigate(entry.href)
            }}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl border border-line bg-surface-raised p-3 text-left shadow-pop hover:border-brand-300',
              entry.phase === 'animating-in' && 'animate-[toast-in_400ms_cubic-bezier(0.16,1,0.3,1)]',
              entry.phase === 'animating-out' && 'animate-[toast-out_400ms_ease-in_forwards]',
            )}
          >
            {entry.actor ? (
              <Avatar name={entry.actor.name} src={entry.actor.avatarUrl} size="md" />
            ) : (
              <span className="grid size-8 place-items-center rounded-full bg-brand-50 text-brand-600">
                <MessageSquare className="size-4" />
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-ink">{entry.text}</span>
              {entry.href ? (
                <span className="block text-xs text-ink-muted">Click to open the comment</span>
              ) : null}
            </span>
          </button>
        ))}
    </ToastViewport>
  )
}
