/**
 * The streaming style sheet rewrite gives the same text as rewriting the whole sheet at once, wherever
 * the chunks are cut (tokens split across chunk boundaries), and holds back a bounded amount.
 */
import { describe, expect, test } from 'bun:test'
import {
  createCssStreamRewriter,
  MAX_HELD_CSS,
  rewriteCss,
  rewriteCssStream,
  utf8ContentType,
} from './rewrite-css'
import { createProxyUrls } from './urls'

const urls = createProxyUrls('css-test-secret-long-enough-to-sign-things')
const base = new URL('https://site.example/css/site.css')

const SHEET = `@import "/css/base.css";
@IMPORT 'print.css' print;
@import url(/css/url-import.css);
.menu { background: url(/img/menu.png) no-repeat }
.hero{background-image:URL( "https://cdn.example/hero.jpg" )}
.q { background: url('../img/q.png') }
.inline { background: url(data:image/png;base64,iVBORw0KGgo=) }
.font { src: url(/fonts/a.woff2) format("woff2"), url(/fonts/a.woff) }
.tail { background: url(/img/tail.png) }`

function streamed(parts: string[]): string {
  const rewriter = createCssStreamRewriter(base, urls)
  return parts.map((part) => rewriter.write(part)).join('') + rewriter.end()
}

describe('createCssStreamRewriter', () => {
  const whole = rewriteCss(SHEET, base, urls)

  test('the whole-sheet rewrite this is compared with does rewrite every kind of token', () => {
    const prefix = urls.toProxy(new URL('https://site.example/')).replace(/\/$/, '')
    expect(whole).toContain(`@import "${prefix}/css/base.css"`)
    expect(whole).toContain(`url(${prefix}/css/url-import.css)`)
    expect(whole).toContain(`url(${prefix}/img/menu.png)`)
    expect(whole).toContain(`url("${urls.toProxy(new URL('https://cdn.example/hero.jpg'))}")`)
    expect(whole).toContain(`url(${prefix}/fonts/a.woff)`)
    expect(whole).toContain('url(data:image/png;base64,iVBORw0KGgo=)')
  })

  test('cut in two at every position: the same text as the whole-sheet rewrite', () => {
    for (let cut = 0; cut <= SHEET.length; cut += 1) {
      expect(streamed([SHEET.slice(0, cut), SHEET.slice(cut)])).toBe(whole)
    }
  })

  test('cut into pieces of every size from 1 to 40 characters: the same text', () => {
    for (let size = 1; size <= 40; size += 1) {
      const parts: string[] = []
      for (let at = 0; at < SHEET.length; at += size) parts.push(SHEET.slice(at, at + size))
      expect(streamed(parts)).toBe(whole)
    }
  })

  test('sends everything before an open token at once, and holds back only the token', () => {
    const rewriter = createCssStreamRewriter(base, urls)
    const out = rewriter.write('.a { color: red } .b { background: url(/img/b')
    expect(out).toBe('.a { color: red } .b { background: ')
    expect(rewriter.write('.png) }')).toContain('/img/b.png) }')
  })

  test('a token still open past the cap is passed through unrewritten, with bounded holding', () => {
    const rewriter = createCssStreamRewriter(base, urls)
    const huge = `url("data:image/svg+xml,${'x'.repeat(MAX_HELD_CSS + 10)}`
    const first = rewriter.write(`.a{background:${huge}`)
    // Nothing is held past the cap: the open token went out as it was.
    expect(first).toBe(`.a{background:${huge}`)
    const rest = rewriter.write('")} .b{background:url(/img/b.png)}') + rewriter.end()
    expect(rest).toContain(`url(${urls.toProxy(new URL('https://site.example/img/b.png'))})`)
  })
})

describe('rewriteCssStream', () => {
  test('decodes the charset the site names and sends UTF-8, multi-byte characters cut between chunks', async () => {
    const latin1 = new Uint8Array([
      ...Buffer.from('.caf', 'latin1'),
      0xe9,
      ...Buffer.from('{background:url(/a.png)}', 'latin1'),
    ])
    const utf8 = new TextEncoder().encode('.café::after{content:"→"} .x{background:url(/b.png)}')
    const cases: [string, Uint8Array, string][] = [
      ['text/css; charset=iso-8859-1', latin1, '.café{background:url('],
      ['text/css', utf8, '.café::after{content:"→"} .x{background:url('],
    ]
    for (const [type, bytes, expected] of cases) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // One byte at a time: every multi-byte character is cut.
          for (const byte of bytes) controller.enqueue(new Uint8Array([byte]))
          controller.close()
        },
      })
      const text = await new Response(rewriteCssStream(body, type, base, urls)).text()
      expect(text.startsWith(expected)).toBe(true)
    }
    expect(utf8ContentType('text/css; charset=ISO-8859-1')).toBe('text/css; charset=utf-8')
    expect(utf8ContentType('text/css')).toBe('text/css; charset=utf-8')
  })
})
