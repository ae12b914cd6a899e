/**
 * One proxied request: check the signature and the target (SSRF), fetch it without the browser's cookies,
 * and answer with pages and style sheets rewritten as streams (no body is ever read whole into memory)
 * and everything else passed through.
 * Failures answer a small page that carries the bridge too, so the review screen can say what went wrong
 * instead of showing an empty frame.
 */
import type { AppContext } from '../context'
import { checkTarget, type TargetCheckOptions, TargetRefused } from '../platform/security/ssrf'
import { bridgeBundle } from './bridge'
import { rewriteCssStream, utf8ContentType } from './rewrite-css'
import { bridgeScriptTag, createHtmlRewriter } from './rewrite-html'
import { rewriteWithTagGuard } from './tag-guard'
import { fetchUpstream, responseHeaders } from './upstream'
import type { ProxyUrls } from './urls'

/** How long the site may take to start answering (its headers); the body then streams for as long as it takes. */
export const UPSTREAM_TIMEOUT_MS = 30_000
const NO_BODY_STATUSES = new Set([101, 204, 205, 304])

/** Fetch destinations the browser shows as a page: they get the failure page, everything else an empty body. */
const DOCUMENT_DESTINATIONS = new Set(['document', 'iframe', 'frame', 'fencedframe'])

/**
 * Whether the browser will show this response as a page (a navigation or a frame) rather than use it as a
 * style sheet, script, image, font or fetch() answer. Sec-Fetch-Dest says so in current browsers; without
 * it, a request that accepts HTML is taken for a page.
 */
export function wantsDocument(request: Request): boolean {
  const destination = request.headers.get('sec-fetch-dest')
  if (destination) return DOCUMENT_DESTINATIONS.has(destination.toLowerCase())
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html')
}

interface SiteProxyInput {
  context: Pick<AppContext, 'config' | 'logger'>
  urls: ProxyUrls
  /** Defaults to UPSTREAM_TIMEOUT_MS; tests shorten it. */
  upstreamTimeoutMs?: number
  /** Resolves host names (the system resolver by default; tests give fixed answers). */
  resolve?: TargetCheckOptions['resolve']
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function createSiteProxy({
  context,
  urls,
  upstreamTimeoutMs = UPSTREAM_TIMEOUT_MS,
  resolve,
}: SiteProxyInput) {
  const appOrigin = new URL(context.config.publicUrl).origin
  const allowHosts = context.config.proxyAllowHosts
  // The review screen (app origin) frames proxied pages; a proxied page frames other proxied pages (its
  // own other pages, a map, a player, all rewritten into the proxy): their ancestors are then the proxy
  // origin and the app. Nothing else may frame them. The app's own pages never allow the proxy origin
  // (pages/index.ts), so a reviewed site cannot frame the app.
  const framing = `frame-ancestors ${appOrigin} ${new URL(context.config.proxyOrigin).origin}`

  /**
   * A refused or failed request. A page gets a small page that carries the bridge with the message, so the
   * review screen shows why instead of an empty frame; a subresource gets the status alone, with an empty
   * body (an HTML page in place of a style sheet or image would only confuse the page and its console),
   * and the reason in a header for the network panel.
   */
  async function failure(
    request: Request,
    status: number,
    message: string,
    target: string | null,
  ): Promise<Response> {
    if (!wantsDocument(request)) {
      return new Response(null, {
        status,
        headers: {
          'cache-control': 'no-store',
          'content-security-policy': framing,
          'x-pinpoint-proxy-error': message.replace(/[^\x20-\x7e]/g, '?'),
        },
      })
    }
    const bridge = await bridgeBundle()
    const tag = bridgeScriptTag(
      { src: bridge.src, captureSrc: bridge.capture.src, appOrigin, mode: 'site' },
      target ?? '',
    ).replace('<script ', `<script data-error="${escapeHtml(message)}" data-status="${status}" `)
    const body = `<!doctype html><html><head><meta charset="utf-8"><title>Page unavailable</title>${tag}</head><body style="font:15px/1.5 system-ui,sans-serif;color:#334155;display:grid;place-items:center;min-height:90vh;margin:0"><main style="max-width:28rem;padding:1.5rem;text-align:center"><h1 style="font-size:1.1rem;color:#0f172a">This page could not be loaded</h1><p>${escapeHtml(message)}</p></main></body></html>`
    return new Response(body, {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': framing,
      },
    })
  }

  return async function proxySite(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD, POST' } })
    }
    // A proxied site's service worker would outlive the review and intercept other proxied pages.
    if (request.headers.get('service-worker') === 'script') {
      return failure(request, 403, 'Service workers are not available on reviewed pages.', null)
    }
    const url = new URL(request.url)
    const target = urls.fromProxy(url.pathname, url.search)
    if (!target) return failure(request, 403, 'This address is not a valid review link.', null)
    let address: string | null
    try {
      address = (await checkTarget(target, { allowHosts, resolve })).address
    } catch (error) {
      if (error instanceof TargetRefused)
        return failure(request, error.status, error.message, target.toString())
      throw error
    }
    let upstream: Response
    try {
      upstream = await fetchUpstream({ request, target, address, urls, timeoutMs: upstreamTimeoutMs })
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      context.logger.info('proxy upstream failed', { host: target.host, error: String(error) })
      return failure(
        request,
        timedOut ? 504 : 502,
        timedOut ? `${target.host} took too long to answer.` : `${target.host} could not be reached.`,
        target.toString(),
      )
    }
    const headers = responseHeaders(upstream, target, urls)
    // Every proxied response, not only pages: a frame may show an image, a PDF or an SVG document too.
    headers.set('content-security-policy', framing)
    const status = upstream.status
    const body = NO_BODY_STATUSES.has(status) || request.method === 'HEAD' ? null : upstream.body
    const type = (upstream.headers.get('content-type') ?? '').toLowerCase()
    if (body && (type.startsWith('text/html') || type.startsWith('application/xhtml+xml'))) {
      headers.set('referrer-policy', 'same-origin')
      // The rewritten page depends on the bridge version too: the site's validators no longer describe it.
      headers.set('cache-control', 'no-cache')
      headers.delete('etag')
      headers.delete('last-modified')
      const bridge = await bridgeBundle()
      const rewriter = createHtmlRewriter({
        target,
        urls,
        bridge: { src: bridge.src, captureSrc: bridge.capture.src, appOrigin, mode: 'site' },
      })
      const rewritten = rewriteWithTagGuard(
        body,
        (input) => rewriter.transform(new Response(input)).body as ReadableStream<Uint8Array>,
      )
      return new Response(rewritten, { status, headers })
    }
    if (body && type.startsWith('text/css')) {
      headers.delete('etag')
      const contentType = upstream.headers.get('content-type') ?? 'text/css'
      headers.set('content-type', utf8ContentType(contentType))
      return new Response(rewriteCssStream(body, contentType, target, urls), { status, headers })
    }
    return new Response(body, { status, headers })
  }
}
