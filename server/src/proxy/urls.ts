/**
 * Proxy addresses. A proxied page lives at
 *
 *   /p/<signature>/<scheme>/<host[:port]>/<path>?<query>
 *
 * so the page's own relative links (`../css/site.css`, `img/a.png`) resolve inside the proxy by themselves
 * and only root-relative and absolute ones need rewriting. The signature is an HMAC of `<scheme>://<host>`:
 * the proxy serves only hosts the app (or a page it already served) handed out, so it is not an open proxy
 * anyone could use to show arbitrary content on our proxy origin.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { derivedKey } from '../platform/storage/signing'

export const PROXY_PREFIX = '/p/'
const SIGNATURE_LENGTH = 16

export interface ProxyUrls {
  /** Root-relative proxy path of a target URL (keeps its hash). */
  toProxy(target: URL): string
  /** The target URL behind a proxy path and query, or null when it is not one or the signature is wrong. */
  fromProxy(pathname: string, search: string): URL | null
}

export function createProxyUrls(secret: string): ProxyUrls {
  const key = derivedKey(secret, 'proxy-host')
  const sign = (origin: string) =>
    createHmac('sha256', key).update(origin).digest('base64url').slice(0, SIGNATURE_LENGTH)
  return {
    toProxy(target) {
      const scheme = target.protocol.replace(/:$/, '')
      return `${PROXY_PREFIX}${sign(`${scheme}://${target.host}`)}/${scheme}/${target.host}${target.pathname}${target.search}${target.hash}`
    },
    fromProxy(pathname, search) {
      if (!pathname.startsWith(PROXY_PREFIX)) return null
      const [signature = '', scheme = '', host = '', ...rest] = pathname.slice(PROXY_PREFIX.length).split('/')
      if (scheme !== 'http' && scheme !== 'https') return null
      if (!host || host.includes('@')) return null
      let target: URL
      try {
        target = new URL(`${scheme}://${host}/${rest.join('/')}${search}`)
      } catch {
        return null
      }
      // The host as the URL parser normalised it must be the one that was signed.
      const expected = Buffer.from(sign(`${scheme}://${target.host}`))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      return target
    },
  }
}

/** Schemes left as they are in rewritten pages (they never reach a server through us). */
const UNTOUCHED = /^(?:data|blob|javascript|mailto|tel|sms|about|#)/i

/**
 * The proxy form of a URL found in a page (`href`, `src`, `url(...)`), resolved against the page's base,
 * or null to leave the value unchanged (fragments, data: URLs, mail links, unparsable values).
 */
export function rewriteUrl(value: string, base: URL, urls: ProxyUrls): string | null {
  const trimmed = value.trim()
  if (trimmed === '' || UNTOUCHED.test(trimmed)) return null
  let absolute: URL
  try {
    absolute = new URL(trimmed, base)
  } catch {
    return null
  }
  if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return null
  return urls.toProxy(absolute)
}

/**
 * Rewrites each URL of a `srcset` list ("a.png 1x, b.png 2x"). Parsed the way the HTML standard does (a
 * URL runs to the next white space, so a `data:` URL's commas stay inside it), not split on commas.
 */
export function rewriteSrcset(value: string, base: URL, urls: ProxyUrls): string {
  const out: string[] = []
  let i = 0
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i] ?? '')) i += 1
    const start = i
    while (i < value.length && !/\s/.test(value[i] ?? '')) i += 1
    let url = value.slice(start, i)
    let trailing = ''
    // "a.png," without a descriptor: the comma ends the candidate, it is not part of the URL.
    const commas = /,+$/.exec(url)
    if (commas) {
      url = url.slice(0, commas.index)
      trailing = commas[0]
    }
    let descriptor = ''
    if (!trailing) {
      const end = value.indexOf(',', i)
      descriptor = (end < 0 ? value.slice(i) : value.slice(i, end)).trim()
      i = end < 0 ? value.length : end + 1
    }
    if (url) out.push([rewriteUrl(url, base, urls) ?? url, descriptor].filter(Boolean).join(' '))
  }
  return out.join(', ')
}

/**
 * A refresh instruction (`<meta http-equiv=refresh content="5; url=/next">` or the `Refresh` header) with
 * its URL in the proxy, or null when it has none to rewrite.
 */
export function rewriteRefresh(value: string, base: URL, urls: ProxyUrls): string | null {
  const match = /^(\s*\d+(?:\.\d*)?\s*[;,]\s*(?:url\s*=\s*)?)(['"]?)(.*?)\2\s*$/i.exec(value)
  const rewritten = match?.[3] ? rewriteUrl(match[3], base, urls) : null
  return match && rewritten ? `${match[1]}${rewritten}` : null
}

/**
 * A `Link` header (`</css/a.css>; rel=preload; as=style, <https://cdn.example/f.woff2>; rel=preload`)
 * with each target in the proxy, so preloads and prefetches do not go to the site around the proxy.
 */
export function rewriteLinkHeader(value: string, base: URL, urls: ProxyUrls): string {
  return value.replace(/<([^>]*)>/g, (match, url: string) => {
    const rewritten = rewriteUrl(url, base, urls)
    return rewritten ? `<${rewritten}>` : match
  })
}
