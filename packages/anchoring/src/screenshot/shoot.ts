/**
 * The bridge's side of screenshots: picks what to draw for a pinned element and loads the capture script
 * (capture-entry.ts) the first time a picture is wanted. Failing quietly is the rule: no script, no
 * element, a library error all give null, and the comment stays as it is without a picture.
 */
import { BRIDGE_ATTRIBUTE } from '../text-index'
import type { CaptureFunction } from './capture-entry'
import { type Box, captureRegion, contains } from './region'

let loading: Promise<CaptureFunction> | null = null

function loadCapture(src: string): Promise<CaptureFunction> {
  loading ??= new Promise<CaptureFunction>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    // Marked as ours: the bridge's observer does not take it for a change of the page.
    script.setAttribute(BRIDGE_ATTRIBUTE, '')
    script.onload = () => {
      const loaded = (window as { __pinpointCapture?: CaptureFunction }).__pinpointCapture
      if (loaded) resolve(loaded)
      else reject(new Error('The capture script did not load.'))
    }
    script.onerror = () => reject(new Error('The capture script did not load.'))
    ;(document.head ?? document.documentElement).append(script)
  }).catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

function documentBox(element: Element): Box {
  const rect = element.getBoundingClientRect()
  return {
    x: rect.left + window.scrollX,
    y: rect.top + window.scrollY,
    width: rect.width,
    height: rect.height,
  }
}

function intersect(a: Box, b: Box): Box {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y),
  }
}

/** A picture of `element` and its surroundings with the pin at `point` (document coordinates), or null. */
export async function shootElement(element: Element, point: { x: number; y: number }, src: string) {
  if (!src) return null
  try {
    const root = document.documentElement
    const page = {
      width: Math.max(root.scrollWidth, root.clientWidth),
      height: Math.max(root.scrollHeight, root.clientHeight),
    }
    const region = captureRegion(documentBox(element), point, page)
    // The smallest ancestor holding the whole region: drawing less of the page is faster.
    let ancestor: Element = element
    while (ancestor !== document.body && ancestor.parentElement && !contains(documentBox(ancestor), region))
      ancestor = ancestor.parentElement
    if (ancestor === root) ancestor = document.body
    const rootBox = documentBox(ancestor)
    const cropped = intersect(region, rootBox)
    if (cropped.width < 1 || cropped.height < 1) return null
    const capture = await loadCapture(src)
    return await capture({ root: ancestor, rootBox, region: cropped, point })
  } catch {
    return null
  }
}
