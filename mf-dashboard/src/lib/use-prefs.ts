import { currentUserAtom } from '@pinpoint/state'
import { useAtom, useAtomValue } from 'jotai'
import { useCallback, useEffect } from 'react'
import { type DashboardPrefs, parsePrefs, prefsAtom, prefsStorageKey } from './prefs'

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The signed-in user's dashboard prefs, loaded from and saved to local storage. */
export function useDashboardPrefs() {
  const user = useAtomValue(currentUserAtom)
  const [state, setState] = useAtom(prefsAtom)
  const userId = user?.id ?? null
  if (userId && state.userId !== userId) {
    // First render for this user: read what they chose last time (synchronously, no flash).
    const prefs = parsePrefs(storage()?.getItem(prefsStorageKey(userId)) ?? null)
    queueMicrotask(() => setState({ userId, prefs }))
  }
  const prefs =
    userId && state.userId !== userId
      ? parsePrefs(storage()?.getItem(prefsStorageKey(userId)) ?? null)
      : state.prefs
  useEffect(() => {
    if (state.userId) storage()?.setItem(prefsStorageKey(state.userId), JSON.stringify(state.prefs))
  }, [state])
  const update = useCallback(
    (change: (prefs: DashboardPrefs) => DashboardPrefs) =>
      setState((current) => ({ userId: current.userId ?? userId, prefs: change(current.prefs) })),
    [setState, userId],
  )
  return [prefs, update] as const
}
