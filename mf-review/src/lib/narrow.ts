/**
 * Whether the screen is phone-narrow (under Tailwind's `sm`, 640 px), as React state that follows a rotated
 * phone or a resized window. For what CSS alone cannot change, such as the text of a select's options.
 */
import { useSyncExternalStore } from 'react'

const QUERY = '(max-width: 639px)'

function subscribe(listener: () => void) {
  if (typeof matchMedia !== 'function') return () => undefined
  const list = matchMedia(QUERY)
  list.addEventListener('change', listener)
  return () => list.removeEventListener('change', listener)
}

const snapshot = () => typeof matchMedia === 'function' && matchMedia(QUERY).matches

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
