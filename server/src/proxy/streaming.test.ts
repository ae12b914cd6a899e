/**
 * Very large bodies through the proxy (issue 21 item 4): style sheets and pages are rewritten as streams,
 * never read whole. Each body (about 48 MB, generated as it is read, so the site can only get ahead of
 * the client by what the pipes between them hold) must mostly have reached the client by the time the
 * site sends its last byte; a proxy that collected the body first would have sent nothing by then.
 * URL rewriting must hold across chunk boundaries. Memory figures: bench/proxy-memory.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { MAX_TAG_BYTES } from './tag-guard'
import { BROWSER_REQUEST, type ProxyHarness, startProxy } from './test-harness'

const MB = 1024 * 1024
const SIZE = 48 * MB
/** An odd chunk size, so `url(...)` tokens are cut across chunk boundaries. */
const CHUNK = 61_111
const FILLER = '.filler { color: #123456; margin: 0 auto }\n'

interface Generated {
  head: string
  tail: string
  /** The text of one chunk; `index` counts the chunks. */
  chunk(index: number): string
}

/** Chunks of filler with one `url(/img/<n>.png)` in each, placed so that it is often cut. */
function cssChunk(index: number, quote = ''): string {
  const filler = FILLER.repeat(Math.ceil(CHUNK / FILLER.length)).slice(0, CHUNK - 40)
  return `${filler}.i${index}{background:url(${quote}/img/${index}.png${quote})}\n`
}

const BODIES: Record<string, { type: string } & Generated> = {
  '/big.css': { type: 'text/css', head: '', tail: '', chunk: (i) => cssChunk(i) },
  '/style.html': {
    type: 'text/html; charset=utf-8',
    head: '<!doctype html><html><head><title>Big style</title><style>',
    tail: '</style></head><body><p>end</p></body></html>',
    chunk: (i) => cssChunk(i, '"'),
  },
  '/attribute.html': {
    type: 'text/html; charset=utf-8',
    head: '<!doctype html><html><head><title>Big attribute</title></head><body><a href="/before">b</a><div data-x="',
    tail: '"><a href="/after">a</a></div></body></html>',
    chunk: () => 'x'.repeat(CHUNK),
  },
}

/** What the site has sent, and how much the client had received when the site sent its last byte. */
const progress = { received: 0, receivedWhenSiteDone: -1 }

let site: ReturnType<typeof Bun.serve>
let siteOrigin: string
let proxy: ProxyHarness

beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const body = BODIES[new URL(request.url).pathname]
      if (!body) return new Response('not here', { status: 404 })
      const encoder = new TextEncoder()
      let sent = 0
      let index = 0
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(body.head))
        },
        pull(controller) {
          if (sent >= SIZE) {
            controller.enqueue(encoder.encode(body.tail))
            progress.receivedWhenSiteDone = progress.received
            controller.close()
            return
          }
          const text = body.chunk(index)
          index += 1
          sent += text.length
          controller.enqueue(encoder.encode(text))
        },
      })
      return new Response(stream, { headers: { 'content-type': body.type } })
    },
  })
  siteOrigin = `http://127.0.0.1:${site.port}`
  proxy = startProxy()
})

afterAll(async () => {
  await proxy.stop()
  site.stop(true)
})

/** Reads the proxied body, counting bytes into `progress`; returns its text minus the long filler. */
async function readThrough(path: string, headers: Record<string, string>) {
  progress.received = 0
  progress.receivedWhenSiteDone = -1
  const response = await fetch(proxy.proxied(`${siteOrigin}${path}`), { headers })
  expect(response.status).toBe(200)
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let kept = ''
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    progress.received += chunk.value.length
    // Keep only what the assertions look at: everything but runs of filler.
    kept += decoder
      .decode(chunk.value, { stream: true })
      .replaceAll(FILLER, '')
      .replace(/x{200,}/g, '')
  }
  return { response, kept, total: progress.received, whenSiteDone: progress.receivedWhenSiteDone }
}

describe('a 48 MB body through the proxy', () => {
  test('style sheet: streamed, every url() rewritten, including those cut between chunks', async () => {
    const { response, kept, total, whenSiteDone } = await readThrough('/big.css', BROWSER_REQUEST.style)
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(total).toBeGreaterThan(SIZE)
    expect(whenSiteDone).toBeGreaterThan(total / 2)
    const prefix = proxy.urls.toProxy(new URL(siteOrigin)).replace(/\/$/, '')
    const generated = Math.ceil(SIZE / cssChunk(0).length)
    expect(kept.split(`url(${prefix}/img/`).length - 1).toBe(generated)
    expect(kept).not.toContain('url(/img/')
  }, 60_000)

  test('page with one huge inline <style>: streamed, every url() rewritten', async () => {
    const { kept, total, whenSiteDone } = await readThrough('/style.html', BROWSER_REQUEST.document)
    expect(whenSiteDone).toBeGreaterThan(total / 2)
    const prefix = proxy.urls.toProxy(new URL(siteOrigin)).replace(/\/$/, '')
    const generated = Math.ceil(SIZE / cssChunk(0, '"').length)
    expect(kept.split(`url("${prefix}/img/`).length - 1).toBe(generated)
    expect(kept).not.toContain('url("/img/')
    expect(kept).toContain('data-pinpoint-bridge')
    expect(kept).toContain('<p>end</p>')
  }, 60_000)

  test(`page with a tag longer than ${MAX_TAG_BYTES / MB} MB: streamed; from that tag on, passed through unrewritten`, async () => {
    const { kept, total, whenSiteDone } = await readThrough('/attribute.html', BROWSER_REQUEST.document)
    expect(whenSiteDone).toBeGreaterThan(total / 2)
    expect(total).toBeGreaterThan(SIZE)
    const prefix = proxy.urls.toProxy(new URL(siteOrigin)).replace(/\/$/, '')
    expect(kept).toContain('data-pinpoint-bridge')
    expect(kept).toContain(`href="${prefix}/before"`)
    expect(kept).toContain('<div data-x="')
    expect(kept).toContain('"><a href="/after">a</a></div></body></html>')
  }, 60_000)
})
