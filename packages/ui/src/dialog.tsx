import { lazy, type ReactNode, Suspense, useRef } from 'react'
import type { DialogProps } from './dialog-radix'
import { focusBeforeOverlay } from './focus-return'

export type { DialogProps } from './dialog-radix'

// Radix Dialog (focus trap, scroll lock) loads with the first dialog shown, not with the page:
// no first screen opens a dialog. `preloadOverlays()` fetches it ahead of use.
const RadixDialog = lazy(() => import('./dialog-radix').then((m) => ({ default: m.Dialog })))
const RadixDialogClose = lazy(() => import('./dialog-radix').then((m) => ({ default: m.DialogClose })))

/**
 * A modal dialog (Radix): focus is trapped inside and returned to the trigger, Escape and the
 * close button dismiss it, the title and description label it for screen readers.
 */
export function Dialog(props: DialogProps) {
  // Captured as the dialog opens, before its own focus trap moves focus inside it.
  const returnTo = useRef<HTMLElement | null>(null)
  const wasOpen = useRef(false)
  const open = props.open ?? false
  if (open && !wasOpen.current) returnTo.current = focusBeforeOverlay()
  wasOpen.current = open
  return (
    <Suspense fallback={props.trigger ?? null}>
      <RadixDialog {...props} returnFocus={() => returnTo.current} />
    </Suspense>
  )
}

/** A button that closes the surrounding dialog. */
export function DialogClose({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <RadixDialogClose>{children}</RadixDialogClose>
    </Suspense>
  )
}
