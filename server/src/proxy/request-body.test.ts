/**
 * A form post through the proxy is streamed to the site as the browser sends it (never collected in
 * memory first), with its length, and the upstream timeout starts once the request has been sent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type ProxyHarness, startProxy } from './test-harness'

const TIMEOUT_MS = 300
let proxy: ProxyHarness
let site: ReturnType<typeof Bun.serve>
let siteOrigin: string
/** When the site read the first bytes of the body, and what it received. */
const seen = { firstChunkAt: 0, bytes: 0, contentLength: null as string | null }

beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      seen.contentLength = request.headers.get('content-length')
      const reader = (request.body as ReadableStream<Uint8Array>).getReader()
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        if (!seen.firstChunkAt) seen.firstChunkAt = performance.now()
        seen.bytes += chunk.value.length
      }
      return Response.json({ received: seen.bytes })
    },
  })
  siteOrigin = `http://127.0.0.1:${site.port}`
  proxy = startProxy({ upstreamTimeoutMs: TIMEOUT_MS })
})

afterAll(async () => {
  await proxy.stop()
  site.stop(true)
})

/** A body of three 64 KB parts, `gapMs` apart; resolves `sentAt` when the last part is handed over. */
function slowBody(gapMs: number) {
  let sentAt = 0
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let part = 0; part < 3; part += 1) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(97 + part))
        await Bun.sleep(gapMs)
      }
      sentAt = performance.now()
      controller.close()
    },
  })
  return { stream, sentAt: () => sentAt }
}

describe('a form post through the proxy', () => {
  test('reaches the site as it is sent, not collected first', async () => {
    seen.firstChunkAt = 0
    seen.bytes = 0
    const { stream, sentAt } = slowBody(100)
    // Sent chunked (Bun's fetch buffers a stream body whose length it is told).
    const response = await fetch(proxy.proxied(`${siteOrigin}/upload`), {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/octet-stream' },
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: 3 * 64 * 1024 })
    // The site had the first part before the browser had sent the last one.
    expect(seen.firstChunkAt).toBeGreaterThan(0)
    expect(seen.firstChunkAt).toBeLessThan(sentAt())
  })

  test('keeps its length', async () => {
    seen.bytes = 0
    const response = await fetch(proxy.proxied(`${siteOrigin}/form`), {
      method: 'POST',
      body: new URLSearchParams({ name: 'Ada', note: 'x'.repeat(5000) }),
    })
    expect(await response.json()).toEqual({ received: 5000 + 'name=Ada&note='.length })
    expect(seen.contentLength).toBe(String(5000 + 'name=Ada&note='.length))
  })

  test('an upload that takes longer than the upstream timeout still goes through', async () => {
    seen.firstChunkAt = 0
    seen.bytes = 0
    const { stream } = slowBody(TIMEOUT_MS)
    const response = await fetch(proxy.proxied(`${siteOrigin}/upload`), {
      method: 'POST',
      body: stream,
      headers: { 'content-length': String(3 * 64 * 1024) },
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: 3 * 64 * 1024 })
  })
})
