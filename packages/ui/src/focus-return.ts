/**
 * Where focus goes back to when a dialog opened without a trigger closes (from a menu item, a shortcut,
 * a timer, or a parent that mounts it): the last element focused outside any dialog or menu. Radix only
 * returns focus to its own Trigger and otherwise leaves it on the body (issue 19 item 6).
 */
const OVERLAYS = '[role=dialog], [role=alertdialog], [role=menu]'

let lastOutside: HTMLElement | null = null

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target
      if (target instanceof HTMLElement && !target.closest(OVERLAYS)) lastOutside = target
    },
    true,
  )
}

/** The element focused last outside dialogs and menus, when it is still on the page. */
export function focusBeforeOverlay(): HTMLElement | null {
  return lastOutside?.isConnected ? lastOutside : null
}
