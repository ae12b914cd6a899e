/**
 * Who may frame what the proxy serves (issue 21 item 15): the app (the review screen) and the proxy origin
 * itself (a proxied page framing another proxied page: its own other page, a map, a player), nobody else;
 * on every response, whatever its type, and on failures too.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  BROWSER_REQUEST,
  type ProxyHarness,
  startProxy,
  TEST_APP_ORIGIN,
  TEST_PROXY_ORIGIN,
} from './test-harness'

const FRAMING = `frame-ancestors ${TEST_APP_ORIGIN} ${TEST_PROXY_ORIGIN}`
let proxy: ProxyHarness
let site: ReturnType<typeof Bun.serve>
let siteOrigin: string

beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const { pathname } = new URL(request.url)
      const frameOptions = { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" }
      if (pathname === '/') {
        return new Response('<html><body><iframe src="/map"></iframe></body></html>', {
          headers: { 'content-type': 'text/html', ...frameOptions },
        })
      }
      if (pathname === '/image.svg')
        return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: { 'content-type': 'image/svg+xml', ...frameOptions },
        })
      if (pathname === '/doc.pdf')
        return new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } })
      if (pathname === '/site.css') return new Response('a{}', { headers: { 'content-type': 'text/css' } })
      return new Response('gone', { status: 404, headers: { 'content-type': 'text/plain' } })
    },
  })
  siteOrigin = `http://127.0.0.1:${site.port}`
  proxy = startProxy()
})

afterAll(async () => {
  await proxy.stop()
  site.stop(true)
})

test('every proxied response may be framed by the app and the proxy origin, and only by them', async () => {
  const requests: [string, Record<string, string>][] = [
    [`${siteOrigin}/`, BROWSER_REQUEST.iframe],
    [`${siteOrigin}/image.svg`, BROWSER_REQUEST.iframe],
    [`${siteOrigin}/doc.pdf`, BROWSER_REQUEST.iframe],
    [`${siteOrigin}/site.css`, BROWSER_REQUEST.style],
    [`${siteOrigin}/missing`, BROWSER_REQUEST.iframe],
    ['http://10.0.0.1/', BROWSER_REQUEST.iframe],
    ['http://10.0.0.1/site.css', BROWSER_REQUEST.style],
  ]
  for (const [target, headers] of requests) {
    const response = await fetch(proxy.proxied(target), { headers })
    expect({ target, policy: response.headers.get('content-security-policy') }).toEqual({
      target,
      policy: FRAMING,
    })
    expect(response.headers.get('x-frame-options')).toBeNull()
    await response.arrayBuffer()
  }
})
