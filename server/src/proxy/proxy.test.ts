/**
 * The proxy origin over real HTTP: a target site on 127.0.0.1 (allow-listed), the proxy listening on its
 * own port, requests made the way a browser would make them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../config'
import { silentLogger } from '../platform/logger'
import { createStorage } from '../platform/storage'
import { createProxyApp, createProxyUrls } from './index'

const SECRET = 'proxy-test-secret-long-enough-to-sign-things'
const PAGE = `<!doctype html><html><head><title>Site</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'">
<link rel="stylesheet" href="/css/site.css" integrity="sha384-x">
<style>body { background: url(/img/bg.png) } .a > .b { color: red }</style></head>
<body><a href="/about">About</a> <a href="https://other.example/x">Other</a> <a href="#top">Top</a>
<img src="img/logo.png" srcset="/img/a.png 1x, /img/b.png 2x"> <form action="/search"></form>
<div style="background-image:url('/img/c.png')">x</div><a href="mailto:a@b.c">mail</a></body></html>`

let dataDir: string
let site: ReturnType<typeof Bun.serve>
let proxy: ReturnType<ReturnType<typeof createProxyApp>['listen']>
let siteOrigin: string
let proxyOrigin: string
let storage: ReturnType<typeof createStorage>
const seenCookies: (string | null)[] = []
const urls = createProxyUrls(SECRET)

function proxied(path: string) {
  return `${proxyOrigin}${urls.toProxy(new URL(path, siteOrigin))}`
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pinpoint-proxy-'))
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const { pathname } = new URL(request.url)
      seenCookies.push(request.headers.get('cookie'))
      if (pathname === '/') {
        return new Response(PAGE, {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'set-cookie': 'session=site-secret; Path=/',
            'x-frame-options': 'DENY',
            'content-security-policy': "frame-ancestors 'none'",
          },
        })
      }
      if (pathname === '/css/site.css') {
        return new Response(
          '@import "/css/base.css"; .x { background: url("../img/x.png") } .y { background: url(/img/y.png) }',
          {
            headers: { 'content-type': 'text/css' },
          },
        )
      }
      if (pathname === '/moved') return new Response(null, { status: 302, headers: { location: '/' } })
      if (pathname === '/slow') {
        // Two chunks 400 ms apart: a streaming proxy forwards the first before the second exists.
        const stream = new ReadableStream({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('<html><head></head><body><p>first</p>'))
            await Bun.sleep(400)
            controller.enqueue(new TextEncoder().encode('<p>second</p></body></html>'))
            controller.close()
          },
        })
        return new Response(stream, { headers: { 'content-type': 'text/html' } })
      }
      if (pathname === '/api/data') return Response.json({ ok: true })
      return new Response('not here', { status: 404 })
    },
  })
  siteOrigin = `http://127.0.0.1:${site.port}`
  const config = loadConfig({
    SESSION_SECRET: SECRET,
    DATA_DIR: dataDir,
    PORT: '0',
    PROXY_PORT: '0',
    PUBLIC_URL: 'http://localhost:4999',
    PROXY_ORIGIN: 'http://127.0.0.1:4998',
    PROXY_ALLOW_HOSTS: '127.0.0.1',
  })
  storage = createStorage(config)
  proxy = createProxyApp({ config, storage, now: () => new Date(), logger: silentLogger }).listen({
    port: 0,
    hostname: '127.0.0.1',
  })
  proxyOrigin = `http://127.0.0.1:${proxy.server?.port}`
})

afterAll(async () => {
  await proxy.stop()
  site.stop(true)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('proxied pages', () => {
  test('rewrite links and assets into the proxy and inject the bridge first in <head>', async () => {
    const response = await fetch(proxied('/'))
    expect(response.status).toBe(200)
    const html = await response.text()
    const prefix = urls.toProxy(new URL(siteOrigin)).replace(/\/$/, '')
    expect(html).toMatch(/<head><script src="\/__pinpoint\/bridge\.js\?v=\w+" data-pinpoint-bridge/)
    expect(html).toContain(`data-app-origin="http://localhost:4999"`)
    expect(html).toContain(`href="${prefix}/about"`)
    expect(html).toContain(`href="${urls.toProxy(new URL('https://other.example/x'))}"`)
    expect(html).toContain('href="#top"')
    expect(html).toContain('href="mailto:a@b.c"')
    expect(html).toContain(`src="${prefix}/img/logo.png"`)
    expect(html).toContain(`srcset="${prefix}/img/a.png 1x, ${prefix}/img/b.png 2x"`)
    expect(html).toContain(`action="${prefix}/search"`)
    expect(html).toContain(`url(${prefix}/img/bg.png)`)
    expect(html).toContain('.a > .b')
    expect(html).toContain(`url('${prefix}/img/c.png')`)
    expect(html).not.toContain('integrity=')
    expect(html).not.toContain('Content-Security-Policy')
  })

  test('strip cookies and framing policies, and allow framing by the app and the proxy origin only', async () => {
    const response = await fetch(proxied('/'), { headers: { cookie: 'pinpoint_session=app-secret' } })
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('x-frame-options')).toBeNull()
    // The app frames proxied pages, and proxied pages frame other proxied pages (issue 21 item 15).
    expect(response.headers.get('content-security-policy')).toBe(
      'frame-ancestors http://localhost:4999 http://127.0.0.1:4998',
    )
    expect(seenCookies.at(-1)).toBeNull()
  })

  test('rewrite style sheets, keep redirects inside the proxy', async () => {
    const css = await (await fetch(proxied('/css/site.css'))).text()
    const prefix = urls.toProxy(new URL(siteOrigin)).replace(/\/$/, '')
    expect(css).toContain(`@import "${prefix}/css/base.css"`)
    expect(css).toContain(`url("${prefix}/img/x.png")`)
    expect(css).toContain(`url(${prefix}/img/y.png)`)
    const redirect = await fetch(proxied('/moved'), { redirect: 'manual' })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe(`${prefix}/`)
  })

  test('stream pages: the first chunk arrives before the site has sent the rest', async () => {
    const started = performance.now()
    const response = await fetch(proxied('/slow'))
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    const firstAt = performance.now() - started
    expect(new TextDecoder().decode(first.value)).toContain('first')
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value)
    expect(rest).toContain('second')
    expect(firstAt).toBeLessThan(300)
  })

  test('send a page script’s root-relative request back into its site', async () => {
    const referer = proxied('/')
    const response = await fetch(`${proxyOrigin}/api/data?x=1`, { headers: { referer }, redirect: 'manual' })
    expect(response.status).toBe(307)
    const location = response.headers.get('location') ?? ''
    expect(location).toContain(urls.toProxy(new URL('/api/data?x=1', siteOrigin)))
    expect(await (await fetch(location)).json()).toEqual({ ok: true })
  })
})

describe('refusals', () => {
  test('an unsigned or tampered address is refused', async () => {
    const good = urls.toProxy(new URL('/', siteOrigin))
    const tampered = good.replace(/^\/p\/[^/]+/, '/p/AAAAAAAAAAAAAAAA')
    expect((await fetch(`${proxyOrigin}${tampered}`)).status).toBe(403)
    expect((await fetch(`${proxyOrigin}/p/x/http/127.0.0.1/`)).status).toBe(403)
  })

  test('private targets that are not allow-listed are refused with a page the review screen can read', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://[::1]/',
      'http://localhost/',
    ]) {
      // As a page (a navigation or frame): subresources get an empty body instead (failures.test.ts).
      const response = await fetch(`${proxyOrigin}${urls.toProxy(new URL(target))}`, {
        headers: { 'sec-fetch-dest': 'iframe', accept: 'text/html' },
      })
      expect(response.status).toBe(403)
      const html = await response.text()
      expect(html).toContain('data-error=')
      expect(html).toContain('private or local')
    }
  })

  test('service worker scripts and other methods are refused', async () => {
    const sw = await fetch(proxied('/sw.js'), { headers: { 'service-worker': 'script' } })
    expect(sw.status).toBe(403)
    expect((await fetch(proxied('/'), { method: 'DELETE' })).status).toBe(405)
  })
})

describe('bridge script', () => {
  test('is served with a long cache under its versioned address', async () => {
    const html = await (await fetch(proxied('/'))).text()
    const src = /src="(\/__pinpoint\/bridge\.js\?v=\w+)"/.exec(html)?.[1] ?? ''
    const response = await fetch(`${proxyOrigin}${src}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('javascript')
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(await response.text()).toContain('pinpoint-bridge')
  })
})

describe('stored e-mails', () => {
  test('are served from the proxy origin with the bridge as the only script, framed by the app only', async () => {
    const key = 'emails/0123456789abcdef0123456789abcdef.html'
    await storage.put(
      key,
      '<html><head><title>Mail</title></head><body><script>alert(1)</script><p>Hello</p></body></html>',
    )
    const url = storage.url(key, { contentType: 'text/html; charset=utf-8', origin: proxyOrigin })
    const response = await fetch(url)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<p>Hello</p>')
    expect(html).not.toContain('alert(1)')
    expect(html).toMatch(
      /<base target="_blank"><script src="\/__pinpoint\/bridge\.js\?v=\w+" data-pinpoint-bridge[^>]*data-mode="email"/,
    )
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain('script-src http://127.0.0.1:4998/__pinpoint/bridge.js')
    expect(policy).toContain('frame-ancestors http://localhost:4999')
    expect(policy).toContain('sandbox allow-scripts')
    expect(policy).not.toContain('allow-same-origin')
    // The screenshot script (decision 055) is the one other script allowed, named by the bridge's tag.
    expect(policy).toContain('http://127.0.0.1:4998/__pinpoint/capture.js')
    const captureSrc = html.match(/data-capture-src="([^"]+)"/)?.[1] ?? ''
    expect(captureSrc).toMatch(/^\/__pinpoint\/capture\.js\?v=\w+$/)
    const script = await fetch(new URL(captureSrc, proxyOrigin))
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toStartWith('text/javascript')
    expect(script.headers.get('cache-control')).toContain('immutable')
    expect(await script.text()).toContain('__pinpointCapture')
  })
})
