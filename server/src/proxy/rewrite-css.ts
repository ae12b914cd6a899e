/**
 * Rewrites the URLs of a style sheet (`url(...)`, `@import "..."`) into proxy paths. Relative URLs would
 * resolve inside the proxy by themselves; root-relative (`url(/img/bg.png)`) and absolute ones would not.
 *
 * Style sheets are rewritten as a stream (a 300 MB sheet must not be read into memory): each chunk goes
 * out as soon as it is rewritten, except its end when that may be the start of a token the next chunk
 * finishes (`url(/img/b`, `@imp`). What is held back is capped at MAX_HELD_CSS characters: a token still
 * open past the cap (in practice a huge inline `data:` URL, which is never rewritten anyway) is passed
 * through unrewritten, so the memory a style sheet takes is bounded whatever its size.
 */
import { type ProxyUrls, rewriteUrl } from './urls'

const CSS_URL = /url\(\s*(['"]?)([^'")]*?)\1\s*\)/gi
const CSS_IMPORT = /@import\s+(['"])([^'"]*)\1/gi

/** Most text held back between chunks, waiting for the end of a `url(` or `@import` token. */
export const MAX_HELD_CSS = 64 * 1024

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

/** A keyword cut by the end of the text so far. */
const PARTIAL_KEYWORD = /(?:u|ur|url|@|@i|@im|@imp|@impo|@impor)$/i
/** An `@import` whose quoted address has not been closed yet (or not begun). */
const OPEN_IMPORT = /@import\s*(?:(['"])[^'"]*)?$/i

/**
 * Where the part of `text` that may still change once more text arrives begins: everything before it can
 * be rewritten and sent now, with the same result as rewriting the whole sheet at once.
 */
function openTokenStart(text: string): number {
  let start = text.length
  const tail = text.slice(-8)
  const partial = PARTIAL_KEYWORD.exec(tail)
  if (partial) start = text.length - tail.length + partial.index
  // A `url(` after the last `)` is not closed yet (a url token ends at the first `)`).
  const afterClose = text.lastIndexOf(')') + 1
  const open = text.slice(afterClose).search(/url\(/i)
  if (open >= 0) start = Math.min(start, afterClose + open)
  const importAt = text.toLowerCase().lastIndexOf('@import')
  if (importAt >= 0 && OPEN_IMPORT.test(text.slice(importAt))) start = Math.min(start, importAt)
  return start
}

/** Incremental form of `rewriteCss`: `write()` each piece of text in order, then `end()`. */
export interface CssStreamRewriter {
  /** The rewritten text that is final so far (possibly empty). */
  write(text: string): string
  /** The rest, once the sheet is complete. */
  end(): string
}

export function createCssStreamRewriter(base: URL, urls: ProxyUrls): CssStreamRewriter {
  let held = ''
  return {
    write(text) {
      const pending = held + text
      let cut = openTokenStart(pending)
      // Past the cap the open token is given up on: it goes out as it is.
      if (pending.length - cut > MAX_HELD_CSS) cut = pending.length
      held = pending.slice(cut)
      return cut === 0 ? '' : rewriteCss(pending.slice(0, cut), base, urls)
    },
    end() {
      const rest = held
      held = ''
      return rest && rewriteCss(rest, base, urls)
    },
  }
}

/** The charset a `Content-Type` names, when TextDecoder knows it; UTF-8 otherwise. */
function charsetOf(contentType: string): string {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]
  if (!label) return 'utf-8'
  try {
    return new TextDecoder(label).encoding
  } catch {
    return 'utf-8'
  }
}

/**
 * A style sheet response body, rewritten as it streams. The text is decoded with the charset its
 * Content-Type names and always sent as UTF-8 (the caller says so in the Content-Type it sends).
 */
export function rewriteCssStream(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  base: URL,
  urls: ProxyUrls,
): ReadableStream<Uint8Array> {
  const rewriter = createCssStreamRewriter(base, urls)
  const rewrite = new TransformStream<string, string>({
    transform(text, controller) {
      const out = rewriter.write(text)
      if (out) controller.enqueue(out)
    },
    flush(controller) {
      const out = rewriter.end()
      if (out) controller.enqueue(out)
    },
  })
  return (
    body
      // (A decoder stream accepts any BufferSource; the body's are Uint8Array.)
      .pipeThrough(new TextDecoderStream(charsetOf(contentType)) as TransformStream<Uint8Array, string>)
      .pipeThrough(rewrite)
      .pipeThrough(new TextEncoderStream())
  )
}

/** The Content-Type of a rewritten style sheet: the site's, with the charset it is now sent in. */
export function utf8ContentType(contentType: string): string {
  const withoutCharset = contentType.replace(/;\s*charset\s*=\s*"?[^";\s]+"?/i, '')
  return `${withoutCharset}; charset=utf-8`
}
