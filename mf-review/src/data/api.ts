/**
 * The calls the review screen makes (SPEC section 7, "Annotations" and the feedback-link entry), on the
 * shared API client. Uploads go through sendForm (XMLHttpRequest) because fetch cannot report upload progress.
 */
import { type ApiClient, ApiError, type CanvasReview, createApiClient, sendForm } from '@pinpoint/api'
import type {
  Annotation,
  AnnotationReply,
  AnnotationUpdate,
  Canvas,
  CanvasUser,
  FileAttachment,
  Label,
  NewAnnotation,
  User,
} from './types'

export function createReviewApi(api: ApiClient = createApiClient()) {
  return {
    openLink: (subdomain: string, password?: string) =>
      api.get<{ canvas: Canvas }>(`/canvases/${encodeURIComponent(subdomain)}/subdomain`, {
        query: { password: password || undefined },
      }),
    /** `revision`: the number of a website revision with its own address; the current one if left out. */
    proxyUrl: (canvasIdOrSubdomain: string, path?: string, revision?: number | null) =>
      api.get<{ url: string; base: string; siteUrl: string }>(
        `/canvases/${encodeURIComponent(canvasIdOrSubdomain)}/proxy-url`,
        {
          query: { path: path || undefined, revision: revision ?? undefined },
        },
      ),
    annotations: (canvasId: string) =>
      api.get<{ annotations: Annotation[] }>(`/canvases/${canvasId}/annotations`),
    createAnnotation: (body: NewAnnotation) => api.post<{ annotation: Annotation }>('/annotations', body),
    updateAnnotation: (id: string, body: AnnotationUpdate) =>
      api.put<{ annotation: Annotation }>(`/annotations/${id}`, body),
    deleteAnnotation: (id: string) => api.delete<{ deleted: boolean }>(`/annotations/${id}`),
    setInactiveReason: (
      canvasId: string,
      body: { path: string; inactiveReason: string | null; annotationIds?: string[] },
    ) => api.put<{ annotations: Annotation[] }>(`/canvases/${canvasId}/annotations/inactive-reason`, body),
    addLabel: (id: string, labelId: string) =>
      api.post<{ annotation: Annotation }>(`/annotations/${id}/labels/${labelId}`),
    removeLabel: (id: string, labelId: string) =>
      api.delete<{ annotation: Annotation }>(`/annotations/${id}/labels/${labelId}`),
    assign: (id: string, userId: string | null) =>
      userId
        ? api.post<{ annotation: Annotation }>(`/annotations/${id}/assigned-user/${userId}`)
        : api.delete<{ annotation: Annotation }>(`/annotations/${id}/assigned-user`),
    createReply: (
      annotationId: string,
      body: { comment: string; isPrivate?: boolean; fileAttachmentIds?: string[] },
    ) => api.post<{ reply: AnnotationReply }>(`/annotations/${annotationId}/replies`, body),
    updateReply: (id: string, body: { comment: string }) =>
      api.put<{ reply: AnnotationReply }>(`/replies/${id}`, body),
    deleteReply: (id: string) => api.delete<{ deleted: boolean }>(`/replies/${id}`),
    /**
     * A deletion sent while the page is going away (its Undo time not over): `keepalive` lets the request
     * outlive the page, which an ordinary fetch does not.
     */
    deleteOnLeave: (kind: 'annotations' | 'replies', id: string) =>
      fetch(`${api.baseUrl.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        credentials: 'include',
        keepalive: true,
      }).then(() => undefined),
    canvasUsers: (canvasId: string) => api.get<{ users: CanvasUser[] }>(`/canvases/${canvasId}/users`),
    teamLabels: (teamId: string) => api.get<{ labels: Label[] }>(`/teams/${teamId}/labels`),
    createLabel: (body: { name: string; color: string; TeamId: string }) =>
      api.post<{ label: Label }>('/labels', body),
    review: (canvasId: string, body: { status: string; comment?: string; CanvasRevisionId?: string }) =>
      api.post<{ canvasReview: CanvasReview }>(`/canvases/${canvasId}/reviews`, body),
    shareCanvas: (canvasId: string, body: { emails: string[]; message?: string }) =>
      api.post<{ emails: string[] }>(`/canvases/${canvasId}/share`, body),
    /** POST /canvases/{id}/revisions; a website's new address, or the same one fetched again. */
    createRevision: (canvasId: string, body: { localUrl?: string }) =>
      api.post<{ canvasRevision: { id: string; number: number }; canvas: Canvas }>(
        `/canvases/${canvasId}/revisions`,
        body,
      ),
    renameRevision: (revisionId: string, name: string | null) =>
      api.put<{ canvas: Canvas }>(`/canvas-revisions/${revisionId}`, { name }),
    deleteRevision: (revisionId: string) => api.delete<{ canvas: Canvas }>(`/canvas-revisions/${revisionId}`),
    /** Moves the open comments of `fromRevisionId` to `revisionId` (decision 047). */
    carryComments: (
      revisionId: string,
      body: { fromRevisionId: string; results?: { id: string; anchor: unknown }[]; path?: string },
    ) =>
      api.post<{ carried: { id: string; status: string }[]; annotations: Annotation[] }>(
        `/canvas-revisions/${revisionId}/carry-comments`,
        body,
      ),
    guestLogin: (body: { name: string; email: string }) => api.post<{ user: User }>('/guests', body),
    /** Ends the session (member or guest): DELETE /sessions. */
    signOut: () => api.delete<void>('/sessions'),
  }
}

export type ReviewApi = ReturnType<typeof createReviewApi>

/**
 * POST /file-attachments (multipart) with upload progress (0..1). Resolves with the stored attachment;
 * a status of 400 or more rejects with the server's ApiError, like every other call.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FileAttachment> {
  const form = new FormData()
  form.append('file', file, file.name)
  const body = await sendForm<{ fileAttachment?: FileAttachment } | undefined>(
    '/api/v1/file-attachments',
    form,
    {
      signal,
      onProgress: (sent, total) => onProgress(sent / total),
    },
  )
  if (!body?.fileAttachment)
    throw new ApiError({ message: 'The file was not stored.', error: 'UploadFailed', status: 500, meta: {} })
  onProgress(1)
  return body.fileAttachment
}
