import { useEffect, useRef, useState } from 'react'
import type * as Radix from './menu-radix'

export type { MenuItemProps, MenuProps, MenuRadioGroupProps } from './menu-radix'

// Radix DropdownMenu (with its focus and scroll-lock machinery) loads when the pointer or focus
// first reaches a menu's trigger, not with the page: a grid of cards, each with a menu, must not
// cost the first screen the menu code. Once loaded, every menu renders it synchronously.
let impl: typeof Radix | null = null
let loading: Promise<typeof Radix> | null = null

/** Loads the menu code (once); resolves with it. */
export function loadMenu(): Promise<typeof Radix> {
  loading ??= import('./menu-radix').then((module) => {
    impl = module
    return module
  })
  return loading
}

/** A dropdown menu (Radix): arrow keys, typeahead, Escape, focus returns to the trigger. */
export function Menu(props: Radix.MenuProps) {
  const [, setLoaded] = useState(impl !== null)
  const [ownOpen, setOwnOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const wrapper = useRef<HTMLSpanElement>(null)
  // Focus that reached the trigger before the code did: the loaded menu renders the trigger anew, and
  // a keyboard user must not find their focus dropped on the page.
  const hadFocus = useRef(false)
  useEffect(() => {
    if (!wanted || impl) return
    let active = true
    void loadMenu().then(() => active && setLoaded(true))
    return () => {
      active = false
    }
  }, [wanted])
  useEffect(() => {
    if (!impl || !hadFocus.current) return
    hadFocus.current = false
    if (!wrapper.current?.contains(document.activeElement))
      wrapper.current?.querySelector<HTMLElement>('button, [href], [tabindex]')?.focus()
  })
  const open = props.open ?? ownOpen
  const setOpen = (next: boolean) => {
    setOwnOpen(next)
    props.onOpenChange?.(next)
  }
  if (impl)
    return (
      <span className="contents" ref={wrapper}>
        <impl.Menu {...props} open={open} onOpenChange={setOpen} />
      </span>
    )
  const arm = () => setWanted(true)
  // The trigger as is until the code is here; pressing it opens the menu as soon as it arrives.
  return (
    <span
      className="contents"
      ref={wrapper}
      onPointerEnter={arm}
      onFocusCapture={() => {
        hadFocus.current = true
        arm()
      }}
      onBlurCapture={(event) => {
        // Focus moved on to something else; a trigger taken out of the page has no next element.
        if (event.relatedTarget) hadFocus.current = false
      }}
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
  return impl ? <impl.MenuItem {...props} /> : null
}
export function MenuLabel(props: Parameters<typeof Radix.MenuLabel>[0]) {
  return impl ? <impl.MenuLabel {...props} /> : null
}
export function MenuSeparator() {
  return impl ? <impl.MenuSeparator /> : null
}
export function MenuRadioGroup<T extends string>(props: Radix.MenuRadioGroupProps<T>) {
  return impl ? <impl.MenuRadioGroup {...props} /> : null
}
export function SubMenu(props: Parameters<typeof Radix.SubMenu>[0]) {
  return impl ? <impl.SubMenu {...props} /> : null
}
