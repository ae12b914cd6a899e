/**
 * The "New revision" dialog's texts and the files it accepts (issue 17 item 1). A website revision
 * reviews the site again (the same address or a new one); a revision of any other canvas is its new
 * version, uploaded in the dialog: images and PDFs for a design, one HTML file for an e-mail, one video.
 */
import { fileKind } from './files'

/**
 * `latestNumber`: the highest revision number, when the canvas in hand lists its revisions (dashboard
 * lists do not); the toast is written from the created revision's own number.
 */
export type RevisionTextInput = {
  type: string | null | undefined
  title: string
  latestNumber: number | null
}

export function newRevisionTexts({ type, title, latestNumber }: RevisionTextInput) {
  const next = latestNumber === null ? null : latestNumber + 1
  const revision = next === null ? 'the next revision' : `revision ${next}`
  const Revision = next === null ? 'The next revision' : `Revision ${next}`
  const earlier =
    'Earlier revisions and their comments stay open from the revision menu of the review screen.'
  if (type === 'website') {
    return {
      description: `${Revision} of “${title}” reviews the website as it is live now, at the same address or a new one. New comments are made on ${revision}. ${earlier}`,
      toast: `Revision ${next} created. New comments on “${title}” now go to revision ${next}.`,
    }
  }
  return {
    description: `Upload the new version of “${title}”: it becomes ${revision}, the one reviewers see first. ${earlier}`,
    toast: `Revision ${next} created. Its files are uploading; progress shows at the bottom of the page.`,
  }
}

/** What a new version of a canvas of `type` may be made of: the file input's accept list and a check. */
export function revisionFileRules(type: string | null | undefined) {
  if (type === 'video') return { accept: 'video/*', multiple: false, hint: 'One video file.' }
  if (type === 'email')
    return { accept: '.html,.htm,text/html', multiple: false, hint: 'One HTML file of the e-mail.' }
  return { accept: 'image/*,.pdf,application/pdf', multiple: true, hint: 'Images or PDFs, in page order.' }
}

/** Null when `files` can be the new version of a canvas of `type`, else what is wrong. */
export function checkRevisionFiles(type: string | null | undefined, files: readonly File[]): string | null {
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
