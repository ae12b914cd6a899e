/**
 * Stored e-mail HTML on the proxy origin: the signed file route of the storage module, with the bridge
 * script added so pins can be anchored to the e-mail's elements. The e-mail's own scripts were stripped
 * when it was uploaded; they are stripped again here, and the Content-Security-Policy lets exactly one
 * script run (the bridge, by its URL, and the screenshot script it loads when asked) inside a sandbox without same-origin rights, framed by the app only.
 */
import type { AppContext } from '../context'
import { serveFile } from '../platform/storage'
import { createUrlSigner } from '../platform/storage/signing'
import { BRIDGE_PATH, bridgeBundle, CAPTURE_PATH } from './bridge'
import { bridgeScriptTag } from './rewrite-html'

type EmailContext = Pick<AppContext, 'config' | 'storage' | 'now'>

export function emailPolicy(proxyOrigin: string, appOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src ${proxyOrigin}${BRIDGE_PATH} ${proxyOrigin}${CAPTURE_PATH}`,
    'img-src * data:',
    // The screenshot script reads the e-mail's images and fonts to draw them (decision 055); only our
    // two scripts run here, the e-mail's own are stripped.
    'connect-src * data:',
    "style-src * 'unsafe-inline'",
    'font-src * data:',
    `frame-ancestors ${appOrigin}`,
    'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
  ].join('; ')
}

export function createEmailFiles(context: EmailContext) {
  const signer = createUrlSigner(context.config.sessionSecret)
  const appOrigin = new URL(context.config.publicUrl).origin
  const proxyOrigin = new URL(context.config.proxyOrigin).origin
  const options = { storage: context.storage, signer, origin: 'proxy' as const, appOrigin, now: context.now }

  return async function serveEmailFile(request: Request, key: string): Promise<Response> {
    const response = await serveFile(request, key, options)
    const type = response.headers.get('content-type') ?? ''
    if (!type.startsWith('text/html') || response.status !== 200 || request.method === 'HEAD') return response
    const bridge = await bridgeBundle()
    const tag = bridgeScriptTag(
      { src: bridge.src, captureSrc: bridge.capture.src, appOrigin, mode: 'email' },
      request.url,
    )
    let injected = false
    const inject = (element: HTMLRewriterTypes.Element) => {
      if (injected) return
      injected = true
      // Links open in a new tab: the e-mail frame must not navigate away to a site that refuses framing.
      element.prepend(`<base target="_blank">${tag}`, { html: true })
    }
    const rewritten = new HTMLRewriter()
      .on('script, iframe, object, embed, base', {
        element(element) {
          element.remove()
        },
      })
      .on('head', { element: inject })
      .on('body', { element: inject })
      .onDocument({
        end(end) {
          if (!injected) end.append(tag, { html: true })
        },
      })
      .transform(response)
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    headers.set('content-security-policy', emailPolicy(proxyOrigin, appOrigin))
    return new Response(rewritten.body, { status: 200, headers })
  }
}
