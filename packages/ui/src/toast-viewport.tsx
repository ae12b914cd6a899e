import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { type FocusEvent, type ReactNode, useRef } from 'react'
import { cn } from './cn'

export type ToastTone = 'info' | 'success' | 'error' | 'warning'
export type ToastPhaseName = 'animating-in' | 'visible' | 'animating-out' | 'removed'

/** What the viewport needs of a toast (the state package's toasts fit this shape). */
export type ToastItem = {
  id: string
  type: ToastTone
  message: string
  title?: string | null
  phase: ToastPhaseName
  action?: { label: string; onClick?: () => void } | null
}

export type ToastViewportProps = {
  toasts: readonly ToastItem[]
  onDismiss: (id: string) => void
  onAction?: (toast: ToastItem) => void
  /** The pointer is over a toast or the focus in it (`held`), or both have left: its time waits meanwhile. */
  onHold?: (id: string, held: boolean) => void
  /** Optional items rendered above the toasts (real-time notifications). */
  children?: ReactNode
}

const icons: Record<ToastTone, ReactNode> = {
  info: <Info className="text-info-600" />,
  success: <CircleCheck className="text-success-500" />,
  error: <CircleAlert className="text-danger-600" />,
  warning: <TriangleAlert className="text-warning-500" />,
}

/**
 * The toast region: bottom-right on wide screens, bottom and full width on phones. Each toast is
 * announced (errors assertively), and its buttons are reachable with Tab. The enter/leave
 * animations follow the toast's phase, so the state package stays the one source of timing.
 */
export function ToastViewport({ toasts, onDismiss, onAction, onHold, children }: ToastViewportProps) {
  const holds = useRef<Holds>(new Map()).current
  // Forget toasts that are gone (their pointer and focus cannot come back).
  for (const id of holds.keys()) if (!toasts.some((toast) => toast.id === id)) holds.delete(id)
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-3 sm:inset-x-auto sm:right-0 sm:items-end sm:p-5"
    >
      {children}
      {toasts
        .filter((toast) => toast.phase !== 'removed')
        .map((toast) => (
          <div
            key={toast.id}
            {...holdHandlers(holds, toast.id, onHold)}
            role={toast.type === 'error' ? 'alert' : 'status'}
            aria-live={toast.type === 'error' ? 'assertive' : 'polite'}
            data-phase={toast.phase}
            data-testid="toast"
            // A leaving toast is spent (its action already ran or it was dismissed): out of the
            // accessibility tree and unclickable, so a second Undo is never offered beside the next toast.
            inert={toast.phase === 'animating-out'}
            aria-hidden={toast.phase === 'animating-out' || undefined}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-line bg-surface-raised py-3 pr-2 pl-3.5 shadow-pop',
              '[&>svg]:mt-0.5 [&>svg]:size-[18px] [&>svg]:shrink-0',
              toast.phase === 'animating-in' && 'animate-toast-in',
              toast.phase === 'animating-out' && 'animate-toast-out',
            )}
          >
            {icons[toast.type]}
            <div className="min-w-0 flex-1 py-px">
              {toast.title ? <p className="text-sm font-semibold text-ink">{toast.title}</p> : null}
              <p className={cn('text-sm', toast.title ? 'text-ink-muted' : 'font-medium text-ink')}>
                {toast.message}
              </p>
            </div>
            {toast.action ? (
              <button
                type="button"
                onClick={() => onAction?.(toast)}
                className="h-7 shrink-0 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900/40"
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              aria-label="Dismiss"
              onClick={() => onDismiss(toast.id)}
              className="grid size-7 shrink-0 place-items-center rounded-md text-ink-subtle hover:bg-hover hover:text-ink"
            >
              <X className="size-4" />
            </button>
          </div>
        ))}
    </section>
  )
}

/** Where each toast's pointer and focus are, per viewport; a toast is held while either is in it. */
type Holds = Map<string, { pointer: boolean; focus: boolean }>

/**
 * The handlers that hold a toast while it is pointed at or holds the focus. Pointer and focus are tracked
 * apart, so leaving with the mouse does not restart the time of a toast whose Undo has the focus.
 */
function holdHandlers(holds: Holds, id: string, onHold: ToastViewportProps['onHold']) {
  if (!onHold) return {}
  const set = (part: 'pointer' | 'focus', on: boolean) => {
    const hold = { ...(holds.get(id) ?? { pointer: false, focus: false }), [part]: on }
    holds.set(id, hold)
    onHold(id, hold.pointer || hold.focus)
  }
  return {
    onPointerEnter: () => set('pointer', true),
    onPointerLeave: () => set('pointer', false),
    onFocus: () => set('focus', true),
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) set('focus', false)
    },
  }
}
