import { useEffect, useState } from 'react'
import { deferred, useFocusKeptOverSwap } from './deferred'
import type * as Radix from './menu-radix'

export type { MenuItemProps, MenuProps, MenuRadioGroupProps } from './menu-radix'

// Radix DropdownMenu (with its focus and scroll-lock machinery) loads when the pointer or focus
// first reaches a menu's trigger, not with the page: a grid of cards, each with a menu, must not
// cost the first screen the menu code. Once loaded, every menu renders it synchronously.
const menuCode = deferred(() => import('./menu-radix'))

/** Loads the menu code (once); resolves with it. */
export function loadMenu(): Promise<typeof Radix> {
  return menuCode.load()
}

/** A dropdown menu (Radix): arrow keys, typeahead, Escape, focus returns to the trigger. */
export function Menu(props: Radix.MenuProps) {
  const [, setLoaded] = useState(menuCode.current !== null)
  const [ownOpen, setOwnOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (!wanted) return
    let active = true
    void loadMenu().then(() => active && setLoaded(true))
    return () => {
      active = false
    }
  }, [wanted])
  const impl = menuCode.current
  const arm = () => setWanted(true)
  // Tab reaching the trigger loads the code; the Radix trigger swapped in keeps the focus.
  const { wrapper, onFocusCapture, onBlurCapture } = useFocusKeptOverSwap(impl !== null, arm)
  const open = props.open ?? ownOpen
  const setOpen = (next: boolean) => {
    setOwnOpen(next)
    props.onOpenChange?.(next)
  }
  if (impl) {
    return (
      <span className="contents" ref={wrapper}>
        <impl.Menu {...props} open={open} onOpenChange={setOpen} />
      </span>
    )
  }
  // The trigger as is until the code is here; pressing it opens the menu as soon as it arrives.
  return (
    <span
      className="contents"
      ref={wrapper}
      onPointerEnter={arm}
      onFocusCapture={onFocusCapture}
      onBlurCapture={onBlurCapture}
      onPointerDownCapture={(event) => {
        if (event.button !== 0) return
        arm()
        setOpen(true)
      }}
      onKeyDownCapture={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return
        event.preventDefault()
        arm()
        setOpen(true)
      }}
    >
      {props.trigger}
    </span>
  )
}

// The parts below only render inside an open menu, so the code is there by then.
export function MenuItem(props: Radix.MenuItemProps) {
  const impl = menuCode.current
  return impl ? <impl.MenuItem {...props} /> : null
}
export function MenuLabel(props: Parameters<typeof Radix.MenuLabel>[0]) {
  const impl = menuCode.current
  return impl ? <impl.MenuLabel {...props} /> : null
}
export function MenuSeparator() {
  const impl = menuCode.current
  return impl ? <impl.MenuSeparator /> : null
}
export function MenuRadioGroup<T extends string>(props: Radix.MenuRadioGroupProps<T>) {
  const impl = menuCode.current
  return impl ? <impl.MenuRadioGroup {...props} /> : null
}
export function SubMenu(props: Parameters<typeof Radix.SubMenu>[0]) {
  const impl = menuCode.current
  return impl ? <impl.SubMenu {...props} /> : null
}
