/**
 * The SPEC section 3 JSON of canvases, revisions, assets and reviews. Written field by field (never
 * `...row`), so internal columns (password hashes, storage keys) never reach a response.
 */
import type { Canvas, CanvasAsset, CanvasReview, CanvasRevision, DeadlineReminder } from '@pinpoint/db'
import type { CanvasState } from '@pinpoint/domain'
import { effectiveCanvasType } from '@pinpoint/domain'
import type { Storage } from '../../platform/storage/types'

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null)

export interface AssetUrlContext {
  storage: Storage
  /** Origin that serves e-mail HTML (the proxy origin). */
  proxyOrigin: string
}

/** Storage key of the thumbnail of page `index` (0-based) of a PDF asset: derived, so it needs no column. */
export function thumbnailKey(storageKey: string, index: number): string {
  return `${storageKey}-p${index + 1}.png`
}

export function serializeAsset(asset: CanvasAsset, urls: AssetUrlContext) {
  const key = asset.storageKey
  const ready = key !== null && asset.uploadStatus === 'ready'
  const isEmail = asset.type === 'email'
  const url = ready
    ? urls.storage.url(key, {
        contentType: isEmail ? 'text/html; charset=utf-8' : (asset.mimeType ?? 'application/octet-stream'),
        origin: isEmail ? urls.proxyOrigin : undefined,
      })
    : null
  const pageThumbnailUrls =
    ready && asset.type === 'pdf'
      ? Array.from({ length: asset.pageCount ?? 0 }, (_, index) =>
          urls.storage.url(thumbnailKey(key, index), { contentType: 'image/png' }),
        )
      : []
  return {
    id: asset.id,
    CanvasId: asset.canvasId,
    CanvasRevisionId: asset.canvasRevisionId,
    name: asset.name,
    type: asset.type,
    position: asset.position,
    folderId: asset.folderId,
    mimeType: asset.mimeType,
    sizeBytes: asset.sizeBytes,
    pageCount: asset.pageCount,
    pageThumbnailUrls,
    width: asset.width,
    height: asset.height,
    durationSeconds: asset.durationSeconds,
    uploadStatus: asset.uploadStatus,
    url,
    createdAt: iso(asset.createdAt),
    updatedAt: iso(asset.updatedAt),
  }
}
export type CanvasAssetJson = ReturnType<typeof serializeAsset>

const THUMBNAIL_TYPES_BY_EXT: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
}

/** Signed URL of a revision's picture (decision 056): a new picture has a new key, so a new URL. */
export function thumbnailUrl(key: string | null | undefined, urls: AssetUrlContext | undefined) {
  if (!key || !urls) return null
  const contentType = THUMBNAIL_TYPES_BY_EXT[key.slice(key.lastIndexOf('.'))] ?? 'image/png'
  return urls.storage.url(key, { contentType })
}

export function serializeRevision(revision: CanvasRevision, urls?: AssetUrlContext) {
  return {
    id: revision.id,
    CanvasId: revision.canvasId,
    number: revision.number,
    name: revision.name,
    /** Website canvases: the address this revision reviews. */
    localUrl: withoutCredentials(revision.localUrl),
    /** The revision's picture, taken in a reviewer's browser (null until then). */
    thumbnailUrl: thumbnailUrl(revision.thumbnailKey, urls),
    thumbnailAt: iso(revision.thumbnailAt),
    createdAt: iso(revision.createdAt),
  }
}

export function serializeReview(review: CanvasReview) {
  return {
    id: review.id,
    CanvasId: review.canvasId,
    CanvasRevisionId: review.canvasRevisionId,
    UserId: review.userId,
    status: review.status,
    comment: review.comment,
    createdAt: iso(review.createdAt),
  }
}

export function serializeReminder(reminder: DeadlineReminder) {
  return {
    id: reminder.id,
    CanvasId: reminder.canvasId,
    UserId: reminder.userId,
    recipientUserId: reminder.recipientUserId,
    recipientEmail: reminder.recipientEmail,
    reminderDate: iso(reminder.reminderDate),
    status: reminder.status,
  }
}

/** Addresses saved before credentials were refused (issue 21) are shown without them. */
export function withoutCredentials(url: string | null): string | null {
  if (!url?.includes('@')) return url
  try {
    const parsed = new URL(url)
    if (!parsed.username && !parsed.password) return url
    parsed.username = ''
    parsed.password = ''
    return parsed.toString()
  } catch {
    return url
  }
}

function latestVerdictOf(reviews: CanvasReview[] | undefined, revisionId: string | null): string | null {
  let latest: CanvasReview | null = null
  for (const review of reviews ?? []) {
    if (review.canvasRevisionId !== revisionId) continue
    if (!latest || review.createdAt >= latest.createdAt) latest = review
  }
  return latest?.status ?? null
}

export interface CanvasOwnerJson {
  id: string
  name: string
  /** Null when this viewer may not see it (decision 027). */
  email: string | null
  avatarUrl: string | null
  TeamId: string | null
}

export interface CanvasParts {
  canvas: Canvas
  owner: CanvasOwnerJson | null
  planId: string | null
  state: CanvasState
  revisions?: CanvasRevision[]
  assets?: CanvasAsset[]
  reviews?: CanvasReview[]
  reminders?: DeadlineReminder[]
  /** The latest verdict on the current revision (the list reads it alone; the detail from `reviews`). */
  verdict?: string | null
  /** Whether the viewer may edit (drives the UI; the server checks again on every call). */
  editable?: boolean
  /** The viewer's unread notifications on the canvas (the dashboard list reads them; decision 016). */
  unreadCount?: number
  /** The current revision's picture key (the list reads it alone; the detail from `revisions`). */
  thumbnailKey?: string | null
}

export function serializeCanvas(parts: CanvasParts, urls: AssetUrlContext) {
  const { canvas, state } = parts
  const assets = parts.assets ?? []
  return {
    id: canvas.id,
    subdomain: canvas.subdomain,
    UserId: canvas.userId,
    User: parts.owner,
    FolderId: canvas.folderId,
    type: canvas.type,
    /** 'pdf' for a design whose first asset is a PDF (SPEC 4). */
    effectiveType: effectiveCanvasType({
      type: canvas.type,
      assets: assets.filter((a) => a.canvasRevisionId === canvas.currentRevisionId),
    }),
    title: canvas.title,
    localUrl: withoutCredentials(canvas.localUrl),
    readOnlyDate: iso(canvas.readOnlyDate),
    expireDate: iso(canvas.expireDate),
    archiveDate: iso(canvas.archiveDate),
    archived: canvas.archiveDate !== null,
    isPremium: canvas.isPremium,
    replacedCanvasId: canvas.replacedCanvasId,
    visibility: canvas.visibility,
    hasPassword: canvas.passwordHash !== null,
    Customer: { planId: parts.planId },
    CanvasRevisionId: canvas.currentRevisionId,
    CanvasRevisions: (parts.revisions ?? []).map((revision) => serializeRevision(revision, urls)),
    /** The current revision's picture for the dashboard card, or null (the card shows the type's icon). */
    thumbnailUrl: thumbnailUrl(
      parts.thumbnailKey !== undefined
        ? parts.thumbnailKey
        : parts.revisions?.find((revision) => revision.id === canvas.currentRevisionId)?.thumbnailKey,
      urls,
    ),
    CanvasAssets: assets.map((asset) => serializeAsset(asset, urls)),
    CanvasReviews: (parts.reviews ?? []).map(serializeReview),
    /** Latest verdict on the current revision (approved, changes-requested, rejected), or null. */
    verdict:
      parts.verdict !== undefined ? parts.verdict : latestVerdictOf(parts.reviews, canvas.currentRevisionId),
    CanvasDeadlineReminders: (parts.reminders ?? []).map(serializeReminder),
    state: {
      paused: state.paused,
      feedbackDeadline: state.feedbackDeadline,
      expired: state.expired,
      readOnly: state.readOnly,
      readOnlyReason: state.reason,
    },
    editable: parts.editable ?? false,
    // Only where they were read (the list): elsewhere an absent count must not read as "nothing new".
    ...(parts.unreadCount === undefined
      ? {}
      : { hasNewActivity: parts.unreadCount > 0, unreadCount: parts.unreadCount }),
    lastActivityAt: iso(canvas.lastActivityAt),
    createdAt: iso(canvas.createdAt),
    updatedAt: iso(canvas.updatedAt),
  }
}
export type CanvasJson = ReturnType<typeof serializeCanvas>
