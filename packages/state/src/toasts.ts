import {
  type ToastInput as DomainToastInput,
  TOAST_ANIMATION_MS,
  type ToastPhase,
  type ToastType,
  validateToast,
} from '@pinpoint/domain'
import { atom, type Getter, type Setter } from 'jotai'
import { userStateAtom } from './reset'
import { localId, schedulerAtom } from './scheduler'

export type { ToastPhase, ToastType }

/** A toast's button; `onClick` runs the action (Undo), then the toast leaves. */
export type ToastActionInput = { label: string; onClick?: () => void | Promise<void> }

export type ToastInput = Omit<DomainToastInput, 'action'> & {
  action?: ToastActionInput | null
  /**
   * Runs when the toast leaves without its action having run (its time ended, or it was dismissed): what
   * the action offered to take back becomes final then (a deletion with Undo is sent).
   */
  onLeave?: (() => void) | null
}

export type ToastEntry = {
  id: string
  type: ToastType
  message: string
  title: string | null
  timeout: number
  action: ToastActionInput | null
  onLeave: (() => void) | null
  phase: ToastPhase
}

const toastListAtom = userStateAtom<ToastEntry[]>([])
const toastTimersAtom = userStateAtom<Record<string, unknown[]>>({})

/** The toasts on screen, oldest first (including those animating out). */
export const toastsAtom = atom((get) => get(toastListAtom))

function setPhase(list: ToastEntry[], id: string, phase: ToastPhase): ToastEntry[] {
  return list.map((toast) => (toast.id === id ? { ...toast, phase } : toast))
}

/**
 * Shows a toast. Type and message are required ('Missing toast type!' / 'Missing toast
 * message!'). Phases: animating-in (300 ms) -> visible (timeout, 5000 ms by default) ->
 * animating-out (300 ms) -> removed (dropped from the list). Returns the toast id.
 */
export const addToastAtom = atom(null, (get, set, input: ToastInput): string => {
  const { action, onLeave, ...rest } = input
  const toast = validateToast({ ...rest, action: action ? { label: action.label } : null })
  const id = localId('toast')
  const scheduler = get(schedulerAtom)
  set(toastListAtom, [
    ...get(toastListAtom),
    { ...toast, action: action ?? null, onLeave: onLeave ?? null, id, phase: 'animating-in' },
  ])
  const timers = [
    scheduler.setTimeout(
      () => set(toastListAtom, setPhase(get(toastListAtom), id, 'visible')),
      TOAST_ANIMATION_MS,
    ),
    scheduler.setTimeout(() => set(dismissToastAtom, id), TOAST_ANIMATION_MS + toast.timeout),
  ]
  set(toastTimersAtom, { ...get(toastTimersAtom), [id]: timers })
  return id
})

/**
 * Holds a toast on screen while the pointer is over it or the focus is in it, and gives it its whole time
 * again once both have left (WCAG 2.2.1: a reader, or someone reaching for Undo, is never timed out).
 */
export const holdToastAtom = atom(null, (get, set, { id, held }: { id: string; held: boolean }) => {
  const current = get(toastListAtom).find((toast) => toast.id === id)
  if (!current || current.phase === 'animating-out' || current.phase === 'removed') return
  const scheduler = get(schedulerAtom)
  for (const handle of get(toastTimersAtom)[id] ?? []) scheduler.clearTimeout(handle)
  if (current.phase === 'animating-in') set(toastListAtom, setPhase(get(toastListAtom), id, 'visible'))
  const timers = held ? [] : [scheduler.setTimeout(() => set(dismissToastAtom, id), current.timeout)]
  set(toastTimersAtom, { ...get(toastTimersAtom), [id]: timers })
})

/** Starts a toast's exit: animating-out, then removed after the animation; its `onLeave` runs. */
export const dismissToastAtom = atom(null, (get, set, id: string) => {
  if (leave(get, set, id))
    get(toastListAtom)
      .find((toast) => toast.id === id)
      ?.onLeave?.()
})

/** Takes a toast off (animating-out, then removed); false when it was already leaving. */
function leave(get: Getter, set: Setter, id: string): boolean {
  const current = get(toastListAtom).find((toast) => toast.id === id)
  if (!current || current.phase === 'animating-out' || current.phase === 'removed') return false
  const scheduler = get(schedulerAtom)
  const { [id]: timers = [], ...others } = get(toastTimersAtom)
  for (const handle of timers) scheduler.clearTimeout(handle)
  set(toastListAtom, setPhase(get(toastListAtom), id, 'animating-out'))
  const removal = scheduler.setTimeout(() => {
    set(
      toastListAtom,
      get(toastListAtom).filter((toast) => toast.id !== id),
    )
    const { [id]: _done, ...rest } = get(toastTimersAtom)
    set(toastTimersAtom, rest)
  }, TOAST_ANIMATION_MS)
  set(toastTimersAtom, { ...others, [id]: [removal] })
  return true
}

/** Runs a toast's action (for example Undo) and dismisses it. */
export const runToastActionAtom = atom(null, async (get, set, id: string) => {
  const toast = get(toastListAtom).find((entry) => entry.id === id)
  // Once leaving, the action is spent: a double click must not undo twice.
  if (!toast?.action || toast.phase === 'animating-out' || toast.phase === 'removed') return
  // Left by its action: `onLeave` (making final what the action takes back) must not run.
  leave(get, set, id)
  await toast.action.onClick?.()
})
