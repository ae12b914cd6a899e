/**
 * The streaming HTML rewrite of a proxied page (Bun's HTMLRewriter, lol-html): URL attributes and inline
 * styles are rewritten into proxy paths, `<base>` is followed, policies that would block the frame or our
 * script are removed, and the bridge script is injected at the start of `<head>` so it runs before the
 * page's own scripts (it reports navigation done with `history.pushState`). Nothing is buffered but one
 * tag at a time (capped by tag-guard.ts) and the end of a `<style>` chunk that may hold a cut `url(`:
 * each chunk goes out as soon as it is rewritten.
 */
import { type CssStreamRewriter, createCssStreamRewriter, rewriteCss } from './rewrite-css'
import { type ProxyUrls, rewriteRefresh, rewriteSrcset, rewriteUrl } from './urls'

/**
 * Longest attribute value that is rewritten. Longer ones (in practice inline `data:` images, which are
 * never rewritten anyway) are left as they are rather than copied a few more times through the rewrite.
 */
export const MAX_REWRITTEN_ATTRIBUTE = 64 * 1024

/** Attributes holding one URL, per element selector. */
const URL_ATTRIBUTES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['a, area', ['href']],
  ['link', ['href']],
  ['script', ['src']],
  ['img', ['src']],
  ['source, track, embed, audio', ['src']],
  ['video', ['src', 'poster']],
  ['iframe, frame', ['src']],
  ['form', ['action']],
  ['button, input', ['formaction', 'src']],
  ['object', ['data']],
  ['body, table, td, th', ['background']],
  ['use, image', ['href', 'xlink:href']],
]

export interface BridgeTag {
  /** Root-relative URL of the bridge script on the proxy origin. */
  src: string
  /** The app origin: the only parent the bridge talks to. */
  appOrigin: string
  mode: 'site' | 'email'
  /** Root-relative URL of the screenshot script the bridge loads when asked for a picture. */
  captureSrc?: string
}

export function bridgeScriptTag(bridge: BridgeTag, target: string): string {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<script src="${attr(bridge.src)}" data-pinpoint-bridge data-target="${attr(target)}" data-app-origin="${attr(bridge.appOrigin)}" data-mode="${bridge.mode}"${bridge.captureSrc ? ` data-capture-src="${attr(bridge.captureSrc)}"` : ''}></script>`
}

export interface HtmlRewriteOptions {
  target: URL
  urls: ProxyUrls
  bridge: BridgeTag
}

export function createHtmlRewriter({ target, urls, bridge }: HtmlRewriteOptions): HTMLRewriter {
  let base = target
  let injected = false
  const tag = bridgeScriptTag(bridge, target.toString())
  const inject = (element: HTMLRewriterTypes.Element) => {
    if (injected) return
    injected = true
    element.prepend(tag, { html: true })
  }
  const rewriteAttribute = (element: HTMLRewriterTypes.Element, name: string) => {
    const value = element.getAttribute(name)
    if (value === null || value.length > MAX_REWRITTEN_ATTRIBUTE) return
    const rewritten = rewriteUrl(value, base, urls)
    if (rewritten !== null) element.setAttribute(name, rewritten)
  }

  let rewriter = new HTMLRewriter()
    .on('head', { element: inject })
    .on('body', { element: inject })
    .on('base[href]', {
      element(element) {
        const href = element.getAttribute('href') ?? ''
        try {
          base = new URL(href, target)
        } catch {
          return
        }
        rewriteAttribute(element, 'href')
      },
    })
  for (const [selector, names] of URL_ATTRIBUTES) {
    rewriter = rewriter.on(selector, {
      element(element) {
        for (const name of names) rewriteAttribute(element, name)
      },
    })
  }
  let styleRewriter: CssStreamRewriter | null = null
  return rewriter
    .on('img[srcset], source[srcset], link[imagesrcset]', {
      element(element) {
        for (const name of ['srcset', 'imagesrcset']) {
          const value = element.getAttribute(name)
          if (value !== null && value.length <= MAX_REWRITTEN_ATTRIBUTE)
            element.setAttribute(name, rewriteSrcset(value, base, urls))
        }
      },
    })
    .on('[style]', {
      element(element) {
        const value = element.getAttribute('style')
        if (value && value.length <= MAX_REWRITTEN_ATTRIBUTE && value.includes('url('))
          element.setAttribute('style', rewriteCss(value, base, urls))
      },
    })
    .on('style', {
      // A style sheet arrives in chunks: each is rewritten as it comes (a token cut between two chunks is
      // held back until the next), so a huge inline sheet is never collected whole.
      text(chunk) {
        styleRewriter ??= createCssStreamRewriter(base, urls)
        let out = styleRewriter.write(chunk.text)
        if (chunk.lastInTextNode) {
          out += styleRewriter.end()
          styleRewriter = null
        }
        chunk.replace(out, { html: true })
      },
    })
    .on('script[integrity], link[integrity]', {
      // Rewritten style sheets no longer match their hash; the page's integrity is not ours to vouch for.
      element(element) {
        element.removeAttribute('integrity')
      },
    })
    .on('meta[http-equiv]', {
      element(element) {
        const name = (element.getAttribute('http-equiv') ?? '').toLowerCase()
        if (name === 'content-security-policy' || name === 'x-frame-options') element.remove()
        if (name === 'refresh') {
          const rewritten = rewriteRefresh(element.getAttribute('content') ?? '', base, urls)
          if (rewritten) element.setAttribute('content', rewritten)
        }
      },
    })
    .onDocument({
      end(end) {
        // A fragment without <head> or <body> still gets the bridge.
        if (!injected) end.append(tag, { html: true })
      },
    })
}
