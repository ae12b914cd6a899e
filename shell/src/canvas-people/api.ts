import { createPeopleEndpoints } from '@pinpoint/api'
import type { QueryClient } from '@tanstack/react-query'
import { api } from '../api'

export const people = createPeopleEndpoints(api)

export const peopleKey = (canvasId: string) => ['canvas-people', canvasId] as const
export const canvasKey = (canvasId: string) => ['canvas-people', canvasId, 'canvas'] as const

/**
 * After a change: the dialog's own data, the dashboard's canvas lists (one shared query client), whose
 * cards show the owner and premium state, and the review screen's people (mentions, assignees). The key
 * spellings are the remotes' own (mf-dashboard lib/queries.ts, mf-review data/cache.ts).
 */
export async function refreshAfterChange(queryClient: QueryClient, canvasId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['canvas-people', canvasId] }),
    queryClient.invalidateQueries({ queryKey: ['canvases'] }),
    queryClient.invalidateQueries({ queryKey: ['review', 'users', canvasId] }),
  ])
}
