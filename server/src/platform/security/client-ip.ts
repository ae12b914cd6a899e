/**
 * The client's address, for rate limits and the sessions table.
 *
 * X-Forwarded-For is written by whoever sends the request, so it is read only when TRUST_PROXY says a
 * reverse proxy of ours sits in front; then its LAST entry is the address that proxy saw (entries to the
 * left may be forged by the client). Otherwise the socket address from Bun's server is used.
 */
import type { Server } from 'bun'

export type ClientIpResolver = (request: Request, server: Server<unknown> | null) => string

/** The last X-Forwarded-For entry, or null. */
export function lastForwardedFor(request: Request): string | null {
  const header = request.headers.get('x-forwarded-for')
  if (!header) return null
  const last = header.split(',').pop()?.trim()
  return last ? last.slice(0, 64) : null
}

export function createClientIpResolver({ trustProxy }: { trustProxy: boolean }): ClientIpResolver {
  return (request, server) => {
    if (trustProxy) {
      const forwarded = lastForwardedFor(request)
      if (forwarded) return forwarded
    }
    return server?.requestIP(request)?.address ?? 'unknown'
  }
}

/**
 * For in-process tests (no socket): the X-Forwarded-For a test sets, else a fresh address per request, so
 * per-address limits engage only in tests that choose an address and never across unrelated tests.
 */
export const testClientIpResolver: ClientIpResolver = (request) =>
  lastForwardedFor(request) ?? `test-${crypto.randomUUID()}`
