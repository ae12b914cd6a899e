/**
 * Rewrites the URLs of a style sheet (`url(...)`, `@import "..."`) into proxy paths. Relative URLs would
 * resolve inside the proxy by themselves; root-relative (`url(/img/bg.png)`) and absolute ones would not.
 */
import { type ProxyUrls, rewriteUrl } from './urls'

const CSS_URL = /url\(\s*(['"]?)([^'")]*?)\1\s*\)/gi
const CSS_IMPORT = /@import\s+(['"])([^'"]*)\1/gi

export function rewriteCss(css: string, base: URL, urls: ProxyUrls): string {
  return css
    .replace(CSS_URL, (match, quote: string, url: string) => {
      const rewritten = rewriteUrl(url, base, urls)
      return rewritten ? `url(${quote}${rewritten}${quote})` : match
    })
    .replace(CSS_IMPORT, (match, quote: string, url: string) => {
      const rewritten = rewriteUrl(url, base, urls)
      return rewritten ? `@import ${quote}${rewritten}${quote}` : match
    })
}
