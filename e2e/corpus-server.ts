/**
 * Serves the repository's fixtures/ (real sites and e-mails, see fixtures/README.md) on 127.0.0.1 for the
 * review and anchoring journeys and the review bench (run with Bun). PINPOINT_CORPUS_DIR points it at a
 * larger corpus with the same layout instead (benchmarks only; tests use fixtures/ alone). Every element of
 * an HTML page gets `data-gt="<n>"`, its position in the original document, so a test can tell whether a pin
 * found the same element again. A path prefix picks a variant of the page (see corpus-variants.ts):
 *
 * - `/v/orig/...`: the page as it is;
 * - `/v/insert/...`: new content inserted above pinned elements;
 * - `/v/del-3.17.40/...`: the page without the elements numbered 3, 17 and 40;
 * - `/v/words~classes~wrap/...`: several edits at once, and the other edits of corpus-variants.ts;
 * - `/...?variant=insert` (any of the above): the same, at the page's own URL, so that its images,
 *   links and styles keep their URLs from one variant to the next, as they do when a real site is edited.
 *
 * Prints `listening <port>` once ready.
 */
import { join, normalize } from 'node:path'
import { pageVariant } from './corpus-variants'

const root = process.env.PINPOINT_CORPUS_DIR || join(import.meta.dir, '..', 'fixtures')

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  async fetch(request) {
    const { pathname, searchParams } = new URL(request.url)
    const match = /^\/v\/([\w.~-]+)(\/.*)$/.exec(pathname)
    const variant = match?.[1] ?? searchParams.get('variant') ?? 'orig'
    const relative = normalize(decodeURIComponent(match?.[2] ?? pathname)).replace(/^(\.\.[/\\])+/, '')
    const file = Bun.file(join(root, relative))
    if (!(await file.exists())) return new Response('Not found', { status: 404 })
    const headers = { 'content-type': file.type, 'cache-control': 'no-cache' }
    if (!file.type.startsWith('text/html')) return new Response(file, { headers })
    return new Response(pageVariant(await file.text(), variant, relative), { headers })
  },
})
console.log(`listening ${server.port}`)
