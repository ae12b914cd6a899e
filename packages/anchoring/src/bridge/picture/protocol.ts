/**
 * Revision pictures (decision 056): the review screen asks the bridge inside a proxied page or e-mail for a
 * picture of what the frame shows, and gets a scaled-down image back. Same envelope (`ns`) and the same
 * sender checks as the rest of the bridge protocol (../../protocol.ts), kept apart so the pin protocol
 * stays as it is.
 */
import { BRIDGE_NS } from '../../protocol'

export interface PictureRequest {
  ns: typeof BRIDGE_NS
  type: 'picture-request'
  requestId: string
  /** Width (px) of the picture; the frame's viewport is scaled to it. */
  width: number
  /** The picture is cut at this height (px). */
  maxHeight: number
}

export interface PictureResult {
  ns: typeof BRIDGE_NS
  type: 'picture'
  requestId: string
  /** The picture (WebP where the browser encodes it, else PNG), or null when it could not be taken. */
  picture: Blob | null
  error?: string
}

function isEnvelope(data: unknown): data is { ns: string; type: unknown; requestId: unknown } {
  return typeof data === 'object' && data !== null && (data as { ns?: unknown }).ns === BRIDGE_NS
}

export function isPictureRequest(data: unknown): data is PictureRequest {
  return (
    isEnvelope(data) &&
    data.type === 'picture-request' &&
    typeof data.requestId === 'string' &&
    typeof (data as { width?: unknown }).width === 'number' &&
    typeof (data as { maxHeight?: unknown }).maxHeight === 'number'
  )
}

export function isPictureResult(data: unknown): data is PictureResult {
  return isEnvelope(data) && data.type === 'picture' && typeof data.requestId === 'string'
}

/** The scale from the frame's viewport to the picture, never more than `width` pixels wide once rounded. */
export function pictureScale(viewportWidth: number, width: number): number {
  if (!(viewportWidth > 0)) return 1
  return Math.floor((width / viewportWidth) * 1000) / 1000
}

export { BRIDGE_NS }
