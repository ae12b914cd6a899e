/**
 * The tag guard in front of the HTML rewriter: the rewritten page is the same wherever the chunks are
 * cut, and a tag longer than the cap ends the rewrite with the rest passed through byte for byte.
 */
import { describe, expect, test } from 'bun:test'
import { rewriteWithTagGuard, TagScanner } from './tag-guard'

// A rewriter that marks every element it sees, so what it was given (and in what shape) shows.
function markingRewrite(input: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return new HTMLRewriter()
    .on('*', {
      element(element) {
        element.setAttribute('data-seen', '1')
      },
    })
    .transform(new Response(input)).body as ReadableStream<Uint8Array>
}

function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size))
      controller.close()
    },
  })
}

const PAGE = `<!doctype html><html><head><title>a < b</title>
<!-- a comment with <p> and "quotes' and > inside -->
<script>if (a<b && c > d) document.write("<p>not a tag</p>")</script>
<style>.a::before { content: "<b>" }</style></head>
<body class="x" data-json='{"a":">"}' title="1 > 0"><p>One <a href="/x">link</a></p>
<textarea><p>raw</p></textarea><img src=x.png alt=caf\u00e9><? bogus ?><!x><br/></body></html>`

describe('rewriteWithTagGuard', () => {
  const bytes = new TextEncoder().encode(PAGE)

  test('cut into chunks of every size from 1 to 64 bytes: the same page as rewriting it whole', async () => {
    const whole = await new Response(markingRewrite(chunked(bytes, bytes.length))).text()
    expect(whole).toContain('<p data-seen="1">One')
    expect(whole).toContain('document.write("<p>not a tag</p>")')
    for (let size = 1; size <= 64; size += 1) {
      const text = await new Response(rewriteWithTagGuard(chunked(bytes, size), markingRewrite)).text()
      expect({ size, text }).toEqual({ size, text: whole })
    }
  })

  test('a tag longer than the cap ends the rewrite: the rest of the page passes through unrewritten', async () => {
    const big = `<div style="${'x'.repeat(5000)}">`
    const page = `<html><head></head><body><p>before</p>${big}<p>after</p></body></html>`
    for (const size of [7, 100, 4096, 100_000]) {
      const out = await new Response(
        rewriteWithTagGuard(chunked(new TextEncoder().encode(page), size), markingRewrite, 1024),
      ).text()
      expect(out).toContain('<p data-seen="1">before</p>')
      expect(out.endsWith(`${big}<p>after</p></body></html>`)).toBe(true)
    }
  })
})

describe('TagScanner', () => {
  test('holds an open tag until its end, and nothing longer than the cap', () => {
    const scanner = new TagScanner(64)
    const encode = (text: string) => new TextEncoder().encode(text)
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
    expect(decode(scanner.push(encode('<p>text <a href="/x')).ready)).toBe('<p>text ')
    expect(decode(scanner.push(encode('">link</a>')).ready)).toBe('<a href="/x">link</a>')
    const overflow = scanner.push(encode(`<img src="${'y'.repeat(100)}`))
    expect(scanner.overflowed).toBe(true)
    expect(decode(overflow.ready)).toBe('')
    expect(decode(overflow.rest ?? new Uint8Array())).toBe(`<img src="${'y'.repeat(100)}`)
  })
})
