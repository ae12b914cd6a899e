/**
 * Content checks for uploaded files: the type is decided by content (sniff.ts), each kind has a size
 * limit (limits.ts), and each kind is processed before it is stored: images measured, SVGs and HTML
 * e-mails sanitised, PDFs opened with pdf.js for their page count and page thumbnails.
 */
import { AppError } from '@pinpoint/domain'
import { imageSize } from './image-size'
import { formatBytes, PDF_MAX_PAGES, UPLOAD_LIMITS } from './limits'
import { inspectPdf, PdfUnreadable } from './pdf'
import { sanitizeEmailHtml, sanitizeSvg } from './sanitize'
import { type SniffedKind, sniffBlob } from './sniff'

export { formatBytes, UPLOAD_LIMITS } from './limits'
export { type Sniffed, type SniffedKind, sniff, sniffBlob } from './sniff'

export type AssetKind = 'image' | 'svg' | 'pdf' | 'email'

export interface ProcessedFile {
  kind: AssetKind
  mime: string
  ext: string
  /** What to store: the original bytes, or the sanitised text. */
  body: Blob | string
  size: number
  width: number | null
  height: number | null
  pageCount: number
  /** PNG of every page (PDF only). */
  thumbnails: Uint8Array[]
}

const KIND_NAMES: Record<AssetKind | 'video', string> = {
  image: 'a PNG, JPEG, GIF or WebP image',
  svg: 'an SVG image',
  pdf: 'a PDF',
  email: 'an HTML e-mail',
  video: 'a video (MP4, WebM or QuickTime)',
}

export function unsupportedType(allowed: readonly (AssetKind | 'video')[]): AppError {
  const list = allowed.map((kind) => KIND_NAMES[kind]).join(', ')
  return new AppError(`This file type is not supported here. Upload ${list}.`, {
    name: 'UnsupportedFileType',
    status: 415,
    meta: { allowed },
  })
}

export function fileTooLarge(limit: number): AppError {
  return new AppError(`This file is too large. The limit is ${formatBytes(limit)}.`, {
    name: 'FileTooLarge',
    status: 413,
    meta: { limit },
  })
}

function isAllowed(kind: SniffedKind, allowed: readonly AssetKind[]): kind is AssetKind {
  return (allowed as readonly string[]).includes(kind)
}

/** Checks and processes an uploaded design/e-mail file. Throws 415, 413 or 422 AppErrors. */
export async function processAssetFile(file: Blob, allowed: readonly AssetKind[]): Promise<ProcessedFile> {
  if (file.size === 0) throw new AppError('The file is empty.', { name: 'EmptyFile', status: 422 })
  const sniffed = await sniffBlob(file)
  if (!isAllowed(sniffed.kind, allowed)) throw unsupportedType(allowed)
  const limit = UPLOAD_LIMITS[sniffed.kind]
  if (file.size > limit) throw fileTooLarge(limit)
  const base = {
    kind: sniffed.kind,
    mime: sniffed.mime,
    ext: sniffed.ext,
    width: null,
    height: null,
    pageCount: 1,
    thumbnails: [],
  }
  switch (sniffed.kind) {
    case 'image': {
      const size = imageSize(new Uint8Array(await file.arrayBuffer()), sniffed.mime)
      return {
        ...base,
        body: file,
        size: file.size,
        width: size?.width ?? null,
        height: size?.height ?? null,
      }
    }
    case 'svg': {
      const clean = await sanitizeSvg(await file.text())
      return { ...base, body: clean, size: Buffer.byteLength(clean) }
    }
    case 'email': {
      const clean = await sanitizeEmailHtml(await file.text())
      return { ...base, body: clean, size: Buffer.byteLength(clean) }
    }
    case 'pdf': {
      try {
        const { pageCount, thumbnails } = await inspectPdf(new Uint8Array(await file.arrayBuffer()))
        return { ...base, body: file, size: file.size, pageCount, thumbnails }
      } catch (error) {
        if (!(error instanceof PdfUnreadable)) throw error
        const tooMany = error.message.startsWith('too many pages')
        throw new AppError(
          tooMany
            ? `This PDF has too many pages. The limit is ${PDF_MAX_PAGES}.`
            : 'This PDF could not be read. It may be damaged or password-protected.',
          { name: 'UnreadablePdf', status: 422 },
        )
      }
    }
  }
}
