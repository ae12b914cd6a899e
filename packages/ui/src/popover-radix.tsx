import { Popover as RadixPopover } from 'radix-ui'
import type { ReactNode } from 'react'
import { cn } from './cn'

export type PopoverProps = {
  trigger: ReactNode
  children: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
  align?: 'start' | 'center' | 'end'
  className?: string
  /** Accessible name of the panel. */
  label?: string
}

/** The Radix popover, loaded on demand by `./popover`. */
export function Popover({
  trigger,
  children,
  open,
  onOpenChange,
  align = 'end',
  className,
  label,
}: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align={align}
          sideOffset={8}
          collisionPadding={8}
          aria-label={label}
          className={cn(
            'z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-line bg-surface-raised shadow-pop outline-none data-[state=open]:animate-pop-in',
            className,
          )}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  )
}
