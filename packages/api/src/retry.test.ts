import { describe, expect, test } from 'bun:test'
import { ApiError, createApiClient, createEndpoints } from './index'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('retry', () => {
  test('retries network failures with the given delays, through the proxy', async () => {
    const urls: string[] = []
    const waits: number[] = []
    let calls = 0
    const api = createApiClient({
      fetch: (async (input: RequestInfo | URL) => {
        urls.push(String(input))
        calls += 1
        if (calls < 3) throw new TypeError('offline')
        return json({ ok: true })
      }) as typeof fetch,
      retry: { delaysMs: [10, 20, 30], proxyBaseUrl: 'https://proxy.example/api/v1' },
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    expect(await api.get('/x')).toEqual({ ok: true })
    expect(waits).toEqual([10, 20])
    expect(urls).toEqual(['/api/v1/x', 'https://proxy.example/api/v1/x', 'https://proxy.example/api/v1/x'])
  })

  test('never retries an answer from the server, and gives up after the last delay', async () => {
    let calls = 0
    const answered = createApiClient({
      fetch: (async () => {
        calls += 1
        return json({ message: 'Nope', error: 'Forbidden', status: 403 }, 403)
      }) as unknown as typeof fetch,
      retry: { delaysMs: [0, 0] },
      sleep: async () => {},
    })
    await expect(answered.get('/x')).rejects.toBeInstanceOf(ApiError)
    expect(calls).toBe(1)

    calls = 0
    const offline = createApiClient({
      fetch: (async () => {
        calls += 1
        throw new TypeError('offline')
      }) as unknown as typeof fetch,
      retry: { delaysMs: [0, 0] },
      sleep: async () => {},
    })
    const error = (await offline.get('/x').catch((e: unknown) => e)) as ApiError
    expect(error.error).toBe('NetworkError')
    expect(calls).toBe(3)
    // A call can opt out.
    calls = 0
    await offline.get('/x', { retry: false }).catch(() => {})
    expect(calls).toBe(1)
  })
})

describe('endpoints', () => {
  test('canvas list sends filters as JSON, paging and sort', async () => {
    const urls: string[] = []
    const api = createApiClient({
      fetch: (async (input: RequestInfo | URL) => {
        urls.push(String(input))
        return json({ canvases: [], total: 0 })
      }) as typeof fetch,
    })
    const endpoints = createEndpoints(api)
    await endpoints.canvases.list({
      filters: { status: 'archived', folderId: 'f1', archived: true },
      sort: 'name',
      offset: 20,
      limit: 20,
    })
    const url = new URL(urls[0] ?? '', 'http://x')
    expect(url.pathname).toBe('/api/v1/users/me/canvases')
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual({
      status: 'archived',
      folderId: 'f1',
      sort: 'name',
    })
    expect(url.searchParams.get('offset')).toBe('20')
    expect(url.searchParams.get('archived')).toBe('true')
  })

  test('avatar upload is multipart with the field avatar', async () => {
    let body: unknown
    const api = createApiClient({
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        body = init?.body
        return json({ user: { id: 'u' } })
      }) as typeof fetch,
    })
    await createEndpoints(api).users.uploadAvatar(new Blob(['x'], { type: 'image/png' }), 'me.png')
    expect(body).toBeInstanceOf(FormData)
    expect((body as FormData).get('avatar')).toBeInstanceOf(Blob)
  })
})
