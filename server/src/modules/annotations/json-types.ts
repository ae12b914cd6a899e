/** The annotation JSON of the API (SPEC section 3 names), as json-sql.ts writes it. */

export interface FileAttachmentJson {
  id: string
  AnnotationId: string | null
  AnnotationReplyId: string | null
  name: string
  mimeType: string
  sizeBytes: number
  url: string
  createdAt: string
}

export interface AnnotationReplyJson {
  id: string
  AnnotationId: string
  UserId: string | null
  userName: string
  comment: string
  isPrivate: boolean
  FileAttachments: FileAttachmentJson[]
  createdAt: string
  updatedAt: string
  /** When the author last changed the text; null if never. */
  editedAt: string | null
}

export interface AnnotationJson {
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
  metadata: Record<string, unknown>
  x: number | null
  y: number | null
  videoTime: number | null
  assignedUserId: string | null
  assignedUser: { id: string; name: string; avatarUrl: string | null } | null
  Labels: { id: string; name: string; color: string }[]
  lastExportDate: string | null
  textContentBefore: string | null
  textContentAfter: string | null
  screenshotUrl: string | null
  afterScreenshotUrl: string | null
  AnnotationReplies?: AnnotationReplyJson[]
  FileAttachments: FileAttachmentJson[]
  numFileAttachments: number
  createdAt: string
  updatedAt: string
  /** When the author last changed the text; null if never. */
  editedAt: string | null
}
