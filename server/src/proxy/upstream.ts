/**
 * The request to the reviewed site and the headers that may cross the proxy in each direction.
 *
 * Toward the site: only content negotiation, caching and range headers. Never a Cookie or Authorization
 * header (every proxied site shares the proxy origin, so one site's cookies must not reach another, and the
 * app's cookies never reach the proxy origin at all), never the proxy's own addresses.
 * Toward the browser: no Set-Cookie (same reason), no framing or content policies of the site (the proxy
 * sets its own), no transport headers that no longer describe the (decoded, rewritten) body.
 */
import { type ProxyUrls, rewriteLinkHeader, rewriteRefresh } from './urls'

const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'cache-control',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'pragma',
  'range',
  'user-agent',
]

const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'set-cookie2',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'strict-transport-security',
  'public-key-pins',
  'alt-svc',
  'report-to',
  'reporting-endpoints',
  'nel',
  'clear-site-data',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'permissions-policy',
  'origin-agent-cluster',
  'service-worker-allowed',
  // The browser's Authorization header is never sent on, so a login prompt could only loop.
  'www-authenticate',
  'proxy-authenticate',
  // fetch() hands over the decoded body, so the encoding and length no longer describe it.
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
])

export interface UpstreamInput {
  request: Request
  target: URL
  /** Resolved address to connect to for plain http (pins the address that passed the SSRF check). */
  address: string | null
  urls: ProxyUrls
  /** How long the site may take to send its response headers. */
  timeoutMs: number
}

function isIpv6(address: string) {
  return address.includes(':')
}

/** The page that made the request, as the site knows it (its own URL), when it came through the proxy. */
function upstreamReferer(request: Request, urls: ProxyUrls): string | null {
  const referer = request.headers.get('referer')
  if (!referer) return null
  try {
    const url = new URL(referer)
    return urls.fromProxy(url.pathname, url.search)?.toString() ?? null
  } catch {
    return null
  }
}

export async function fetchUpstream({ request, target, address, urls, timeoutMs }: UpstreamInput) {
  const headers = new Headers()
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  const referer = upstreamReferer(request, urls)
  if (referer) headers.set('referer', referer)
  // Plain http goes to the checked address (a second DNS answer cannot swap in a private one: DNS
  // rebinding); https keeps the name, whose certificate check refuses an address that is not the site.
  let url = target.toString()
  if (target.protocol === 'http:' && address) {
    const pinned = new URL(target)
    pinned.hostname = isIpv6(address) ? `[${address}]` : address
    url = pinned.toString()
    headers.set('host', target.host)
  }
  const method = request.method === 'HEAD' ? 'HEAD' : request.method === 'POST' ? 'POST' : 'GET'
  // The timeout is for the site to start answering once it has the whole request. It must not cut the
  // response body short: a large image or video streams for as long as the browser keeps reading it
  // (AbortSignal.timeout would abort it too); nor an upload the browser is still sending.
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let done = false
  const startTimer = () => {
    if (done) return
    timer = setTimeout(
      () => controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError')),
      timeoutMs,
    )
  }
  // A form post is streamed to the site as it arrives, never collected in memory first.
  let body: ReadableStream<Uint8Array> | undefined
  if (method === 'POST' && request.body) {
    const length = request.headers.get('content-length')
    if (length) headers.set('content-length', length)
    body = request.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: startTimer }))
  } else {
    startTimer()
  }
  try {
    return await fetch(url, {
      method,
      headers,
      body,
      duplex: 'half',
      redirect: 'manual',
      signal: controller.signal,
    } as RequestInit)
  } finally {
    done = true
    clearTimeout(timer)
  }
}

/** The site's response headers that may reach the browser, with redirects kept inside the proxy. */
export function responseHeaders(upstream: Response, target: URL, urls: ProxyUrls): Headers {
  const headers = new Headers()
  for (const [name, value] of upstream.headers) {
    if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) headers.append(name, value)
  }
  const location = upstream.headers.get('location')
  if (location) {
    try {
      headers.set('location', urls.toProxy(new URL(location, target)))
    } catch {
      headers.delete('location')
    }
  }
  // Other headers that send the browser to a URL: keep it inside the proxy.
  const refresh = upstream.headers.get('refresh')
  if (refresh) {
    const rewritten = rewriteRefresh(refresh, target, urls)
    if (rewritten) headers.set('refresh', rewritten)
  }
  const link = upstream.headers.get('link')
  if (link) headers.set('link', rewriteLinkHeader(link, target, urls))
  return headers
}
