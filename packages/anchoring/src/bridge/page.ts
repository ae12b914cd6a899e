/**
 * What the bridge tells the review screen about the page: its real URL (the proxy path decoded back), the
 * annotation `path`, title and sizes, and every navigation, including single-page-app route changes made
 * with `history.pushState`, which fire no event of their own.
 */
import type { PageInfo } from '../protocol'

/** The reviewed URL behind a proxy address (`/p/<sig>/<scheme>/<host>/<path>`), or the address itself. */
export function realUrl(href: string): URL {
  const url = new URL(href)
  const match = /^\/p\/[^/]+\/(https?)\/([^/]+)(\/.*)?$/.exec(url.pathname)
  if (!match) return url
  return new URL(`${match[1]}://${match[2]}${match[3] ?? '/'}${url.search}${url.hash}`)
}

/** The `path` of a URL: path and query, plus the hash when it is a router's (`#/...`, `#!...`). */
export function annotationPath(url: URL): string {
  const hash = /^#!?\//.test(url.hash) ? url.hash : ''
  return `${url.pathname}${url.search}${hash}`
}

export function pageInfo(target: string | null): PageInfo {
  const root = document.documentElement
  // An e-mail is served from a signed file URL: its "page" is the e-mail itself, path '/'.
  const url = target && !location.pathname.startsWith('/p/') ? new URL(target) : realUrl(location.href)
  return {
    url: url.toString(),
    path: target && !location.pathname.startsWith('/p/') ? '/' : annotationPath(url),
    title: document.title,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    document: {
      width: Math.max(root.scrollWidth, root.clientWidth),
      height: Math.max(root.scrollHeight, root.clientHeight),
    },
  }
}

/** Calls `onChange` after every navigation inside the page (push, replace, back/forward, hash). */
export function watchNavigation(onChange: () => void): void {
  let last = location.href
  const check = () => {
    if (location.href === last) return
    last = location.href
    onChange()
  }
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method]
    history[method] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args)
      check()
      return result
    }
  }
  window.addEventListener('popstate', check)
  window.addEventListener('hashchange', check)
}
