/**
 * The proxy origin: a second listener (PROXY_PORT, PROXY_ORIGIN), a different site from the app, that
 * serves reviewed websites and stored e-mails with the bridge script injected. Routes:
 *
 * - `/p/<sig>/<scheme>/<host>/<path>`: a proxied page or asset (see urls.ts, site.ts);
 * - `/api/v1/files/<key>`: signed stored files; e-mail HTML gets the bridge (email.ts);
 * - `/__pinpoint/bridge.js`: the bridge script; `/__pinpoint/capture.js`: its screenshot script;
 * - anything else requested by a proxied page (a script's `fetch('/api/x')`) is sent back into the proxy,
 *   using the page's Referer to know which site it meant.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { FILES_PATH } from '../platform/storage'
import { BRIDGE_PATH, bridgeBundle, CAPTURE_PATH, serveBridge, serveCapture } from './bridge'
import { createEmailFiles } from './email'
import { createSiteProxy } from './site'
import { createProxyUrls, PROXY_PREFIX } from './urls'

export { createProxyUrls } from './urls'

type ProxyContext = Pick<AppContext, 'config' | 'storage' | 'now' | 'logger'>

export interface ProxyAppOptions {
  /** How long a site may take to send its headers (site.ts UPSTREAM_TIMEOUT_MS by default). */
  upstreamTimeoutMs?: number
  /** Host name resolution (the system resolver by default; tests give fixed DNS answers). */
  resolve?: (hostname: string) => Promise<string[]>
}

export function createProxyApp(context: ProxyContext, options: ProxyAppOptions = {}) {
  const urls = createProxyUrls(context.config.sessionSecret)
  const site = createSiteProxy({ context, urls, ...options })
  const emailFiles = createEmailFiles(context)
  // Start building the bridge now, so the first proxied page does not wait for it.
  bridgeBundle().catch((error: unknown) =>
    context.logger.error('bridge build failed', { error: String(error) }),
  )

  const misdirected = (request: Request) => {
    const referer = request.headers.get('referer')
    if (!referer) return null
    try {
      const from = new URL(referer)
      const page = urls.fromProxy(from.pathname, from.search)
      if (!page) return null
      const { pathname, search } = new URL(request.url)
      return Response.redirect(
        new URL(urls.toProxy(new URL(pathname + search, page.origin)), request.url),
        307,
      )
    } catch {
      return null
    }
  }
  const notFound = () =>
    new Response(JSON.stringify({ message: 'Not found.', error: 'NotFound', status: 404, meta: {} }), {
      status: 404,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })

  return new Elysia({ name: 'proxy-origin' })
    .get(BRIDGE_PATH, ({ request }) => serveBridge(request))
    .get(CAPTURE_PATH, ({ request }) => serveCapture(request))
    .get(`${FILES_PATH}/*`, ({ request, params }) => emailFiles(request, params['*']), { parse: 'none' })
    .head(`${FILES_PATH}/*`, ({ request, params }) => emailFiles(request, params['*']), { parse: 'none' })
    .all(`${PROXY_PREFIX}*`, ({ request }) => site(request), { parse: 'none' })
    .all('/*', ({ request }) => misdirected(request) ?? notFound(), { parse: 'none' })
}
