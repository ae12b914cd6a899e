import { Tooltip as RadixTooltip } from 'radix-ui'
import type { ReactNode } from 'react'

export type TooltipDelays = { delayDuration: number; skipDelayDuration: number }

export type TooltipProps = {
  content: ReactNode
  children: ReactNode
  side?: 'top' | 'right' | 'bottom' | 'left'
}

/**
 * The Radix tooltip, loaded on demand by `./tooltip`. Each carries its own Radix provider (the app-wide
 * one would have to load with the page): the delays still come from the app's `TooltipProvider`.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  delays,
}: TooltipProps & { delays: TooltipDelays }) {
  return (
    <RadixTooltip.Provider {...delays}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-64 rounded-md bg-[oklch(0.24_0.02_270)] px-2 py-1 text-xs font-medium text-white shadow-pop data-[state=delayed-open]:animate-fade-in"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
