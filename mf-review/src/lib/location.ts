/**
 * The page URL as React state. The review screen routes itself (it runs inside the shell's router and
 * alone, as the guest entry, with no router at all), so it listens to every way the URL can change: its
 * own `navigate`, back/forward, and the shell's router pushing a URL (a notification opening a comment),
 * which only the Navigation API reports.
 */
import { useSyncExternalStore } from 'react'

const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

interface NavigationLike {
  addEventListener(type: 'currententrychange', listener: () => void): void
  removeEventListener(type: 'currententrychange', listener: () => void): void
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  window.addEventListener('hashchange', listener)
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation
  navigation?.addEventListener('currententrychange', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
    window.removeEventListener('hashchange', listener)
    navigation?.removeEventListener('currententrychange', listener)
  }
}

/** The current URL; re-renders on every change. */
export function useHref(): string {
  return useSyncExternalStore(subscribe, () => location.href)
}

/** Changes the URL without a page load (replace: no new history entry, for page and view changes). */
export function navigate(href: string, { replace = false }: { replace?: boolean } = {}): void {
  const next = new URL(href, location.href)
  if (next.href === location.href) return
  if (replace) history.replaceState(history.state, '', next)
  else history.pushState(history.state, '', next)
  notify()
}
