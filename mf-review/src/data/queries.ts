/**
 * Server state of the review screen (TanStack Query): the canvas behind the link, its annotations, the
 * people and labels of its team, and the proxy address of a website. Changes are applied to the cache
 * at once (optimistically) and rolled back when the server refuses them.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import type { ReviewApi } from './api'
import { type AnnotationsData, rebaseList, reviewKeys } from './cache'

export const ReviewApiContext = createContext<ReviewApi | null>(null)

export function useReviewApi(): ReviewApi {
  const api = useContext(ReviewApiContext)
  if (!api) throw new Error('useReviewApi outside the review screen')
  return api
}

/** The canvas behind a feedback link; the password is sent when the visitor typed one. */
export function useCanvasLink(subdomain: string | null, password: string) {
  const api = useReviewApi()
  return useQuery({
    queryKey: [...reviewKeys.link(subdomain ?? ''), password],
    queryFn: () => api.openLink(subdomain ?? '', password),
    enabled: !!subdomain,
    retry: false,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  })
}

export function useAnnotations(canvasId: string) {
  const api = useReviewApi()
  const client = useQueryClient()
  return useQuery<AnnotationsData>({
    queryKey: reviewKeys.annotations(canvasId),
    // A list loaded while a change is in flight may predate it: the change is kept on top (cache.ts).
    queryFn: async () => rebaseList(client, canvasId, await api.annotations(canvasId)),
    // Real-time events keep the list current; a refetch on focus catches anything missed while asleep.
    staleTime: 60_000,
  })
}

export function useCanvasUsers(canvasId: string, enabled: boolean) {
  const api = useReviewApi()
  return useQuery({
    queryKey: reviewKeys.users(canvasId),
    queryFn: async () => (await api.canvasUsers(canvasId)).users,
    enabled,
    staleTime: 5 * 60_000,
  })
}

export function useTeamLabels(teamId: string | null | undefined, enabled: boolean) {
  const api = useReviewApi()
  return useQuery({
    queryKey: reviewKeys.labels(teamId ?? ''),
    queryFn: async () => (await api.teamLabels(teamId ?? '')).labels,
    enabled: enabled && !!teamId,
    staleTime: 5 * 60_000,
  })
}

/**
 * The proxy address of a website canvas, by subdomain. Asked for once the canvas is known to be a
 * website: other canvas types answer NotFound, which would show as a failed request on every load.
 * `revision`: an earlier revision's number (each website revision keeps its address); null for the latest.
 * `address`: the canvas's address (its latest revision's), so a new revision at a new address is asked for
 * again instead of the cached one.
 */
export function useProxyBase(
  subdomain: string | null,
  enabled = true,
  revision: number | null = null,
  address: string | null = null,
) {
  const api = useReviewApi()
  return useQuery({
    queryKey: [...reviewKeys.proxy(subdomain ?? ''), revision ?? 'latest', revision ? '' : (address ?? '')],
    queryFn: () => api.proxyUrl(subdomain ?? '', undefined, revision),
    enabled: enabled && !!subdomain,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export { useQueryClient }
