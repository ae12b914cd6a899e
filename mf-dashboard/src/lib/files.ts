import { fileKind } from '@pinpoint/domain'

export { type FileKind, fileKind } from '@pinpoint/domain'

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
