import { ApiError, toApiError } from './errors'

export type QueryValue = string | number | boolean | null | undefined
export type RequestOptions = {
  /** JSON-serialisable body; FormData and Blob are sent as they are (multipart uploads). */
  body?: unknown
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Overrides the client's retry policy for this call (false: no retry). */
  retry?: RetryPolicy | false
}

/**
 * Retry on network failure only (the request never reached the server, so repeating it is safe
 * from the server's point of view). Each retry waits `delaysMs[i]`; with `proxyBaseUrl` the
 * retries go through that proxy instead of the direct base URL (SPEC section 7).
 */
export type RetryPolicy = {
  delaysMs: readonly number[]
  proxyBaseUrl?: string
}
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ApiClient = {
  readonly baseUrl: string
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>
  delete<T>(path: string, options?: RequestOptions): Promise<T>
}

export type ApiClientOptions = {
  /** Versioned base path or absolute URL of the API; defaults to the same-origin `/api/v1`. */
  baseUrl?: string
  /** Injected for tests and non-browser callers. */
  fetch?: typeof globalThis.fetch
  /** Sent with every request (for example an API token header). */
  headers?: Record<string, string>
  /** Default retry policy; none unless given. */
  retry?: RetryPolicy
  /** Injected for tests: waits `ms`. */
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.error === 'NetworkError'
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    body instanceof ReadableStream
  )
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

/**
 * Typed client for the product API: JSON in and out, cookies included, and every status >= 400
 * thrown as an {@link ApiError} carrying the server's {message, error, status, meta}.
 */
export function createApiClient({
  baseUrl = '/api/v1',
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  headers: defaultHeaders = {},
  retry: defaultRetry,
  sleep = defaultSleep,
}: ApiClientOptions = {}): ApiClient {
  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const policy = options.retry === false ? undefined : (options.retry ?? defaultRetry)
    const delays = policy?.delaysMs ?? []
    for (let attempt = 0; ; attempt += 1) {
      const base = attempt > 0 && policy?.proxyBaseUrl ? policy.proxyBaseUrl : baseUrl
      try {
        return await send<T>(base, method, path, options)
      } catch (error) {
        const delay = delays[attempt]
        if (!isNetworkFailure(error) || delay === undefined || options.signal?.aborted) throw error
        await sleep(delay)
      }
    }
  }

  async function send<T>(
    base: string,
    method: HttpMethod,
    path: string,
    options: RequestOptions,
  ): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...defaultHeaders,
      ...options.headers,
    }
    let body: BodyInit | undefined
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body
      } else {
        body = JSON.stringify(options.body)
        headers['content-type'] = 'application/json'
      }
    }
    let response: Response
    try {
      response = await fetchImpl(buildUrl(base, path, options.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      })
    } catch (cause) {
      // An abort is the caller's decision, not a failure to report.
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
      throw new ApiError({ message: 'Network error', error: 'NetworkError', status: 0, meta: {} })
    }
    const data = await readBody(response)
    if (response.status >= 400) throw toApiError(response.status, response.statusText, data)
    return data as T
  }

  return {
    baseUrl,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  }
}
