import { ApiError, toApiError } from './errors'
import { type FormUploadOptions, sendForm } from './form-upload'

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
 * When a call is repeated (SPEC 7: "optional retry through a proxy on network failure"): after a network
 * failure (no answer at all) or a 503 (the server is briefly unavailable, e.g. its database restarting),
 * waiting `delaysMs[i]` before retry i (or the server's Retry-After when longer, up to 30 s).
 *
 * Only calls that are safe to repeat are retried: GET, HEAD, PUT, DELETE and OPTIONS (idempotent), and a
 * POST or PATCH that carries an `Idempotency-Key` header. Any other POST is never repeated, since a
 * network failure can happen after the server did the work. After a network failure the retries go
 * through `proxyBaseUrl` when one is given; a 503 is retried where it came from.
 */
export type RetryPolicy = {
  delaysMs: readonly number[]
  proxyBaseUrl?: string
}

/** The policy of a client created without one: three retries over about three seconds. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { delaysMs: [200, 800, 2000] }
/** A Retry-After longer than this is not waited for (the error reaches the caller instead). */
const MAX_RETRY_AFTER_MS = 30_000
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ApiClient = {
  readonly baseUrl: string
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>
  delete<T>(path: string, options?: RequestOptions): Promise<T>
  /**
   * A multipart POST with upload progress (XMLHttpRequest in a browser). Not repeated on failure: the
   * server may have stored the file. Where there is no XMLHttpRequest, or the client was given its own
   * fetch, it is an ordinary POST and progress is reported once, when the answer came.
   */
  upload<T>(path: string, form: FormData, options?: Omit<FormUploadOptions, 'headers'>): Promise<T>
}

export type ApiClientOptions = {
  /** Versioned base path or absolute URL of the API; defaults to the same-origin `/api/v1`. */
  baseUrl?: string
  /** Injected for tests and non-browser callers. */
  fetch?: typeof globalThis.fetch
  /** Sent with every request (for example an API token header). */
  headers?: Record<string, string>
  /** Default retry policy (DEFAULT_RETRY_POLICY unless given; false: never retry). */
  retry?: RetryPolicy | false
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

function isUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 503
}

function mayRepeat(method: HttpMethod, headers: Record<string, string> | undefined): boolean {
  if (IDEMPOTENT_METHODS.has(method)) return true
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key')
}

/** Retry-After of a 503 in ms: the header (seconds or an HTTP date), else the body's meta.retryAfter. */
function retryAfterMs(error: ApiError, header: string | null): number {
  if (header) {
    const seconds = Number(header)
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
    const date = Date.parse(header)
    if (Number.isFinite(date)) return Math.max(0, date - Date.now())
  }
  const meta = error.meta?.retryAfter
  return typeof meta === 'number' && Number.isFinite(meta) ? Math.max(0, meta * 1000) : 0
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
  fetch: givenFetch,
  headers: defaultHeaders = {},
  retry = DEFAULT_RETRY_POLICY,
  sleep = defaultSleep,
}: ApiClientOptions = {}): ApiClient {
  const fetchImpl = givenFetch ?? globalThis.fetch.bind(globalThis)
  const defaultRetry = retry === false ? undefined : retry
  /** The Retry-After of each 503 error, read from its response. */
  const retryAfter = new WeakMap<ApiError, number>()

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const policy = options.retry === false ? undefined : (options.retry ?? defaultRetry)
    const delays =
      policy && mayRepeat(method, { ...defaultHeaders, ...options.headers }) ? policy.delaysMs : []
    let viaProxy = false
    for (let attempt = 0; ; attempt += 1) {
      const base = viaProxy && policy?.proxyBaseUrl ? policy.proxyBaseUrl : baseUrl
      try {
        return await send<T>(base, method, path, options)
      } catch (error) {
        const delay = delays[attempt]
        const network = isNetworkFailure(error)
        if ((!network && !isUnavailable(error)) || delay === undefined || options.signal?.aborted) throw error
        const wait = network ? delay : Math.max(delay, retryAfter.get(error as ApiError) ?? 0)
        if (wait > MAX_RETRY_AFTER_MS) throw error
        viaProxy ||= network
        await sleep(wait)
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
    if (response.status >= 400) {
      const error = toApiError(response.status, response.statusText, data)
      if (response.status === 503)
        retryAfter.set(error, retryAfterMs(error, response.headers.get('retry-after')))
      throw error
    }
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
    upload: async <T>(path: string, form: FormData, options: Omit<FormUploadOptions, 'headers'> = {}) => {
      if (givenFetch || typeof XMLHttpRequest === 'undefined') {
        const answer = await request<T>('POST', path, { body: form, signal: options.signal, retry: false })
        const size = [...form.values()].reduce(
          (sum, v: unknown) => sum + (v instanceof Blob ? v.size : String(v).length),
          0,
        )
        options.onProgress?.(size, size)
        return answer
      }
      return sendForm<T>(buildUrl(baseUrl, path), form, { ...options, headers: defaultHeaders })
    },
  }
}
