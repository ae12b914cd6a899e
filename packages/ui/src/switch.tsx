import { lazy, Suspense } from 'react'
import type { SwitchProps } from './switch-radix'

export type { SwitchProps } from './switch-radix'

// Radix Switch loads with the first switch shown (settings pages, never a first screen).
const RadixSwitch = lazy(() => import('./switch-radix').then((m) => ({ default: m.Switch })))

/** An on/off setting with its label and description (Radix Switch, role=switch). */
export function Switch(props: SwitchProps) {
  return (
    <Suspense fallback={<div className="h-9" aria-hidden="true" />}>
      <RadixSwitch {...props} />
    </Suspense>
  )
}
