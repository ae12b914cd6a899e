/**
 * The pages, pins and edits of the anchoring suite (e2e/anchoring.spec.ts) and of its quick loop
 * (bench/anchoring-edits.ts), in one place so both always measure the same thing. Every HTML page of
 * fixtures/websites and fixtures/emails is here; corpus-variants.ts makes the edits.
 */

export const ANCHORING_PAGES = [
  'websites/zenlike/index.html',
  'websites/lazydays/index.html',
  'websites/startbootstrap-clean-blog-1.0.2/index.html',
  'websites/startbootstrap-clean-blog-1.0.2/post.html',
  'websites/startbootstrap-clean-blog-1.0.2/about.html',
  'websites/sb-admin-2/index.html',
  'websites/sb-admin-2/tables.html',
  'websites/one-page-wonder/index.html',
  'websites/coffee-shop-free-html5-template/index.html',
  'emails/leemunroe-responsive.html',
  'emails/postmark-basic-full-comment-notification.html',
  'emails/postmark-basic-full-invoice.html',
  'emails/postmark-basic-receipt.html',
  'emails/postmark-basic-welcome.html',
]

export const PINS_PER_PAGE = 40

/** What an edit needs to know of a pin to decide whether it applies to it. */
export interface PinnedTarget {
  anchor: unknown
}

export function hasText(target: PinnedTarget): boolean {
  return ((target.anchor as { fingerprint?: { text?: string } }).fingerprint?.text?.length ?? 0) >= 20
}

export const REDESIGN = 'redesign (insert, words, classes, swap, wrap, sentence)'

/**
 * The edits each page goes through after reload, resize and insertion, as corpus-variants.ts names them;
 * `pick` chooses the pins an edit applies to (a twin next to them, a sentence added to them), whose
 * data-gt numbers are then appended to the variant.
 */
export const ANCHORING_EDITS: {
  label: string
  variant: string
  pick?: (target: PinnedTarget, i: number) => boolean
}[] = [
  { label: 'one word changed in every third text block', variant: 'words' },
  { label: 'every class attribute renamed', variant: 'classes' },
  { label: 'sibling sections swapped', variant: 'swap' },
  { label: 'content wrapped in extra elements', variant: 'wrap' },
  { label: 'identical twin added next to pinned elements', variant: 'twin', pick: (_, i) => i % 4 === 2 },
  {
    label: 'sentence added to pinned paragraphs',
    variant: 'sentence',
    pick: (t, i) => hasText(t) && i % 3 === 0,
  },
  {
    label: REDESIGN,
    variant: 'insert~words~classes~swap~wrap~sentence',
    pick: (t, i) => hasText(t) && i % 4 === 3,
  },
]

/** Every fourth pinned element is deleted (pins inside a deleted element go with it). */
export const isDeleted = (i: number) => i % 4 === 1

/**
 * Revision 2 of a page for carrying comments (issue 17 item 2): the redesign of ANCHORING_EDITS (its
 * sentence added to the same pins) with every fourth pinned element deleted, as a new version of a site
 * often both reworks and drops content. Pins of deleted elements must "need a new spot".
 */
export const CARRY_LABEL = 'carried to revision 2 (redesign, some pinned elements deleted)'
