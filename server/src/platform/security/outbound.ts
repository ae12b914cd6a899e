/**
 * Server-side requests to an address a user gave (a webhook receiver, a self-hosted issue tracker): each
 * goes through the SSRF guard (ssrf.ts, the same one the proxy uses, with `PROXY_ALLOW_HOSTS` as the only
 * allow-list), never follows a redirect (a public host could otherwise bounce us to 169.254.169.254), and
 * gives up after a timeout so a slow receiver cannot hold a worker.
 */
import { checkTarget, type TargetCheckOptions } from './ssrf'

export interface OutboundOptions extends TargetCheckOptions {
  /** Milliseconds until the answer's headers must have arrived. */
  timeoutMs: number
}

export type OutboundFetch = (url: string, init?: RequestInit) => Promise<Response>

/**
 * A fetch bound to the guard. Throws `TargetRefused` for a refused target, a `TimeoutError` DOMException
 * when the receiver does not answer in time, and fetch's own errors when it cannot be reached.
 */
export function guardedFetch({ timeoutMs, ...check }: OutboundOptions): OutboundFetch {
  return async (raw, init = {}) => {
    const target = new URL(raw)
    const { address } = await checkTarget(target, check)
    const headers = new Headers(init.headers)
    let url = target.toString()
    // Plain http goes to the address that passed the check, so a second DNS answer cannot swap in a
    // private one (DNS rebinding); https keeps the name, whose certificate must match it.
    if (target.protocol === 'http:' && address) {
      const pinned = new URL(target)
      pinned.hostname = address.includes(':') ? `[${address}]` : address
      url = pinned.toString()
      headers.set('host', target.host)
    }
    return fetch(url, {
      ...init,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  }
}
