/**
 * One way every connector calls its tool: JSON in and out, the tool's refusals turned into `ToolError`s
 * (401 → reconnect, 429 → waited out and retried, anything else → the tool's own message), so each
 * connector only says which path to call with which body.
 */
import { ToolError } from './types'

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>

export interface ToolHttpOptions {
  /** Name used in messages ("Trello refused the token ..."). */
  label: string
  fetch?: FetchLike
  /** How many times a 429 is waited out before giving up (default 2). */
  rateLimitRetries?: number
  /** Longest single wait for a 429 (default 10 s); a tool asking for longer is reported rate-limited. */
  maxWaitMs?: number
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export interface ToolRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers?: Record<string, string>
  body?: unknown
}

/** The tool's own words from an error answer, whatever shape its API uses. */
export function toolMessage(text: string): string {
  try {
    const json = JSON.parse(text) as Record<string, unknown>
    const errors = json.errors
    if (Array.isArray(errors) && errors.length > 0) {
      const first = errors[0] as { message?: unknown } | string
      if (typeof first === 'string') return first
      if (typeof first?.message === 'string') return first.message
    }
    if (Array.isArray(json.errorMessages) && typeof json.errorMessages[0] === 'string') {
      return json.errorMessages[0]
    }
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      const values = Object.entries(errors as Record<string, unknown>).map(([k, v]) => `${k}: ${String(v)}`)
      if (values.length > 0) return values.join('; ')
    }
    for (const key of ['err', 'error_message', 'message', 'error']) {
      if (typeof json[key] === 'string') return json[key] as string
    }
  } catch {
    // Not JSON: the text itself (Trello answers "invalid token" as plain text).
  }
  return text.trim().slice(0, 300) || 'no message'
}

/** Milliseconds the tool asks us to wait: Retry-After (seconds or a date), or a reset time in epoch seconds. */
export function retryAfterMs(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after')
  if (retryAfter) {
    const seconds = Number(retryAfter)
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
    const at = Date.parse(retryAfter)
    if (Number.isFinite(at)) return Math.max(0, at - now)
  }
  const reset = headers.get('x-ratelimit-reset')
  if (reset && Number.isFinite(Number(reset))) {
    const value = Number(reset)
    // ClickUp sends epoch seconds; a small number is a delay in seconds.
    return Math.max(0, value > 1e9 ? value * 1000 - now : value * 1000)
  }
  return 1000
}

export function createToolHttp(options: ToolHttpOptions) {
  const {
    label,
    fetch: doFetch = fetch,
    rateLimitRetries = 2,
    maxWaitMs = 10_000,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now = Date.now,
  } = options

  return async function call<T>(request: ToolRequest): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
    let body: string | undefined
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(request.body)
    }
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await doFetch(request.url, { method: request.method ?? 'GET', headers, body })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new ToolError('unreachable', `${label} could not be reached (${message}).`)
      }
      const text = await response.text()
      if (response.ok) return (text ? JSON.parse(text) : {}) as T
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers, now())
        if (attempt < rateLimitRetries && wait <= maxWaitMs) {
          await sleep(wait)
          continue
        }
        throw new ToolError(
          'rate-limited',
          `${label} is limiting how fast we may call it; try again in ${Math.ceil(wait / 1000)} s.`,
          wait,
        )
      }
      if (response.status === 401) {
        throw new ToolError(
          'reconnect',
          `${label} refused the saved credentials (${toolMessage(text)}): reconnect ${label} in Settings.`,
        )
      }
      if (response.status >= 300 && response.status < 400) {
        throw new ToolError('unreachable', `${label} answered with a redirect; check the address.`)
      }
      const kind = response.status >= 500 ? 'unreachable' : 'rejected'
      throw new ToolError(kind, `${label}: ${toolMessage(text)} (HTTP ${response.status}).`)
    }
  }
}

export type ToolHttp = ReturnType<typeof createToolHttp>
