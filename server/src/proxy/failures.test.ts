/**
 * What the proxy answers when it refuses a target or cannot reach it: pages (navigations, frames) get the
 * "Page unavailable" page the review screen reads; style sheets, scripts, images and fonts get the status
 * a site would give (403 refused, 502 unreachable, 504 timed out) with an empty body.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BROWSER_REQUEST, type ProxyHarness, startProxy } from './test-harness'

const TIMEOUT_MS = 300
let proxy: ProxyHarness
let site: ReturnType<typeof Bun.serve>
let siteOrigin: string
let closedOrigin: string

beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 30,
    fetch(request) {
      const { pathname } = new URL(request.url)
      // Never answers: the proxy gives up after its timeout.
      if (pathname.startsWith('/hang')) return new Promise<Response>(() => {})
      if (pathname === '/slow-body') {
        // Headers at once, then the body over three times the proxy's timeout.
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (let part = 0; part < 6; part += 1) {
              controller.enqueue(new TextEncoder().encode(`part ${part};`))
              await Bun.sleep(TIMEOUT_MS / 2)
            }
            controller.close()
          },
        })
        return new Response(stream, { headers: { 'content-type': 'application/octet-stream' } })
      }
      return new Response('body { color: red }', { headers: { 'content-type': 'text/css' } })
    },
  })
  siteOrigin = `http://127.0.0.1:${site.port}`
  // A port nothing listens on: a server that was stopped leaves it closed.
  const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
  closedOrigin = `http://127.0.0.1:${closed.port}`
  closed.stop(true)
  proxy = startProxy({ allowHosts: ['127.0.0.1'], upstreamTimeoutMs: TIMEOUT_MS })
})

afterAll(async () => {
  await proxy.stop()
  site.stop(true)
})

const SUBRESOURCES = ['style', 'script', 'image', 'font'] as const

describe('a subresource the proxy refuses or cannot reach', () => {
  const cases = () => [
    { why: 'refused (private address)', url: proxy.proxied('http://10.0.0.1/site.css'), status: 403 },
    {
      why: 'refused (bad signature)',
      url: `${proxy.origin}/p/AAAAAAAAAAAAAAAA/http/${new URL(siteOrigin).host}/site.css`,
      status: 403,
    },
    { why: 'unreachable', url: proxy.proxied(`${closedOrigin}/site.css`), status: 502 },
    { why: 'timed out', url: proxy.proxied(`${siteOrigin}/hang/site.css`), status: 504 },
  ]

  for (const destination of SUBRESOURCES) {
    test(`${destination}: the site-like status and an empty body, never the HTML page`, async () => {
      for (const { why, url, status } of cases()) {
        const response = await fetch(url, { headers: BROWSER_REQUEST[destination] })
        expect({ why, status: response.status }).toEqual({ why, status })
        expect(response.headers.get('content-type') ?? '').not.toContain('text/html')
        expect(response.headers.get('x-pinpoint-proxy-error')).toBeTruthy()
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect({ why, body: await response.text() }).toEqual({ why, body: '' })
      }
    })
  }

  test('a fetch() from a page script (Sec-Fetch-Dest: empty) gets an empty body too', async () => {
    const response = await fetch(proxy.proxied(`${closedOrigin}/api/data`), {
      headers: { 'sec-fetch-dest': 'empty', accept: 'application/json' },
    })
    expect(response.status).toBe(502)
    expect(await response.text()).toBe('')
  })
})

describe('a page the proxy refuses or cannot reach', () => {
  const pageCases = () => [
    { url: proxy.proxied('http://10.0.0.1/'), status: 403, message: 'private or local' },
    { url: proxy.proxied(`${closedOrigin}/`), status: 502, message: 'could not be reached' },
    { url: proxy.proxied(`${siteOrigin}/hang/`), status: 504, message: 'took too long' },
  ]
  const requests: [string, Record<string, string>][] = [
    ['navigation', BROWSER_REQUEST.document],
    ['frame', BROWSER_REQUEST.iframe],
    ['no Sec-Fetch-Dest, accepts HTML', { accept: 'text/html' }],
  ]
  for (const [kind, headers] of requests) {
    test(`${kind}: the "Page unavailable" page with the status and the reason`, async () => {
      for (const { url, status, message } of pageCases()) {
        const response = await fetch(url, { headers })
        expect(response.status).toBe(status)
        expect(response.headers.get('content-type')).toContain('text/html')
        const html = await response.text()
        expect(html).toContain('Page unavailable')
        expect(html).toContain(`data-status="${status}"`)
        expect(html).toContain(message)
      }
    })
  }
})

describe('the upstream timeout', () => {
  test('covers waiting for the headers only: a body that takes longer still arrives whole', async () => {
    const response = await fetch(proxy.proxied(`${siteOrigin}/slow-body`), {
      headers: BROWSER_REQUEST.image,
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('part 0;part 1;part 2;part 3;part 4;part 5;')
  })
})
