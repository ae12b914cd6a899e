/** Texts and addresses of the shared project page, kept out of React so they are unit-tested. */

/** The feedback link of a canvas, path form (SPEC 2: /link/{subdomain}/). */
export function feedbackLinkPath(subdomain: string): string {
  return `/link/${encodeURIComponent(subdomain)}/`
}

const KIND_LABELS: Record<string, string> = {
  website: 'Website',
  design: 'Design',
  email: 'E-mail',
  video: 'Video',
  pdf: 'PDF',
  other: 'File',
}

/** What a canvas is, for a visitor: "Website", "PDF"; an unknown type reads as a plain "Canvas". */
export function canvasKindLabel(type: string | null | undefined): string {
  return (type && KIND_LABELS[type]) || 'Canvas'
}
