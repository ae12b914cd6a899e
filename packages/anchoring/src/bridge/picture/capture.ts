/**
 * The bridge's picture taker (decision 056): on the review screen's request, draws the frame's visible
 * viewport from the top of the page with modern-screenshot (a maintained DOM-to-image library: it clones
 * the page with its computed styles into an SVG foreignObject and paints that on a canvas, inlining the
 * page's images and fonts). Running inside the proxied page, it reads the page as the page itself, which
 * no code on the app origin could. Our own pins and outlines are left out of the picture.
 */
import { createContext, destroyContext, domToBlob } from 'modern-screenshot'
import { BRIDGE_ATTRIBUTE } from '../../text-index'
import { BRIDGE_NS, isPictureRequest, type PictureResult, pictureScale } from './protocol'

/** After load, fonts, and a moment for what the page's scripts lay out after load. */
function settled(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
  return loaded
    .then(() => document.fonts?.ready)
    .then(() => new Promise<void>((resolve) => window.setTimeout(resolve, 300)))
}

function ours(node: Node): boolean {
  return (
    node instanceof Element &&
    (node.hasAttribute(BRIDGE_ATTRIBUTE) || node.hasAttribute('data-pinpoint-bridge'))
  )
}

async function takePicture(width: number, maxHeight: number): Promise<Blob | null> {
  await settled()
  const root = document.documentElement
  const viewport = { width: root.clientWidth || window.innerWidth, height: window.innerHeight }
  const scale = pictureScale(viewport.width, width)
  const height = Math.min(viewport.height, Math.floor(maxHeight / scale))
  const background = getComputedStyle(document.body ?? root).backgroundColor
  const context = await createContext(root, {
    width: viewport.width,
    height,
    scale,
    type: 'image/webp',
    quality: 0.8,
    // A transparent page shows the browser's white: so does its picture.
    backgroundColor: background === 'rgba(0, 0, 0, 0)' ? '#ffffff' : background,
    filter: (node) => !ours(node),
    timeout: 8000,
  })
  if (window.origin === 'null') {
    // A sandboxed e-mail has an opaque origin: the helper frame the library reads default styles from
    // would be another opaque origin it may not read. Without it, every computed style is copied (an
    // e-mail is small enough for that).
    context.sandbox = { contentWindow: null, remove() {} } as unknown as HTMLIFrameElement
  }
  try {
    return await domToBlob(context)
  } finally {
    destroyContext(context)
  }
}

/** Answers the review screen's picture requests (only from the parent frame, on the app origin). */
export function listenForPictureRequests(appOrigin: string): void {
  let busy: Promise<unknown> = Promise.resolve()
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== appOrigin || !isPictureRequest(event.data)) return
    const { requestId, width, maxHeight } = event.data
    const reply = (result: Omit<PictureResult, 'ns' | 'type' | 'requestId'>) =>
      window.parent.postMessage({ ns: BRIDGE_NS, type: 'picture', requestId, ...result }, appOrigin)
    // One picture at a time: each one clones the whole page.
    busy = busy.then(() =>
      takePicture(width, maxHeight).then(
        (picture) => reply({ picture }),
        (error: unknown) => reply({ picture: null, error: String(error) }),
      ),
    )
  })
}
