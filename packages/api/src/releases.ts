/** Front-end releases, staff only (decision 051): the registry the staff releases screen reads and switches. */
import type { ApiClient } from './client'

export type ReleaseSlice = 'dashboard' | 'review' | 'billing'

export type ReleaseSwitch = {
  /** null: the build that ships with the server. */
  version: string | null
  switchedBy: string | null
  switchedAt: string | null
  /** Made live although it did not fit the shell (the shell then falls back). */
  forced: boolean
}

export type SliceReleases = {
  slice: ReleaseSlice
  live: ReleaseSwitch
  /** Newest first. */
  versions: {
    version: string
    publishedBy: string
    publishedAt: string
    files: number
    bytes: number
    contract: string
  }[]
  /** The latest switches, newest first. */
  switches: ReleaseSwitch[]
}

export function createReleaseEndpoints(api: ApiClient) {
  return {
    list: (opts?: { signal?: AbortSignal }) => api.get<{ slices: SliceReleases[] }>('/releases', opts),
    /** Makes `version` (null: the shipped build) live; refused (409) when it does not fit the shell. */
    switchTo: (slice: ReleaseSlice, version: string | null) =>
      api.put<{ switch: unknown }>(`/releases/${slice}/live`, { version }),
    /** Back to the version that was live before (the last one made live without force). */
    rollback: (slice: ReleaseSlice) => api.post<{ switch: unknown }>(`/releases/${slice}/rollback`),
  }
}

export type ReleaseEndpoints = ReturnType<typeof createReleaseEndpoints>
