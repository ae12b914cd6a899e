/**
 * Pictures of pinned spots (decision 055), the review screen's side. The frame viewer of a website or an
 * e-mail registers itself as the "camera" while it shows a page; a pin placed there starts a picture at
 * once (the page is exactly as the reviewer saw it, and the picture is usually ready before the text is
 * written). The comment is posted without waiting; the picture is sent after it and arrives for everyone
 * through the comment's update event. Every failure is quiet: the comment simply has no picture.
 */
import { ApiError, toApiError } from '@pinpoint/api'
import type { Annotation } from '../data/types'

export interface Camera {
  /** The annotation `path` of the page shown (null for an e-mail). */
  path: string | null
  /** A picture where the first resolving anchor points, or null. */
  capture(anchors: unknown[]): Promise<Blob | null>
}

let camera: Camera | null = null
let draftShot: { anchor: unknown; shot: Promise<Blob | null> } | null = null

export function setCamera(next: Camera | null): void {
  camera = next
}

/**
 * Starts the picture of a pin just placed (any earlier unposted one is dropped). A copy change's anchor
 * holds the text before the edit while the page shows the edited text: `edited` (the anchor with the new
 * text) is looked for first, as the pins do, or the element would not be found and no picture taken.
 */
export function shootDraft(anchor: unknown, edited: unknown = null): void {
  draftShot = camera && anchor ? { anchor, shot: camera.capture([edited, anchor].filter(Boolean)) } : null
}

/** The picture started for this draft's anchor, handed over once (the comment is being posted). */
export function takeDraftShot(anchor: unknown): Promise<Blob | null> | null {
  if (!draftShot || draftShot.anchor !== anchor) return null
  const { shot } = draftShot
  draftShot = null
  return shot
}

/** A picture of a copy change just resolved, when its page is the one shown: the new copy, found first. */
export function shootAfterResolve(
  annotation: Annotation,
  withText: (anchor: unknown, text: string) => unknown,
) {
  const anchor = annotation.metadata?.anchor
  if (!camera || !anchor || annotation.textContentBefore === null) return null
  if (camera.path !== null && annotation.path !== null && camera.path !== annotation.path) return null
  const anchors = annotation.textContentAfter
    ? [withText(anchor, annotation.textContentAfter), anchor]
    : [anchor]
  return camera.capture(anchors.filter(Boolean))
}

/** PUT /annotations/{id}/screenshot or after-screenshot; the updated annotation, or null on any failure. */
export async function sendShot(
  annotationId: string,
  kind: 'screenshot' | 'after-screenshot',
  shot: Promise<Blob | null>,
): Promise<Annotation | null> {
  try {
    const image = await shot
    if (!image || image.size === 0) return null
    const form = new FormData()
    form.append('file', image, image.type === 'image/png' ? 'screenshot.png' : 'screenshot.webp')
    const response = await fetch(`/api/v1/annotations/${encodeURIComponent(annotationId)}/${kind}`, {
      method: 'PUT',
      credentials: 'include',
      body: form,
    })
    const body = (await response.json().catch(() => null)) as { annotation?: Annotation } | null
    if (!response.ok || !body?.annotation) throw toApiError(response.status, response.statusText, body)
    return body.annotation
  } catch (error) {
    // Quiet by design: the comment is saved; only the picture is missing.
    if (!(error instanceof ApiError)) console.warn('screenshot not sent', error)
    return null
  }
}
