/**
 * Serves the repository's fixtures/ (real sites and e-mails, see fixtures/README.md) on 127.0.0.1 for the
 * review and anchoring journeys and the review bench (run with Bun: it uses HTMLRewriter). PINPOINT_CORPUS_DIR
 * points it at a larger corpus with the same layout instead (benchmarks only; tests use fixtures/ alone). Every element of an HTML page gets `data-gt="<n>"`, its position in the original source,
 * so a test can tell whether a pin found the same element again. A path prefix picks a variant of the page:
 *
 * - `/v/orig/...`: the page as it is;
 * - `/v/insert/...`: new content inserted above pinned elements (a banner at the top of <body> and a new
 *   paragraph before every third paragraph and heading); inserted elements carry no data-gt;
 * - `/v/del-3.17.40/...`: the page without the elements numbered 3, 17 and 40.
 *
 * Prints `listening <port>` once ready.
 */
import { join, normalize } from 'node:path'

const root = process.env.PINPOINT_CORPUS_DIR || join(import.meta.dir, '..', 'fixtures')
const BANNER =
  '<div data-test-inserted style="padding:24px;background:#fde68a;font:16px sans-serif"><h2>New: spring announcement</h2><p>This banner was added by a later edit of the page, above everything else.</p></div>'

function transform(response: Response, variant: string): Response {
  let counter = 0
  let blocks = 0
  const deleted = new Set(variant.startsWith('del-') ? variant.slice(4).split('.').map(Number) : [])
  return new HTMLRewriter()
    .on('*', {
      element(element) {
        const n = counter++
        element.setAttribute('data-gt', String(n))
        if (deleted.has(n)) element.remove()
        if (variant !== 'insert') return
        if (element.tagName === 'body') element.prepend(BANNER, { html: true })
        if (/^(p|h2|h3|h4)$/.test(element.tagName) && ++blocks % 3 === 0) {
          element.before(
            `<p data-test-inserted>Inserted paragraph number ${blocks} with some new words.</p>`,
            { html: true },
          )
        }
      },
    })
    .transform(response)
}

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  async fetch(request) {
    const { pathname } = new URL(request.url)
    const match = /^\/v\/([\w.-]+)(\/.*)$/.exec(pathname)
    const variant = match?.[1] ?? 'orig'
    const relative = normalize(decodeURIComponent(match?.[2] ?? pathname)).replace(/^(\.\.[/\\])+/, '')
    const file = Bun.file(join(root, relative))
    if (!(await file.exists())) return new Response('Not found', { status: 404 })
    const response = new Response(file, {
      headers: { 'content-type': file.type, 'cache-control': 'no-cache' },
    })
    return file.type.startsWith('text/html') ? transform(response, variant) : response
  },
})
console.log(`listening ${server.port}`)
