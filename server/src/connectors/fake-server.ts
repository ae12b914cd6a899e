/**
 * The skeleton of every fake task tool: a real HTTP server on 127.0.0.1 that records each request (method,
 * path, query, headers, JSON body) and answers from the tool's routes. Each tool's fake (`<tool>/fake.ts`)
 * gives its routes, how it checks credentials and what its 401 and 429 answers look like, so connectors
 * are tested over the wire against the same shapes the real APIs send.
 */

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body: unknown
}

export interface FakeAnswer {
  status?: number
  body?: unknown
  headers?: Record<string, string>
}

export interface FakeRoute {
  method: string
  /** Path with `:name` parameters, e.g. `/1/boards/:id/lists`. */
  path: string
  answer(request: RecordedRequest, params: Record<string, string>): FakeAnswer
}

export interface FakeToolOptions {
  routes: FakeRoute[]
  /** True when the request carries valid credentials. */
  authorized(request: RecordedRequest): boolean
  /** The tool's answer to bad credentials. */
  unauthorized: FakeAnswer
  /** The tool's answer when it rate-limits (status 429 is implied). */
  rateLimited: FakeAnswer
  port?: number
}

export interface FakeTool {
  url: string
  requests: RecordedRequest[]
  /** Requests with this method (all when omitted), in order. */
  calls(method?: string): RecordedRequest[]
  /** The latest request; throws when none came. */
  last(): RecordedRequest
  /** The next `times` requests get the tool's 429 (or 401, or a 500). */
  failNext(kind: 'rate-limit' | 'unauthorized' | 'server-error', times?: number): void
  stop(): Promise<void>
}

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = []
  const source = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  return { regex: new RegExp(`^${source}$`), names }
}

export function startFakeTool(options: FakeToolOptions): FakeTool {
  const requests: RecordedRequest[] = []
  const failures: Array<'rate-limit' | 'unauthorized' | 'server-error'> = []
  const routes = options.routes.map((route) => ({ ...route, ...compile(route.path) }))
  const json = (answer: FakeAnswer, fallback: number) =>
    new Response(
      answer.body === undefined
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body),
      {
        status: answer.status ?? fallback,
        headers: { 'content-type': 'application/json', ...answer.headers },
      },
    )

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: options.port ?? 0,
    async fetch(raw) {
      const url = new URL(raw.url)
      const text = raw.method === 'GET' ? '' : await raw.text()
      let body: unknown = text
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        // Keep the raw text (a form body, say): the contract test shows what was sent.
      }
      const request: RecordedRequest = {
        method: raw.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(raw.headers),
        body,
      }
      requests.push(request)
      const failure = failures.shift()
      if (failure === 'rate-limit') return json(options.rateLimited, 429)
      if (failure === 'server-error') return json({ body: { message: 'Internal error' } }, 500)
      if (failure === 'unauthorized' || !options.authorized(request)) return json(options.unauthorized, 401)
      for (const route of routes) {
        if (route.method !== raw.method) continue
        const match = route.regex.exec(url.pathname)
        if (!match) continue
        const params = Object.fromEntries(route.names.map((name, i) => [name, match[i + 1] ?? '']))
        return json(route.answer(request, params), 200)
      }
      return json({ body: { message: `No route ${raw.method} ${url.pathname}` } }, 404)
    },
  })

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    calls: (method) => requests.filter((r) => !method || r.method === method),
    last() {
      const request = requests.at(-1)
      if (!request) throw new Error('The fake received no request.')
      return request
    },
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind)
    },
    async stop() {
      await server.stop(true)
    },
  }
}
