import { X } from 'lucide-react'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { Button } from './button'
import { cn } from './cn'

export type DialogProps = {
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Element that opens the dialog (wrapped with asChild). */
  trigger?: ReactNode
  title: ReactNode
  description?: ReactNode
  /** Buttons row at the bottom (right-aligned, stacked on narrow screens). */
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  children?: ReactNode
  className?: string
  /**
   * Where focus returns on close when the dialog has no trigger: by default the element focused before it
   * opened; `finalFocus` when that is gone (the gate of a review, opened by a timer, returns to the canvas).
   */
  returnFocus?: () => HTMLElement | null
  finalFocus?: () => HTMLElement | null
}

const widths = { sm: 'sm:max-w-sm', md: 'sm:max-w-md', lg: 'sm:max-w-xl' }

/**
 * A modal dialog (Radix): focus is trapped inside and returned to the trigger, Escape and the
 * close button dismiss it, the title and description label it for screen readers.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  footer,
  size = 'md',
  children,
  className,
  returnFocus,
  finalFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-[oklch(0.2_0.02_270/0.45)] backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl border border-line bg-surface-raised shadow-pop outline-none',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            'data-[state=open]:animate-pop-in',
            widths[size],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (trigger) return
            const target = [returnFocus?.(), finalFocus?.()].find((element) => element?.isConnected)
            if (!target) return
            event.preventDefault()
            target.focus()
          }}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-5 pb-1">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold tracking-tight text-ink">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-ink-muted">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label="Close" className="-mr-2">
                <X />
              </Button>
            </RadixDialog.Close>
          </div>
          {children ? <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">{children}</div> : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-line bg-surface-sunken/60 px-6 py-3.5 sm:flex-row sm:justify-end sm:rounded-b-2xl">
              {footer}
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** A button that closes the surrounding dialog. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>
}
