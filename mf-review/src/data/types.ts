/**
 * Shapes of the review screen's data, as the API sends them (SPEC section 3 names). The server modules own
 * the real schemas; these name the fields this screen reads.
 */
import type { Canvas as ApiCanvas, CanvasAsset as ApiCanvasAsset, User } from '@pinpoint/api'

export type { User }

/** An asset as the server sends it, with the media facts the viewers use. */
export type CanvasAsset = ApiCanvasAsset & {
  width?: number | null
  height?: number | null
  pageCount?: number | null
  durationSeconds?: number | null
  sizeBytes?: number | null
}

export type Canvas = Omit<ApiCanvas, 'CanvasAssets'> & { CanvasAssets?: CanvasAsset[] }

export interface Label {
  id: string
  name: string
  color: string
}

export interface FileAttachment {
  id: string
  AnnotationId: string | null
  AnnotationReplyId?: string | null
  name: string
  mimeType: string
  sizeBytes: number
  url: string
  createdAt?: string
}

export interface AnnotationReply {
  id: string
  AnnotationId: string
  UserId: string | null
  userName: string
  comment: string
  isPrivate: boolean
  FileAttachments: FileAttachment[]
  createdAt: string
  updatedAt?: string
  /** When the author last changed the text; null (or absent from older servers) if never. */
  editedAt?: string | null
}

export interface AnnotationMetadata {
  window?: { width: number; height: number }
  anchor?: Record<string, unknown>
  [key: string]: unknown
}

export interface Annotation {
  id: string
  CanvasId: string
  CanvasRevisionId: string | null
  CanvasAssetId: string | null
  canvasAssetPageIndex: number | null
  UserId: string | null
  userName: string
  comment: string
  path: string | null
  isPrivate: boolean
  status: string
  inactiveReason: string | null
  metadata: AnnotationMetadata
  x: number | null
  y: number | null
  videoTime: number | null
  assignedUserId: string | null
  assignedUser: { id: string; name: string; avatarUrl: string | null } | null
  Labels: Label[]
  /** Set once exported to a task tool, the webhook or CSV (SPEC 4: the comment counts as exported). */
  lastExportDate?: string | null
  textContentBefore: string | null
  textContentAfter: string | null
  /** The pinned spot as it looked (decision 055): an app address opened with the reader's rights. */
  screenshotUrl?: string | null
  /** The same spot once a copy change was resolved. */
  afterScreenshotUrl?: string | null
  AnnotationReplies?: AnnotationReply[]
  FileAttachments: FileAttachment[]
  numFileAttachments: number
  createdAt: string
  updatedAt?: string
  /** When the author last changed the text; null (or absent from older servers) if never. */
  editedAt?: string | null
}

/** A person of the canvas (GET /canvases/{id}/users): mention and assignee candidates. */
export interface CanvasUser {
  id: string
  name: string
  /** Null for viewers who may not see it: link holders see names and avatars only (decision 027). */
  email: string | null
  avatarUrl: string | null
  role?: string
}

/** Fields of a new annotation (POST /annotations). */
export interface NewAnnotation {
  CanvasId: string
  CanvasRevisionId?: string | null
  CanvasAssetId?: string | null
  canvasAssetPageIndex?: number | null
  comment: string
  path?: string | null
  isPrivate?: boolean
  metadata?: AnnotationMetadata
  x?: number | null
  y?: number | null
  videoTime?: number | null
  textContentBefore?: string | null
  textContentAfter?: string | null
  fileAttachmentIds?: string[]
  /** A picture of the spot is being taken and follows the comment (mention e-mails wait for it). */
  screenshotPending?: boolean
}

export type AnnotationUpdate = Partial<
  Pick<
    Annotation,
    | 'comment'
    | 'status'
    | 'isPrivate'
    | 'inactiveReason'
    | 'metadata'
    | 'path'
    | 'x'
    | 'y'
    | 'CanvasAssetId'
    | 'canvasAssetPageIndex'
  >
>
