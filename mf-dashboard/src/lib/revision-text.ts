/**
 * What the "New revision" dialog and its toast say. They describe what creating a revision really does
 * today (issue 17): a website revision reviews the live site again, a revision of any other canvas starts
 * without files. Nothing here may promise an upload or a compare view the product does not offer.
 */
export type RevisionTextInput = { type: string | null | undefined; title: string; latestNumber: number }

export function newRevisionTexts({ type, title, latestNumber }: RevisionTextInput) {
  const next = latestNumber + 1
  const earlier =
    'Earlier revisions and their comments stay open from the revision menu of the review screen.'
  if (type === 'website') {
    return {
      description: `Revision ${next} of “${title}” reviews the website as it is live now. New comments are made on revision ${next}. ${earlier}`,
      toast: `Revision ${next} created. New comments on “${title}” now go to revision ${next}.`,
    }
  }
  return {
    description: `Revision ${next} of “${title}” starts without files and becomes the revision reviewers see first, showing “Nothing to review yet”. ${earlier}`,
    toast: `Revision ${next} created. It has no files yet, so the review screen shows it as empty.`,
  }
}
