import { lazy, Suspense } from 'react'
import type { TabsProps } from './tabs-radix'

export type { TabsProps } from './tabs-radix'

// Radix Tabs load with the first tabs shown (dialogs and settings, never a first screen).
const RadixTabs = lazy(() => import('./tabs-radix').then((m) => ({ default: m.Tabs })))

/** Tabs (Radix): arrow keys move between tabs, Tab moves into the panel. */
export function Tabs(props: TabsProps) {
  return (
    <Suspense fallback={null}>
      <RadixTabs {...props} />
    </Suspense>
  )
}
