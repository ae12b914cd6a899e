import { describe, expect, test } from 'bun:test'
import { createTestApp } from '../../testing/harness'
import { fileRoutes } from './routes'
import { newStorageKey } from './signing'
import { StorageLimitExceeded } from './types'

const { app, context, client } = await createTestApp()
const { storage } = context

function streamOf(chunks: number, chunkSize: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent === chunks) return controller.close()
      controller.enqueue(new Uint8Array(chunkSize).fill(sent % 251))
      sent++
    },
  })
}

function pathOf(url: string): string {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

describe('storage (local)', () => {
  test('streams a put, reads it back whole and by range, deletes it', async () => {
    const key = newStorageKey('test', '.bin')
    const { size } = await storage.put(key, streamOf(10, 65536))
    expect(size).toBe(655360)
    const object = await storage.get(key)
    expect(object?.size).toBe(655360)
    const slice = new Uint8Array(await (object?.blob(65536, 65540).arrayBuffer() ?? new ArrayBuffer(0)))
    expect([...slice]).toEqual([1, 1, 1, 1])
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
    await storage.delete(key) // missing: no error
  })

  test('refuses a stream past maxBytes and leaves nothing behind', async () => {
    const key = newStorageKey('test')
    await expect(storage.put(key, streamOf(4, 1000), { maxBytes: 3500 })).rejects.toBeInstanceOf(
      StorageLimitExceeded,
    )
    expect(await storage.get(key)).toBeNull()
  })

  test('keys are opaque and validated', async () => {
    expect(newStorageKey('assets', '.png')).toMatch(/^assets\/[0-9a-f]{32}\.png$/)
    expect(newStorageKey('assets', '.p/../x')).toMatch(/^assets\/[0-9a-f]{32}$/)
    expect(await storage.get('../../etc/passwd')).toBeNull()
    await expect(storage.put('../escape', 'x')).rejects.toThrow('Invalid storage key')
  })
})

const key = newStorageKey('test', '.txt')
const body = 'abcdefghijklmnopqrstuvwxyz'
await storage.put(key, body)

describe('GET /api/v1/files (signed URLs)', () => {
  test('serves the file with its signed type and security headers', async () => {
    const response = await client().get(pathOf(storage.url(key, { contentType: 'image/png' })))
    expect(response.status).toBe(200)
    expect(response.text).toBe(body)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toContain('sandbox')
  })

  test('answers ranges with 206, suffix ranges, and 416 past the end', async () => {
    const url = pathOf(storage.url(key, { contentType: 'video/mp4' }))
    const partial = await client().get(url, { headers: { range: 'bytes=2-5' } })
    expect(partial.status).toBe(206)
    expect(partial.text).toBe('cdef')
    expect(partial.headers.get('content-range')).toBe('bytes 2-5/26')
    const suffix = await client().get(url, { headers: { range: 'bytes=-3' } })
    expect(suffix.text).toBe('xyz')
    const open = await client().get(url, { headers: { range: 'bytes=20-' } })
    expect(open.text).toBe('uvwxyz')
    const beyond = await client().get(url, { headers: { range: 'bytes=100-' } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe('bytes */26')
  })

  test('refuses a tampered or re-typed link, and an expired one', async () => {
    const url = new URL(storage.url(key, { contentType: 'image/png' }))
    url.searchParams.set('t', 'text/html')
    expect((await client().get(url.pathname + url.search)).status).toBe(403)
    const other = new URL(storage.url(key))
    other.searchParams.set('s', 'x'.repeat(43))
    expect((await client().get(other.pathname + other.search)).status).toBe(403)
    context.clock.advance(2 * 3600 * 1000)
    try {
      const expired = await client().get(pathOf(storage.url(key, { expiresIn: 60 })))
      expect(expired.status).toBe(403)
      expect((expired.body as { message: string }).message).toContain('expired')
    } finally {
      context.clock.reset()
    }
  })

  test('downloads get Content-Disposition attachment; unknown types are never inline', async () => {
    const named = await client().get(pathOf(storage.url(key, { downloadName: 'notes é.txt' })))
    expect(named.headers.get('content-disposition')).toContain(
      'attachment; filename="notes _.txt"; filename*=UTF-8\'\'notes%20%C3%A9.txt',
    )
    const octet = await client().get(pathOf(storage.url(key, { contentType: 'text/plain' })))
    expect(octet.headers.get('content-disposition')).toStartWith('attachment')
  })

  test('HTML is refused on the app origin and served sandboxed on the proxy origin', async () => {
    const url = pathOf(storage.url(key, { contentType: 'text/html; charset=utf-8' }))
    expect((await client().get(url)).status).toBe(403)
    const proxy = fileRoutes(context, 'proxy', '/api/v1/files')
    const response = await proxy.handle(new Request(`http://localhost${url}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost')
  })

  test('a missing file is 404; HEAD gives the length', async () => {
    expect((await client().get(pathOf(storage.url(newStorageKey('test'))))).status).toBe(404)
    const head = await app.handle(
      new Request(`http://localhost${pathOf(storage.url(key))}`, { method: 'HEAD' }),
    )
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('26')
  })
})
