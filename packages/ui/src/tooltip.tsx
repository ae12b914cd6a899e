import { createContext, type ReactNode, useContext } from 'react'
import { deferred, useDeferredSwap } from './deferred'
import type { TooltipDelays, TooltipProps } from './tooltip-radix'

export type { TooltipProps } from './tooltip-radix'

// Radix Tooltip (floating-ui) loads when the pointer or focus first reaches a tooltip's trigger, not
// with the page; the hint then shows as Radix decides (on the next pointer move, or on the focus the
// swapped-in trigger takes back). `preloadOverlays()` fetches it ahead of use.
export const tooltipCode = deferred(() => import('./tooltip-radix'))

const defaultDelays: TooltipDelays = { delayDuration: 350, skipDelayDuration: 200 }
const Delays = createContext<TooltipDelays>(defaultDelays)

/** Wrap the app once: the hover delays of every tooltip inside. */
export function TooltipProvider({ children, ...delays }: { children: ReactNode } & Partial<TooltipDelays>) {
  return <Delays.Provider value={{ ...defaultDelays, ...delays }}>{children}</Delays.Provider>
}

/** A hint shown on hover and on keyboard focus (Radix). The trigger must be focusable. */
export function Tooltip(props: TooltipProps) {
  const delays = useContext(Delays)
  const { impl, wrapper, triggerProps } = useDeferredSwap(tooltipCode)
  if (impl) {
    return (
      <span className="contents" ref={wrapper}>
        <impl.Tooltip {...props} delays={delays} />
      </span>
    )
  }
  return <span {...triggerProps}>{props.children}</span>
}
