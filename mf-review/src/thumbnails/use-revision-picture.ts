/**
 * Takes the picture of the revision on screen when it has none yet (or an editor's live website picture
 * is old: `thumbnailCaptureDue`), once per revision and page load, and stores it
 * (PUT /canvas-revisions/{id}/thumbnail). Websites and e-mails are drawn by the bridge inside the frame;
 * designs and videos here, from their first file. A picture that cannot be taken is no error for the
 * reviewer: the card keeps its icon.
 */
import { BRIDGE_NS, isPictureResult, type PictureRequest } from '@pinpoint/anchoring/picture'
import { createApiClient, createEndpoints } from '@pinpoint/api'
import { THUMBNAIL_MAX_HEIGHT, THUMBNAIL_WIDTH, thumbnailCaptureDue } from '@pinpoint/domain'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useRef } from 'react'
import { useReview } from '../model'
import { imagePicture, videoPicture, withinLimit } from './draw'

const endpoints = createEndpoints(createApiClient())
/** Revisions pictured (or tried) in this page load: one attempt each. */
const attempted = new Set<string>()
const FRAME_TIMEOUT_MS = 30_000

async function store(revisionId: string, picture: Blob | null, queryClient: QueryClient): Promise<void> {
  const fitting = picture ? await withinLimit(picture) : null
  if (!fitting) return
  try {
    await endpoints.canvases.storeRevisionThumbnail(revisionId, fitting)
  } catch {
    // Someone else's picture won, or the canvas turned read-only meanwhile: the card keeps what it has.
    return
  }
  // The dashboard's canvas lists (the shell's shared ['canvases'] keys) show it when next seen.
  await queryClient.invalidateQueries({ queryKey: ['canvases'] })
}

/** The revision on screen, when its picture is due and the viewer may store one. */
function useDueRevision(): string | null {
  const { canvas, revisionId, revisions, abilities } = useReview()
  const revision = revisions.find((r) => r.id === revisionId)
  if (!revision || !abilities.signedIn || attempted.has(revision.id)) return null
  const due = thumbnailCaptureDue({
    canvasType: canvas.effectiveType ?? canvas.type,
    takenAt: revision.thumbnailAt ?? null,
    mayReplace: canvas.editable ?? false,
    now: new Date(),
  })
  return due ? revision.id : null
}

/** Websites and e-mails: asks the bridge in the frame once the page is shown. */
export function useFramePicture(
  frame: RefObject<HTMLIFrameElement | null>,
  targetOrigin: string,
  ready: boolean,
  /** The frame's page (its address and reload key): a new one is waited for before it is pictured. */
  pageKey: string,
): void {
  const revisionId = useDueRevision()
  const queryClient = useQueryClient()
  // In the render where the page changes (another revision's e-mail, another address), `ready` is still
  // the previous page's: wait until it has gone false and come back. Idempotent, so a render run twice
  // decides the same.
  const gate = useRef({ pageKey, waitForReload: false })
  if (gate.current.pageKey !== pageKey) gate.current = { pageKey, waitForReload: ready }
  else if (!ready) gate.current.waitForReload = false
  const shown = ready && !gate.current.waitForReload
  useEffect(() => {
    const target = frame.current?.contentWindow
    if (!shown || !revisionId || !target || attempted.has(revisionId)) return
    attempted.add(revisionId)
    const requestId = `picture-${revisionId}-${Date.now()}`
    const stop = () => {
      window.clearTimeout(timer)
      window.removeEventListener('message', listen)
    }
    const listen = (event: MessageEvent) => {
      if (event.source !== target || !isPictureResult(event.data) || event.data.requestId !== requestId)
        return
      stop()
      void store(revisionId, event.data.picture, queryClient).catch(() => {})
    }
    const timer = window.setTimeout(stop, FRAME_TIMEOUT_MS)
    window.addEventListener('message', listen)
    const request: PictureRequest = {
      ns: BRIDGE_NS,
      type: 'picture-request',
      requestId,
      width: THUMBNAIL_WIDTH,
      maxHeight: THUMBNAIL_MAX_HEIGHT,
    }
    target.postMessage(request, targetOrigin)
    // The answer is awaited past an unmount: leaving the page at once must not lose the picture.
  }, [frame, targetOrigin, shown, revisionId, queryClient])
}

/** Designs and videos: the revision's first file, drawn here. */
export function useFilePicture(): void {
  const revisionId = useDueRevision()
  const { assets, viewer } = useReview()
  const queryClient = useQueryClient()
  const first = assets[0]
  const url = first?.url ?? null
  useEffect(() => {
    if (!revisionId || !url || (viewer !== 'image' && viewer !== 'video')) return
    attempted.add(revisionId)
    const draw = viewer === 'video' ? videoPicture(url) : imagePicture(url)
    // A file the browser cannot draw leaves the card as it is.
    draw.then((picture) => store(revisionId, picture, queryClient)).catch(() => {})
  }, [revisionId, url, viewer, queryClient])
}
