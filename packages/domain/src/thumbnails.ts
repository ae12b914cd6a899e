/**
 * Revision pictures ("thumbnails", decision 056): taken in a reviewer's browser (the server has no browser),
 * stored once per revision and shown on dashboard cards and in the compare view. These rules decide when
 * the review screen takes one and who may store or replace it, so the browser and the server agree.
 */

/** Width (px) pictures are scaled down to before upload: a card is at most ~360 CSS px wide, at 2x. */
export const THUMBNAIL_WIDTH = 720
/** Tallest picture (px) kept: a card shows the top of the page, so a long capture is cut there. */
export const THUMBNAIL_MAX_HEIGHT = 1080
/** Largest picture accepted: a 720 px WebP or JPEG of a busy page is well under this. */
export const THUMBNAIL_MAX_BYTES = 512 * 1024
/** Types accepted, decided by the file's content (never its name or declared type). */
export const THUMBNAIL_TYPES = ['image/webp', 'image/jpeg', 'image/png'] as const
/** A live website changes without a new revision: an editor's visit refreshes a picture this old. */
export const THUMBNAIL_REFRESH_MS = 24 * 60 * 60 * 1000

/** Canvas types whose revisions get a picture taken in the browser (PDF pages are drawn by the server). */
const CAPTURED_TYPES = new Set(['website', 'email', 'design', 'video'])

export interface ThumbnailState {
  /** The canvas's type (a design whose first file is a PDF counts as 'pdf'). */
  canvasType: string
  /** When the revision's picture was taken, or null when it has none. */
  takenAt: Date | string | null
  /** Whether the viewer may replace an existing picture (the canvas's editors). */
  mayReplace: boolean
  now: Date
}

/** Whether the review screen should take a picture of the revision it shows. */
export function thumbnailCaptureDue(state: ThumbnailState): boolean {
  if (!CAPTURED_TYPES.has(state.canvasType)) return false
  if (state.takenAt === null) return true
  if (state.canvasType !== 'website' || !state.mayReplace) return false
  const taken = new Date(state.takenAt).getTime()
  return !Number.isFinite(taken) || state.now.getTime() - taken >= THUMBNAIL_REFRESH_MS
}

/**
 * Whether a caller who may open the canvas may store a picture now: anyone the first time (the first
 * visitor of a revision takes it), only an editor when one exists, so a link holder cannot swap the
 * picture the team sees on its dashboard.
 */
export function mayStoreThumbnail(input: { hasThumbnail: boolean; mayReplace: boolean }): boolean {
  return !input.hasThumbnail || input.mayReplace
}
