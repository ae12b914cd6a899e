import { describe, expect, test } from 'bun:test'
import { ApiError, createApiClient, isNetworkError, isNotLoggedIn } from './index'

type Call = { url: string; init: RequestInit }

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init }
    calls.push(call)
    return respond(call)
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('createApiClient', () => {
  test('sends JSON with cookies to the versioned base path', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 'f1' }, 201))
    const api = createApiClient({ fetch })
    const result = await api.post<{ id: string }>(
      '/folders',
      { name: 'Designs' },
      { query: { a: 1, b: null } },
    )
    expect(result).toEqual({ id: 'f1' })
    const [call] = calls
    if (!call) throw new Error('fetch was not called')
    expect(call.url).toBe('/api/v1/folders?a=1')
    expect(call.init.credentials).toBe('include')
    expect(call.init.method).toBe('POST')
    expect(call.init.body).toBe('{"name":"Designs"}')
    expect((call.init.headers as Record<string, string>)['content-type']).toBe('application/json')
  })

  test('status >= 400 throws ApiError with the server fields', async () => {
    const body = { message: 'Not logged in.', error: 'NotLoggedIn', status: 401, meta: { a: 1 } }
    const { fetch } = fakeFetch(() => json(body, 401))
    const api = createApiClient({ baseUrl: 'http://x/api/v1/', fetch })
    const error = await api.get('/sessions/me').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).toJSON()).toEqual(body)
    expect(isNotLoggedIn(error)).toBe(true)
  })

  test('a non-JSON error body still gives a usable ApiError', async () => {
    const { fetch } = fakeFetch(
      () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    )
    const error = (await createApiClient({ fetch })
      .get('/x')
      .catch((e: unknown) => e)) as ApiError
    expect(error.toJSON()).toEqual({ message: 'Bad Gateway', error: 'HttpError', status: 502, meta: {} })
  })

  test('network failure becomes NetworkError, 204 resolves to undefined', async () => {
    const failing = createApiClient({
      fetch: (async () => {
        throw new TypeError('fetch failed')
      }) as unknown as typeof globalThis.fetch,
    })
    const error = await failing.get('/x').catch((e: unknown) => e)
    expect(isNetworkError(error)).toBe(true)
    expect((error as ApiError).message).toBe('Network error')

    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }))
    expect(await createApiClient({ fetch }).delete('/x')).toBeUndefined()
  })
})

describe('ApiError', () => {
  test('is a domain AppError whose name is the error code', async () => {
    const { isAppError, toErrorBody } = await import('@pinpoint/domain')
    const error = new ApiError({ message: 'Nope.', error: 'Forbidden', status: 403 })
    expect(isAppError(error)).toBe(true)
    expect(toErrorBody(error)).toEqual({ message: 'Nope.', error: 'Forbidden', status: 403, meta: {} })
  })

  test('upload without XMLHttpRequest: one POST of the form, never repeated, progress once at the end', async () => {
    let attempts = 0
    const { fetch, calls } = fakeFetch(() => {
      attempts += 1
      return attempts === 1
        ? json({ message: 'Busy', error: 'Unavailable', status: 503, meta: {} }, 503)
        : json({})
    })
    const api = createApiClient({ fetch, sleep: async () => undefined })
    const form = new FormData()
    form.append('canvasAssetFile', new Blob(['12345']), 'a.pdf')
    form.append('position', '2')
    const progress: Array<[number, number]> = []
    const failed = await api
      .upload('/canvas-assets', form, { onProgress: (sent, total) => progress.push([sent, total]) })
      .catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(ApiError)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.init.body).toBe(form)
    expect(progress).toEqual([])
    await api.upload('/canvas-assets', form, { onProgress: (sent, total) => progress.push([sent, total]) })
    expect(progress).toEqual([[6, 6]])
  })
})
