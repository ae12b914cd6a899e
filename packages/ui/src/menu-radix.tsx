import { Check } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import { cn } from './cn'

const item = cn(
  'relative flex h-8 cursor-default select-none items-center gap-2 rounded-md px-2 text-sm text-ink outline-none',
  'data-[highlighted]:bg-hover data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
  '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-ink-muted',
)

export type MenuProps = {
  /** The element that opens the menu (a Button). */
  trigger: ReactNode
  children: ReactNode
  align?: 'start' | 'center' | 'end'
  side?: 'top' | 'right' | 'bottom' | 'left'
  className?: string
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /**
   * Runs as the closing menu gives focus back to its trigger; `event.preventDefault()` keeps the focus
   * where an item put it (an item that opens an editor in place).
   */
  onCloseAutoFocus?: (event: Event) => void
}

/** A dropdown menu (Radix): arrow keys, typeahead, Escape, focus returns to the trigger. */
export function Menu({
  trigger,
  children,
  align = 'end',
  side = 'bottom',
  className,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: MenuProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={8}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'z-50 min-w-48 max-w-[calc(100vw-1rem)] rounded-lg border border-line bg-surface-raised p-1 shadow-pop data-[state=open]:animate-pop-in',
            className,
          )}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

export type MenuItemProps = {
  onSelect?: (event: Event) => void
  icon?: ReactNode
  children: ReactNode
  disabled?: boolean
  tone?: 'default' | 'danger'
  /** Shortcut or trailing text. */
  trailing?: ReactNode
}

export function MenuItem({ onSelect, icon, children, disabled, tone = 'default', trailing }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      disabled={disabled}
      className={cn(
        item,
        tone === 'danger' && 'text-danger-600 [&_svg]:text-danger-600 data-[highlighted]:bg-danger-50',
      )}
    >
      {icon}
      <span className="flex-1 truncate">{children}</span>
      {trailing ? <span className="text-xs text-ink-subtle">{trailing}</span> : null}
    </DropdownMenu.Item>
  )
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-line" />
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-2xs font-semibold uppercase tracking-wider text-ink-muted">
      {children}
    </DropdownMenu.Label>
  )
}

export type MenuRadioGroupProps<T extends string> = {
  value: T
  onValueChange: (value: T) => void
  options: ReadonlyArray<{ value: T; label: ReactNode }>
}

/** A group of mutually exclusive options (sort orders, filters) with a check on the chosen one. */
export function MenuRadioGroup<T extends string>({ value, onValueChange, options }: MenuRadioGroupProps<T>) {
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={(next) => onValueChange(next as T)}>
      {options.map((option) => (
        <DropdownMenu.RadioItem key={option.value} value={option.value} className={cn(item, 'pl-8')}>
          <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
            <Check className="text-brand-600!" />
          </DropdownMenu.ItemIndicator>
          {option.label}
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  )
}

/** A submenu (for "Move to" folder lists). */
export function SubMenu({
  label,
  icon,
  children,
}: {
  label: ReactNode
  icon?: ReactNode
  children: ReactNode
}) {
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={cn(item, 'data-[state=open]:bg-hover')}>
        {icon}
        <span className="flex-1">{label}</span>
        <span aria-hidden="true" className="text-ink-subtle">
          ›
        </span>
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-h-80 min-w-44 overflow-y-auto rounded-lg border border-line bg-surface-raised p-1 shadow-pop"
        >
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  )
}
