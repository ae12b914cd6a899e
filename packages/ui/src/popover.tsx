import { useState } from 'react'
import { deferred, useDeferredSwap } from './deferred'
import type { PopoverProps } from './popover-radix'

export type { PopoverProps } from './popover-radix'

// Radix Popover brings floating-ui and its dismiss and focus machinery (about 20 KB gzip shared with
// the tooltip): it loads when the pointer or focus first reaches a popover's trigger, not with the
// page (the notifications bell is on every screen). `preloadOverlays()` fetches it ahead of use.
export const popoverCode = deferred(() => import('./popover-radix'))

/** A non-modal panel anchored to its trigger (Radix Popover): Escape and outside clicks close it. */
export function Popover(props: PopoverProps) {
  const [ownOpen, setOwnOpen] = useState(false)
  const open = props.open ?? ownOpen
  const setOpen = (next: boolean) => {
    setOwnOpen(next)
    props.onOpenChange?.(next)
  }
  // A press before the code is here opens the panel as soon as it arrives.
  const { impl, wrapper, triggerProps } = useDeferredSwap(popoverCode, () => setOpen(true), open)
  if (impl) {
    return (
      <span className="contents" ref={wrapper}>
        <impl.Popover {...props} open={open} onOpenChange={setOpen} />
      </span>
    )
  }
  return <span {...triggerProps}>{props.trigger}</span>
}
