import { Tabs as RadixTabs } from 'radix-ui'
import type { ReactNode } from 'react'
import { cn } from './cn'

export type TabsProps = {
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  tabs: ReadonlyArray<{ value: string; label: ReactNode; content: ReactNode }>
  /** Accessible name of the tab list. */
  label: string
  className?: string
}

/** Tabs (Radix): arrow keys move between tabs, Tab moves into the panel. */
export function Tabs({ value, defaultValue, onValueChange, tabs, label, className }: TabsProps) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.value}
      onValueChange={onValueChange}
      className={cn('flex flex-col gap-4', className)}
    >
      {/* Wrapping, not scrolling: on a phone a tab scrolled out of view had no cue that it was there. */}
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-x-1 border-b border-line">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              '-mb-px flex h-9 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-ink-muted',
              'hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-ink',
              'focus-visible:rounded-t-md focus-visible:outline-offset-[-2px]',
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="outline-none">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  )
}
