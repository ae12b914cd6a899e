/**
 * Type by content, never by name or declared Content-Type: binary formats through `file-type` (magic
 * numbers), and the two text formats we accept (SVG, HTML e-mail) by what the text starts with.
 */
import { fileTypeFromBuffer } from 'file-type'

export type SniffedKind = 'image' | 'svg' | 'pdf' | 'email' | 'video' | 'other'

export interface Sniffed {
  kind: SniffedKind
  mime: string
  /** Extension used for the storage key ('' when unknown). */
  ext: string
}

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
const VIDEO_MIMES = new Set(['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/x-m4v'])

/** Leading BOM, XML declaration, doctype, comments and white space that may precede the root element. */
const PROLOGUE = /^(?:\uFEFF|\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i

function textHead(head: Uint8Array): string | null {
  // Text formats are UTF-8 (or ASCII); a NUL byte means binary.
  if (head.includes(0)) return null
  return new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 4096))
}

/** Detects what a file is from its first bytes (4 KB are plenty; pass more if you have them). */
export async function sniff(head: Uint8Array): Promise<Sniffed> {
  const detected = await fileTypeFromBuffer(head)
  if (detected) {
    if (IMAGE_MIMES.has(detected.mime)) return { kind: 'image', mime: detected.mime, ext: `.${detected.ext}` }
    if (detected.mime === 'application/pdf') return { kind: 'pdf', mime: 'application/pdf', ext: '.pdf' }
    if (VIDEO_MIMES.has(detected.mime)) return { kind: 'video', mime: detected.mime, ext: `.${detected.ext}` }
    return { kind: 'other', mime: detected.mime, ext: `.${detected.ext}` }
  }
  const text = textHead(head)
  if (text !== null) {
    const rest = text.replace(PROLOGUE, '')
    if (/^<svg[\s>]/i.test(rest)) return { kind: 'svg', mime: 'image/svg+xml', ext: '.svg' }
    if (
      /^<(html|head|body|table|div|center|meta|style|title)[\s>]/i.test(rest) ||
      /<!DOCTYPE\s+html/i.test(text)
    ) {
      return { kind: 'email', mime: 'text/html', ext: '.html' }
    }
    return { kind: 'other', mime: 'text/plain', ext: '.txt' }
  }
  return { kind: 'other', mime: 'application/octet-stream', ext: '' }
}

/** Reads the first bytes of a Blob/File without loading the rest. */
export async function sniffBlob(blob: Blob): Promise<Sniffed> {
  return sniff(new Uint8Array(await blob.slice(0, 4100).arrayBuffer()))
}
