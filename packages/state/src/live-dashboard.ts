/**
 * The live dashboard's signal (decision 054): the shell's real-time connection raises these counters when
 * a canvas of the team changed elsewhere; the dashboard slice watches them and refetches what it shows.
 * Counters, not a queue: a burst of hints is one change of value, so nothing is lost and nothing piles up.
 */
import { atom } from 'jotai'
import { userStateAtom } from './reset'

export interface DashboardChanges {
  /** Raised by activity and card changes: the canvas lists refetch (order, new-activity filter). */
  lists: number
  /** Raised by creations, deletions, moves, archiving and reconnects: lists, projects and counts refetch. */
  all: number
}

export const dashboardChangesAtom = userStateAtom<DashboardChanges>({ lists: 0, all: 0 })

/** What a change touches: only the lists, or everything on the dashboard. */
export type DashboardChangeScope = keyof DashboardChanges

export const noteDashboardChangeAtom = atom(null, (get, set, scope: DashboardChangeScope) => {
  const current = get(dashboardChangesAtom)
  set(dashboardChangesAtom, { ...current, [scope]: current[scope] + 1 })
})
