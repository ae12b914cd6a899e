/**
 * The calls of SPEC section 7 the front ends make, typed. Each returns the server's wrapped
 * entity ({ user }, { canvas }, ...). Grouped by area; every function takes plain arguments.
 */
import type { ApiClient, RequestOptions } from './client'
import type { UploadProgress } from './form-upload'
import { createIntegrationEndpoints } from './integrations'
import type {
  AppEvent,
  Canvas,
  CanvasAsset,
  CanvasListQuery,
  CanvasRevision,
  DeadlineReminder,
  Folder,
  Invite,
  Label,
  SsoConnectionResult,
  SsoSettings,
  SsoSettingsInput,
  TeamUser,
  UploadableVideoDetails,
  User,
} from './types'

type Opts = Omit<RequestOptions, 'body'>

export type SignUpInput = {
  email: string
  name: string
  password: string
  teamName?: string
  coupon?: string
  plan?: string
  inviteCode?: string
  initialVisitData?: unknown
}

export type UserUpdate = Partial<
  Pick<User, 'name' | 'email' | 'emailOn' | 'myEmailSettings' | 'clientEmailSettings' | 'emailSettings'>
> & { signupSurvey?: unknown; offboardingSurvey?: unknown }

export type CanvasCreateInput = {
  type: 'website' | 'design' | 'email' | 'video' | 'pdf' | 'other'
  title: string
  /** The website address of a website canvas. */
  localUrl?: string | null
  folderId?: string | null
  readOnlyDate?: string | null
  expireDate?: string | null
  visibility?: 'anyone-with-link' | 'only-team' | 'only-me'
  password?: string | null
}

export type CanvasUpdate = Partial<{
  title: string
  localUrl: string | null
  readOnlyDate: string | null
  expireDate: string | null
  archived: boolean
  isPremium: boolean
  replacedCanvasId: string | null
  UserId: string
  visibility: 'anyone-with-link' | 'only-team' | 'only-me'
  password: string | null
}>

export type VideoAssetInput = {
  fileSizeInBytes: number
  folderId?: string | null
  id?: string
  name: string
  position?: number
  revisionId?: string | null
}

/** Typed endpoint groups bound to one client. */
export function createEndpoints(api: ApiClient) {
  return {
    session: {
      me: (opts?: Opts) => api.get<{ user: User; impersonatorId?: string | null }>('/sessions/me', opts),
      login: (body: { email: string; password: string }) => api.post<{ user: User }>('/sessions', body),
      logout: () => api.delete<void>('/sessions'),
      /** Logs in with the one-time link e-mailed while the account is protected (single use). */
      loginWithLink: (body: { token: string }) => api.post<{ user: User }>('/sessions/login-link', body),
      guest: (body: { email: string; name: string }) => api.post<{ user: User }>('/guests', body),
      /** Where an e-mail domain signs in through its team's identity provider (404 NotFound when none). */
      ssoLoginUrl: (emailDomain: string, nextUrl: string) =>
        api.get<{ url: string; required: boolean }>('/sso-login-url', { query: { emailDomain, nextUrl } }),
    },
    users: {
      signUp: (body: SignUpInput) => api.post<{ user: User }>('/users', body),
      update: (body: UserUpdate) => api.put<{ user: User }>('/users/me', body),
      changePassword: (body: { currentPassword: string; newPassword: string }) =>
        api.put<{ success: boolean; apiTokenRevoked: boolean }>('/users/me/password', body),
      requestPasswordReset: (body: { email: string }) =>
        api.post<{ message: string }>('/password-resets', body),
      /** Sets the new password and signs in (the reset link's token is single-use). */
      resetPassword: (body: { token: string; newPassword: string }) =>
        api.post<{ user: User }>('/password-resets/complete', body),
      uploadAvatar: (file: Blob, name = 'avatar') => {
        const form = new FormData()
        form.append('avatar', file, name)
        return api.put<{ user: User }>('/users/me/avatar', form)
      },
    },
    /** Guided tours the signed-in member has seen (guests keep theirs in the browser). */
    tours: {
      seen: (opts?: Opts) => api.get<{ tours: Record<string, string> }>('/users/me/tours', opts),
      markSeen: (tour: string) => api.put<{ tours: Record<string, string> }>(`/users/me/tours/${tour}`),
    },
    /** Browser-side analytics events (the server applies the allow-list and forwards to its sink). */
    analytics: {
      report: (event: string, properties: Record<string, string | number | boolean>) =>
        api.post<{ accepted: boolean }>('/analytics/events', { event, properties }),
    },
    teams: {
      users: (teamId: string, opts?: Opts) => api.get<{ users: TeamUser[] }>(`/teams/${teamId}/users`, opts),
      addAdmin: (teamId: string, userId: string) => api.post<unknown>(`/teams/${teamId}/admins`, { userId }),
      removeAdmin: (teamId: string, userId: string) =>
        api.delete<unknown>(`/teams/${teamId}/admins`, { body: { userId } }),
      removeUser: (teamId: string, userId: string, transferCanvasesAndFolders: boolean) =>
        api.delete<unknown>(`/teams/${teamId}/users/${userId}`, { body: { transferCanvasesAndFolders } }),
      invites: (teamId: string, opts?: Opts) =>
        api.get<{ invites: Invite[] }>(`/teams/${teamId}/invites`, opts),
      invite: (teamId: string, emails: string[]) =>
        api.post<{ invites: Invite[]; message: string; alreadyMembers?: string[] }>(
          `/teams/${teamId}/invites`,
          {
            emails,
          },
        ),
      resendInvite: (teamId: string, inviteId: string) =>
        api.post<unknown>(`/teams/${teamId}/invites/${inviteId}/resend`),
      deleteInvite: (teamId: string, inviteId: string) =>
        api.delete<unknown>(`/teams/${teamId}/invites/${inviteId}`),
      ssoSettings: (teamId: string, opts?: Opts) =>
        api.get<{ ssoSettings: SsoSettings }>(`/teams/${teamId}/sso-settings`, opts),
      saveSsoSettings: (teamId: string, body: SsoSettingsInput) =>
        api.post<{ ssoSettings: SsoSettings }>(`/teams/${teamId}/sso-settings`, body),
      /** Reads the provider's discovery document (the typed issuer, or the stored one). */
      testSsoConnection: (teamId: string, body: { issuer?: string | null; clientId?: string | null }) =>
        api.post<{ connection: SsoConnectionResult }>(`/teams/${teamId}/sso-settings/test`, body),
    },
    invites: {
      byCode: (code: string, opts?: Opts) =>
        api.get<{ invite: Invite }>('/invites', { ...opts, query: { code } }),
      byEmail: (email: string, opts?: Opts) =>
        api.get<{ invites: Invite[] }>('/invites', { ...opts, query: { email } }),
      accept: (inviteId: string) => api.post<{ user: User }>(`/invites/${inviteId}/accept`),
      decline: (inviteId: string) => api.post<unknown>(`/invites/${inviteId}/decline`),
    },
    canvases: {
      /** Filters and sort travel as one JSON `filters` parameter; archived canvases load with `archived=true`. */
      list: ({ filters = {}, sort, offset, limit }: CanvasListQuery = {}, opts?: Opts) => {
        const { archived, ...rest } = filters
        const json = { ...rest, ...(sort ? { sort } : {}) }
        return api.get<{ canvases: Canvas[]; total: number }>('/users/me/canvases', {
          ...opts,
          query: {
            filters: Object.keys(json).length > 0 ? JSON.stringify(json) : undefined,
            archived: archived ? 'true' : undefined,
            offset,
            limit,
          },
        })
      },
      archivedCount: (opts?: Opts) =>
        api.get<{ archivedCanvasesCount: number }>('/users/me/canvases/archived-count', opts),
      create: (body: CanvasCreateInput) => api.post<{ canvas: Canvas }>('/canvases', body),
      update: (id: string, body: CanvasUpdate) => api.put<{ canvas: Canvas }>(`/canvases/${id}`, body),
      remove: (id: string) => api.delete<unknown>(`/canvases/${id}`),
      share: (id: string, body: { emails: string[]; message?: string }) =>
        api.post<unknown>(`/canvases/${id}/share`, body),
      reminders: (id: string, opts?: Opts) =>
        api.get<{ deadlineReminders: DeadlineReminder[] }>(`/canvases/${id}/deadline-reminders`, opts),
      addReminders: (id: string, body: { userIds?: string[]; emails?: string[]; reminderDates: string[] }) =>
        api.post<{ deadlineReminders: DeadlineReminder[] }>(`/canvases/${id}/deadline-reminders`, body),
      removeReminder: (reminderId: string) => api.delete<unknown>(`/deadline-reminders/${reminderId}`),
      /** POST /canvases/{id}/revisions; `localUrl`: a website revision's new address (else the same one). */
      newRevision: (id: string, body: { name?: string | null; localUrl?: string | null } = {}) =>
        api.post<{ canvasRevision: CanvasRevision; canvas?: Canvas }>(`/canvases/${id}/revisions`, body),
      /** PUT /canvas-revisions/{id}: rename, or make it the revision shown first. */
      updateRevision: (revisionId: string, body: { name?: string | null; current?: boolean }) =>
        api.put<{ canvasRevision: CanvasRevision; canvas: Canvas }>(`/canvas-revisions/${revisionId}`, body),
      /** PUT /canvas-revisions/{id}/thumbnail: the revision's picture (decision 056). */
      storeRevisionThumbnail: (revisionId: string, picture: Blob) => {
        const form = new FormData()
        form.append('file', picture, 'thumbnail')
        return api.put<{ canvasRevision: CanvasRevision; stored: boolean }>(
          `/canvas-revisions/${revisionId}/thumbnail`,
          form,
        )
      },
      /** DELETE /canvas-revisions/{id}: its files and comments go with it; the last one cannot go. */
      removeRevision: (revisionId: string) =>
        api.delete<{ canvasRevision: CanvasRevision; canvas: Canvas }>(`/canvas-revisions/${revisionId}`),
    },
    assets: {
      /** POST /canvas-assets (multipart): id, canvasAssetFile, position, revisionId, folderId. */
      upload: (input: {
        file: Blob
        fileName: string
        canvasId?: string
        position?: number
        revisionId?: string | null
        folderId?: string | null
        signal?: AbortSignal
        /** Bytes sent so far, as the browser reports them. */
        onProgress?: UploadProgress
      }) => {
        const form = new FormData()
        if (input.canvasId) form.append('id', input.canvasId)
        form.append('canvasAssetFile', input.file, input.fileName)
        if (input.position !== undefined) form.append('position', String(input.position))
        if (input.revisionId) form.append('revisionId', input.revisionId)
        if (input.folderId) form.append('folderId', input.folderId)
        return api.upload<{ canvasAsset: CanvasAsset; canvas: Canvas }>('/canvas-assets', form, {
          signal: input.signal,
          onProgress: input.onProgress,
        })
      },
      /** POST /canvases/{id}/assets/{assetId} (multipart): a new file in the asset's place, comments kept. */
      replace: (input: {
        canvasId: string
        assetId: string
        file: Blob
        fileName: string
        signal?: AbortSignal
        onProgress?: UploadProgress
      }) => {
        const form = new FormData()
        form.append('canvasAssetFile', input.file, input.fileName)
        return api.upload<{ canvasAsset: CanvasAsset }>(
          `/canvases/${input.canvasId}/assets/${input.assetId}`,
          form,
          { signal: input.signal, onProgress: input.onProgress },
        )
      },
      createVideo: (body: VideoAssetInput) =>
        api.post<{
          uploadableVideoDetails: UploadableVideoDetails
          canvasAsset: CanvasAsset
          canvas: Canvas
        }>('/canvas-video-assets', body),
    },
    folders: {
      list: (opts?: Opts) => api.get<{ folders: Folder[] }>('/users/me/folders', opts),
      create: (body: { name: string; parentFolderId?: string | null }) =>
        api.post<{ folder: Folder }>('/folders', body),
      update: (
        id: string,
        body: Partial<Pick<Folder, 'name' | 'description' | 'visibility' | 'parentFolderId'>> & {
          /** A new link password; null removes it, absent keeps it. */
          password?: string | null
        },
      ) => api.put<{ folder: Folder }>(`/folders/${id}`, body),
      /** A project shared by link (public): PasswordRequired / WrongPassword until the password is given. */
      shared: (shareableId: string, password?: string) =>
        api.get<{ folder: Folder; canvases: Canvas[] }>('/folders', {
          query: password ? { shareableId, password } : { shareableId },
        }),
      remove: (id: string) => api.delete<unknown>(`/folders/${id}`),
      addCanvas: (folderId: string, canvasId: string) =>
        api.put<{ canvas?: Canvas }>(`/folders/${folderId}/canvases/${canvasId}`),
      removeCanvas: (folderId: string, canvasId: string) =>
        api.delete<{ canvas?: Canvas }>(`/folders/${folderId}/canvases/${canvasId}`),
      share: (id: string, body: { emails: string[]; message?: string }) =>
        api.post<unknown>(`/folders/${id}/share`, body),
    },
    labels: {
      /** GET /teams/{id}/labels. */
      list: (teamId: string, opts?: Opts) => api.get<{ labels: Label[] }>(`/teams/${teamId}/labels`, opts),
      /** POST /labels: in the caller's team. */
      create: (body: { name: string; color: string }) => api.post<{ label: Label }>('/labels', body),
      /** PUT /labels/{id}: rename and/or recolour. */
      update: (id: string, body: { name?: string; color?: string }) =>
        api.put<{ label: Label }>(`/labels/${id}`, body),
      remove: (id: string) => api.delete<unknown>(`/labels/${id}`),
    },
    /** Connected accounts, export sync, webhook log, auto-sync, CSV (integrations.ts). */
    accounts: createIntegrationEndpoints(api),
    events: {
      mine: (opts?: Opts) => api.get<{ events: AppEvent[]; unreadCount?: number }>('/users/me/events', opts),
      markAsRead: (eventIds: Array<string | number>) =>
        api.post<unknown>('/events/mark-as-read', { eventIds }),
    },
  }
}

export type Endpoints = ReturnType<typeof createEndpoints>
