/**
 * Which files make a canvas or a new version of it (issue 17 item 1): the kind of a file from its type
 * or name, and what a new revision of each canvas type may be made of. Shared by the dashboard and the
 * review screen's "Upload new version".
 */

/** What kind of canvas a dropped or chosen file makes. */
export type FileKind = 'image' | 'pdf' | 'video' | 'email' | 'unsupported'

const IMAGE = /\.(png|jpe?g|gif|webp|svg)$/i
const VIDEO = /\.(mp4|mov|m4v|webm|mkv|avi)$/i
const HTML = /\.html?$/i

export function fileKind(file: { name: string; type: string }): FileKind {
  const type = file.type.toLowerCase()
  if (type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf'
  if (type.startsWith('image/') || IMAGE.test(file.name)) return 'image'
  if (type.startsWith('video/') || VIDEO.test(file.name)) return 'video'
  if (type === 'text/html' || HTML.test(file.name)) return 'email'
  return 'unsupported'
}

/** What a new version of a canvas of `type` may be made of: the file input's accept list and a hint. */
export function revisionFileRules(type: string | null | undefined) {
  if (type === 'video') return { accept: 'video/*', multiple: false, hint: 'One video file.' }
  if (type === 'email')
    return { accept: '.html,.htm,text/html', multiple: false, hint: 'One HTML file of the e-mail.' }
  return { accept: 'image/*,.pdf,application/pdf', multiple: true, hint: 'Images or PDFs, in page order.' }
}

/** Null when `files` can be the new version of a canvas of `type`, else what is wrong. */
export function checkRevisionFiles(
  type: string | null | undefined,
  files: readonly { name: string; type: string }[],
): string | null {
  if (files.length === 0) return 'Choose the files of the new version.'
  const kinds = files.map((file) => fileKind(file))
  if (type === 'video') {
    if (files.length > 1 || kinds[0] !== 'video') return 'Choose one video file.'
    return null
  }
  if (type === 'email') {
    if (files.length > 1 || kinds[0] !== 'email') return 'Choose one HTML file.'
    return null
  }
  const wrong = files.filter((_, i) => kinds[i] !== 'image' && kinds[i] !== 'pdf')
  if (wrong.length) return `Not an image or PDF: ${wrong.map((file) => file.name).join(', ')}.`
  return null
}
