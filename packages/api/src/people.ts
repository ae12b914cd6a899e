/**
 * Who can open a canvas and with which role (SPEC 7 "GET and PUT /canvases/{id}/users/{userId}; GET and POST
 * /canvases/{id}/users", plus DELETE), ownership transfer and premium upgrade/downgrade (SPEC 4 lifecycle,
 * both through PUT /canvases/{id}).
 */
import type { ApiClient } from './client'
import type { Canvas } from './types'

/** The roles an invited person can have; the owner and the owner's team are listed as 'owner' and 'team'. */
export type CanvasUserRole = 'viewer' | 'commenter' | 'editor'

export type CanvasPerson = {
  id: string
  name: string
  /** Null when this viewer may not see it (decision 027). */
  email: string | null
  avatarUrl: string | null
  isGuest?: boolean
  TeamId?: string | null
  role: CanvasUserRole | 'owner' | 'team'
}

/** The 409 meta of an upgrade at a solo plan's premium limit: the canvases one of which must make room. */
export type PremiumLimitMeta = { limit: number; premiumCanvases: { id: string; title: string }[] }

export function createPeopleEndpoints(api: ApiClient) {
  return {
    /** The canvas as its People dialog needs it (owner, plan, whether the caller may edit). */
    canvas: (canvasId: string, opts?: { signal?: AbortSignal }) =>
      api.get<{ canvas: Canvas }>(`/canvases/${canvasId}`, opts),
    list: (canvasId: string, opts?: { signal?: AbortSignal }) =>
      api.get<{ users: CanvasPerson[] }>(`/canvases/${canvasId}/users`, opts),
    /** Adds someone by e-mail (an unknown address gets a guest account) with a role. */
    add: (canvasId: string, body: { email?: string; userId?: string; role?: CanvasUserRole }) =>
      api.post<{ user: CanvasPerson }>(`/canvases/${canvasId}/users`, body),
    setRole: (canvasId: string, userId: string, role: CanvasUserRole) =>
      api.put<{ user: CanvasPerson }>(`/canvases/${canvasId}/users/${userId}`, { role }),
    remove: (canvasId: string, userId: string) =>
      api.delete<{ success: boolean; userId: string }>(`/canvases/${canvasId}/users/${userId}`),
    /** Hands the canvas to a member of the owner's team. */
    transfer: (canvasId: string, userId: string) =>
      api.put<{ canvas: Canvas }>(`/canvases/${canvasId}`, { UserId: userId }),
    /** Upgrade (with the premium canvas it replaces at the plan's limit) or downgrade. */
    setPremium: (canvasId: string, isPremium: boolean, replacedCanvasId?: string | null) =>
      api.put<{ canvas: Canvas }>(`/canvases/${canvasId}`, {
        isPremium,
        ...(replacedCanvasId ? { replacedCanvasId } : {}),
      }),
  }
}

export type PeopleEndpoints = ReturnType<typeof createPeopleEndpoints>
