/** Where screenshots live: their storage keys and the app addresses that name them (decision 055). */

export const PREFIX = 'screenshots'
/** The file part of a screenshot address: the random part of its storage key and its extension. */
export const FILE_PATTERN = /^[0-9a-f]{32}\.(png|webp|jpg)$/

export type ScreenshotKind = 'before' | 'after'

export const COLUMN = { before: 'screenshotUrl', after: 'afterScreenshotUrl' } as const

/** The app address of a stored screenshot (relative to the app's public URL). */
export function screenshotPath(annotationId: string, key: string): string {
  return `/api/v1/annotations/${annotationId}/screenshots/${key.slice(PREFIX.length + 1)}`
}

/** The storage key behind one of our screenshot addresses of this annotation, or null (an outside URL). */
export function screenshotKeyOf(annotationId: string, url: string | null): string | null {
  const prefix = `/api/v1/annotations/${annotationId}/screenshots/`
  if (!url?.startsWith(prefix)) return null
  const file = url.slice(prefix.length)
  return FILE_PATTERN.test(file) ? `${PREFIX}/${file}` : null
}

/** The type a screenshot file is served with, from its extension (set from its content at upload). */
export function mimeOf(file: string): string {
  if (file.endsWith('.png')) return 'image/png'
  if (file.endsWith('.webp')) return 'image/webp'
  return 'image/jpeg'
}
