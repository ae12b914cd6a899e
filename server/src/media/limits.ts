/**
 * Upload size limits per kind of file (bytes). Documented in docs/decisions/ (uploads and media checks).
 *
 * Multipart uploads are parsed in memory by the HTTP layer, so every multipart kind stays at or under
 * 100 MB; videos are the only large files and always go through tus, which streams to disk.
 */
export const UPLOAD_LIMITS = {
  /** PNG, JPEG, GIF, WebP designs. */
  image: 30 * 1024 * 1024,
  /** SVG designs (text; sanitised in memory). */
  svg: 5 * 1024 * 1024,
  /** PDF documents. */
  pdf: 100 * 1024 * 1024,
  /** HTML e-mails (text; sanitised in memory). */
  email: 5 * 1024 * 1024,
  /** Videos, uploaded with tus (streamed). */
  video: 5 * 1024 * 1024 * 1024,
  /** Files attached to comments. */
  attachment: 25 * 1024 * 1024,
} as const

export type UploadKind = keyof typeof UPLOAD_LIMITS

/** Most pages a PDF may have: each page gets a thumbnail. */
export const PDF_MAX_PAGES = 500
/** Width of PDF page thumbnails (px); the height follows the page's aspect ratio. */
export const PDF_THUMBNAIL_WIDTH = 400

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round(bytes / 1024 ** 3)} GB`
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`
  return `${Math.round(bytes / 1024)} KB`
}
