/**
 * Response headers that point the browser somewhere (Refresh, Link preloads) are kept inside the proxy,
 * and a site's login prompt is not passed on (the browser's credentials never reach the site).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { BROWSER_REQUEST, type ProxyHarness, startProxy } from './test-harness'

let proxy: ProxyHarness
let site: ReturnType<typeof Bun.serve>
let siteOrigin: string

beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/private') {
        return new Response('Sign in', {
          status: 401,
          headers: { 'www-authenticate': 'Basic realm="staging"', 'content-type': 'text/plain' },
        })
      }
      return new Response('<html><body>moving</body></html>', {
        headers: {
          'content-type': 'text/html',
          refresh: '3; url=/next?x=1',
          link: '</css/a.css>; rel=preload; as=style, <https://cdn.example/f.woff2>; rel=preload; as=font; crossorigin, <data:,x>; rel=preload',
        },
      })
    },
  })
  siteOrigin = `http://127.0.0.1:${site.port}`
  proxy = startProxy()
})

afterAll(async () => {
  await proxy.stop()
  site.stop(true)
})

test('Refresh and Link headers point into the proxy', async () => {
  const response = await fetch(proxy.proxied(`${siteOrigin}/`), { headers: BROWSER_REQUEST.document })
  const prefix = proxy.urls.toProxy(new URL(siteOrigin)).replace(/\/$/, '')
  expect(response.headers.get('refresh')).toBe(`3; url=${prefix}/next?x=1`)
  expect(response.headers.get('link')).toBe(
    `<${prefix}/css/a.css>; rel=preload; as=style, <${proxy.urls.toProxy(new URL('https://cdn.example/f.woff2'))}>; rel=preload; as=font; crossorigin, <data:,x>; rel=preload`,
  )
  await response.text()
})

test("a site's login prompt is not passed on", async () => {
  const response = await fetch(proxy.proxied(`${siteOrigin}/private`), { headers: BROWSER_REQUEST.document })
  expect(response.status).toBe(401)
  expect(response.headers.get('www-authenticate')).toBeNull()
  expect(await response.text()).toBe('Sign in')
})
