/**
 * In-process HTTP helpers for API tests: `app.handle(new Request(...))` with a cookie jar,
 * so a test reads like a browser session without opening a port.
 */

export interface TestResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

type Handler = { handle(request: Request): Promise<Response> | Response }

export interface RequestOptions {
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
}

/** A client with its own cookie jar: one instance per simulated browser or API user. */
export class TestClient {
  readonly cookies = new Map<string, string>()
  bearer?: string

  constructor(
    private readonly app: Handler,
    private readonly origin = 'http://localhost',
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers = new Headers(options.headers)
    let body = options.body
    if (options.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(options.json)
    }
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    if (this.bearer && !headers.has('authorization')) headers.set('authorization', `Bearer ${this.bearer}`)
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', this.origin)
    const response = await this.app.handle(new Request(`${this.origin}${path}`, { method, headers, body }))
    this.storeCookies(response.headers)
    const text = await response.text()
    let parsed: unknown = text
    if (response.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text)
    return { status: response.status, headers: response.headers, body: parsed as T, text }
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options)
  }
  post<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, json })
  }
  put<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, json })
  }
  delete<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, { ...options, json })
  }

  private storeCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      if (index < 0) continue
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((attr) => {
        const [key = '', val = ''] = attr.trim().split('=')
        const lower = key.toLowerCase()
        return (
          (lower === 'max-age' && Number(val) <= 0) ||
          (lower === 'expires' && new Date(val).getTime() < Date.now())
        )
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}
