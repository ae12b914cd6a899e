/**
 * The client's retries against a real local HTTP server (not a fake fetch): a 503 with Retry-After is
 * waited out and repeated for calls that are safe to repeat (GET, PUT, DELETE, and a POST carrying an
 * Idempotency-Key), never for a plain POST; a refused connection is retried through the proxy.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { ApiError, createApiClient, DEFAULT_RETRY_POLICY } from './index'

/** Answers 503 (Retry-After: 2) to the first `failures` requests of each path, then 200. */
const seen = new Map<string, number>()
let failures = 1
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const key = `${request.method} ${new URL(request.url).pathname}`
    const count = (seen.get(key) ?? 0) + 1
    seen.set(key, count)
    if (count <= failures)
      return Response.json(
        {
          message: 'Briefly unavailable.',
          error: 'ServiceUnavailable',
          status: 503,
          meta: { retryAfter: 2 },
        },
        { status: 503, headers: { 'retry-after': '2' } },
      )
    return Response.json({ ok: true, method: request.method, attempts: count })
  },
})
const base = `http://127.0.0.1:${server.port}/api/v1`
afterAll(() => server.stop(true))

function client(options: { baseUrl?: string; proxyBaseUrl?: string } = {}) {
  const waits: number[] = []
  const api = createApiClient({
    baseUrl: options.baseUrl ?? base,
    retry: { ...DEFAULT_RETRY_POLICY, proxyBaseUrl: options.proxyBaseUrl },
    sleep: async (ms) => {
      waits.push(ms)
    },
  })
  return { api, waits }
}

describe('retry against a server that answers 503 then 200', () => {
  test('GET, PUT and DELETE are repeated after the Retry-After and succeed', async () => {
    const { api, waits } = client()
    expect(await api.get('/a')).toEqual({ ok: true, method: 'GET', attempts: 2 })
    expect(await api.put('/a', { x: 1 })).toEqual({ ok: true, method: 'PUT', attempts: 2 })
    expect(await api.delete('/a')).toEqual({ ok: true, method: 'DELETE', attempts: 2 })
    // The server asked for 2 s, longer than the first backoff step.
    expect(waits).toEqual([2000, 2000, 2000])
  })

  test('a plain POST is never repeated; with an Idempotency-Key it is', async () => {
    const { api, waits } = client()
    const error = await api.post('/b', { x: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(503)
    expect(seen.get('POST /api/v1/b')).toBe(1)
    expect(waits).toEqual([])
    const keyed = await api.post('/c', { x: 1 }, { headers: { 'Idempotency-Key': 'k-1' } })
    expect(keyed).toEqual({ ok: true, method: 'POST', attempts: 2 })
  })

  test('it gives up after the last delay and throws the 503', async () => {
    failures = 10
    try {
      const { api, waits } = client()
      const error = (await api.get('/d').catch((e: unknown) => e)) as ApiError
      expect(error.status).toBe(503)
      expect(error.error).toBe('ServiceUnavailable')
      expect(seen.get('GET /api/v1/d')).toBe(DEFAULT_RETRY_POLICY.delaysMs.length + 1)
      expect(waits).toHaveLength(DEFAULT_RETRY_POLICY.delaysMs.length)
    } finally {
      failures = 1
    }
  })

  test('a refused connection is retried through the proxy', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const deadBase = `http://127.0.0.1:${closed.port}/api/v1`
    await closed.stop(true)
    const { api, waits } = client({ baseUrl: deadBase, proxyBaseUrl: base })
    // The proxy (our server) answers 503 once, then 200: both kinds of failure in one call.
    expect(await api.get('/e')).toEqual({ ok: true, method: 'GET', attempts: 2 })
    expect(waits).toEqual([DEFAULT_RETRY_POLICY.delaysMs[0] ?? -1, 2000])
    // A POST whose connection failed is not repeated either (the server may have done the work).
    const post = (await api.post('/f').catch((e: unknown) => e)) as ApiError
    expect(post.error).toBe('NetworkError')
  })
})
