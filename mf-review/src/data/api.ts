/**
 * The calls the review screen makes (SPEC section 7, "Annotations" and the feedback-link entry), on the
 * shared API client. Uploads use XMLHttpRequest because fetch cannot report upload progress.
 */
import { type ApiClient, ApiError, type CanvasReview, createApiClient, toApiError } from '@pinpoint/api'
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
    guestLogin: (body: { name: string; email: string }) => api.post<{ user: User }>('/guests', body),
  }
}

export type ReviewApi = ReturnType<typeof createReviewApi>

/**
 * POST /file-attachments (multipart) with upload progress (0..1). Resolves with the stored attachment;
 * a status of 400 or more rejects with the server's ApiError, like every other call.
 */
export function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FileAttachment> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/v1/file-attachments')
    request.withCredentials = true
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const body = request.response as { fileAttachment?: FileAttachment } | null
      if (request.status >= 400 || !body?.fileAttachment) {
        reject(toApiError(request.status, request.statusText, body))
        return
      }
      onProgress(1)
      resolve(body.fileAttachment)
    }
    request.onerror = () =>
      reject(new ApiError({ message: 'Network error', error: 'NetworkError', status: 0, meta: {} }))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort())
    const form = new FormData()
    form.append('file', file, file.name)
    request.send(form)
  })
}
