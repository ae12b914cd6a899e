/**
 * The "New revision" dialog's texts and the files it accepts (issue 17 item 1). A website revision
 * reviews the site again (the same address or a new one); a revision of any other canvas is its new
 * version, uploaded in the dialog: images and PDFs for a design, one HTML file for an e-mail, one video.
 */

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

export { checkRevisionFiles, revisionFileRules } from '@pinpoint/domain'
