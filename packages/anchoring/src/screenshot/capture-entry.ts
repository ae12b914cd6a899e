/**
 * The capture script: a separate bundle the bridge loads into the reviewed page only when a screenshot is
 * wanted (modern-screenshot is some 40 KB; most page views never take a picture). It draws an element of
 * the page with modern-screenshot, a maintained DOM-to-image library (SVG foreignObject, images and fonts
 * inlined; decision 055), crops the region and marks the pin's point. In the proxied page the library
 * runs on the page's own origin, so its images and fonts (rewritten into the proxy) are same-origin.
 */
import { domToCanvas } from 'modern-screenshot'
import { BRIDGE_ATTRIBUTE } from '../text-index'
import type { Box } from './region'

export interface CaptureInput {
  root: Element
  /** The root's box and the region, in document coordinates. */
  rootBox: Box
  region: Box
  point: { x: number; y: number }
}

export type CaptureFunction = (input: CaptureInput) => Promise<Blob | null>

/** Pixels drawn at most for the root: past this the picture is taken at 1x (memory of long pages). */
const MAX_ROOT_PIXELS = 16_000_000
const PIN_COLOUR = '#f59e0b'
/** A blank pixel for images the library cannot fetch (cross-origin without CORS): the picture still comes. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=='

const capture: CaptureFunction = async ({ root, rootBox, region, point }) => {
  const ratio = Math.min(window.devicePixelRatio || 1, 2)
  const scale = rootBox.width * rootBox.height * ratio * ratio > MAX_ROOT_PIXELS ? 1 : ratio
  const background = getComputedStyle(document.body).backgroundColor
  const full = await domToCanvas(root, {
    scale,
    backgroundColor: background && background !== 'rgba(0, 0, 0, 0)' ? background : '#ffffff',
    // Our own pins and outlines are not part of the page; the marker is drawn below instead.
    filter: (node) => !(node instanceof Element && node.hasAttribute(BRIDGE_ATTRIBUTE)),
    timeout: 10_000,
    fetch: { placeholderImage: BLANK },
  })
  const out = document.createElement('canvas')
  out.width = Math.max(1, Math.round(region.width * scale))
  out.height = Math.max(1, Math.round(region.height * scale))
  const context = out.getContext('2d')
  if (!context) return null
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, out.width, out.height)
  context.drawImage(
    full,
    (region.x - rootBox.x) * scale,
    (region.y - rootBox.y) * scale,
    region.width * scale,
    region.height * scale,
    0,
    0,
    out.width,
    out.height,
  )
  context.beginPath()
  context.arc((point.x - region.x) * scale, (point.y - region.y) * scale, 9 * scale, 0, Math.PI * 2)
  context.fillStyle = PIN_COLOUR
  context.fill()
  context.lineWidth = 3 * scale
  context.strokeStyle = '#ffffff'
  context.stroke()
  // WebP where the browser encodes it (a PNG of a photo-heavy region is several times larger).
  return new Promise((resolve) => out.toBlob(resolve, 'image/webp', 0.85))
}

Object.assign(window, { __pinpointCapture: capture })
