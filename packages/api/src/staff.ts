/** Staff tools (decision 043) and impersonation (decision 007). */
import type { ApiClient } from './client'
import type { User } from './types'

/** An account as the staff search shows it. */
export type StaffUser = {
  id: string
  name: string
  email: string
  isGuest: boolean
  isStaff: boolean
  createdAt: string
  role: string
  Team: { id: string; name: string; ownerUserId: string } | null
  planId: string | null
  betaFeaturesEnabled: { emailReview: boolean }
  betaFeaturesOwnerId: string | null
}

export type ImpersonationRecord = {
  id: string
  staffUserId: string | null
  staffEmail: string
  targetUserId: string | null
  targetEmail: string
  targetName: string
  startedAt: string
  endedAt: string | null
  endReason: 'stopped' | 'switched' | 'logout' | null
  ip: string | null
}

export function createStaffEndpoints(api: ApiClient) {
  return {
    searchUsers: (query: string, opts?: { signal?: AbortSignal }) =>
      api.get<{ users: StaffUser[] }>('/staff/users', { ...opts, query: { query } }),
    setBetaFeatures: (userId: string, body: { emailReview: boolean }) =>
      api.put<{ user: StaffUser }>(`/staff/users/${userId}/beta-features`, body),
    impersonations: (opts?: { signal?: AbortSignal }) =>
      api.get<{ impersonations: ImpersonationRecord[] }>('/staff/impersonations', opts),
    impersonate: (userId: string) =>
      api.post<{ user: User; impersonatorId: string }>('/sessions/impersonation', { userId }),
    stopImpersonating: () => api.delete<{ success: boolean }>('/sessions/impersonation'),
  }
}

export type StaffEndpoints = ReturnType<typeof createStaffEndpoints>
