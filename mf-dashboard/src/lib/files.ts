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

/** "Homepage v2.final.png" -> "Homepage v2.final": the canvas title a file suggests. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^./\\]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
  return base || 'Untitled'
}

/**
 * Groups dropped files into canvases: images and PDFs together make one design canvas (each file
 * an asset, in drop order); each video and each HTML file is its own canvas.
 */
export function planUploads(
  files: readonly File[],
): Array<{ kind: 'design' | 'video' | 'email'; files: File[] }> {
  const plans: Array<{ kind: 'design' | 'video' | 'email'; files: File[] }> = []
  const design: File[] = []
  for (const file of files) {
    const kind = fileKind(file)
    if (kind === 'image' || kind === 'pdf') design.push(file)
    else if (kind === 'video') plans.push({ kind: 'video', files: [file] })
    else if (kind === 'email') plans.push({ kind: 'email', files: [file] })
  }
  if (design.length > 0) plans.unshift({ kind: 'design', files: design })
  return plans
}
