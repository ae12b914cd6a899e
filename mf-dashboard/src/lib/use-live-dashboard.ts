import { dashboardChangesAtom } from '@pinpoint/state'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { ARCHIVED_COUNT_KEY, FOLDERS_KEY } from './queries'

/** Hints arriving within this window cost one refetch (a bulk change of 50 comments is one burst). */
const COALESCE_MS = 150

/**
 * The live dashboard (decision 054): when the shell's real-time connection says a canvas of the team
 * changed elsewhere, the queries it touches refetch in the background, so new cards, the counts and the
 * new-activity filter follow without a reload. Activity and card changes refetch the canvas lists;
 * creations, deletions, moves, archiving and reconnects also the projects' counts and the archive count.
 * Queries not on screen are only marked stale (TanStack refetches them when they are shown).
 */
export function useLiveDashboard() {
  const changes = useAtomValue(dashboardChangesAtom)
  const queryClient = useQueryClient()
  const seen = useRef(changes)
  const pending = useRef<'lists' | 'all' | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => {
    const before = seen.current
    seen.current = changes
    const scope = changes.all !== before.all ? 'all' : changes.lists !== before.lists ? 'lists' : null
    if (!scope) return
    pending.current = pending.current === 'all' || scope === 'all' ? 'all' : 'lists'
    if (timer.current) return
    timer.current = setTimeout(() => {
      const what = pending.current
      pending.current = null
      timer.current = null
      void queryClient.invalidateQueries({ queryKey: ['canvases', 'list'] })
      if (what === 'all') {
        void queryClient.invalidateQueries({ queryKey: FOLDERS_KEY })
        void queryClient.invalidateQueries({ queryKey: ARCHIVED_COUNT_KEY })
      }
    }, COALESCE_MS)
  }, [changes, queryClient])

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
}
