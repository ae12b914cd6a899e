/**
 * Proxy memory benchmark (issue 21 item 4), printed, never asserted: the server's resident memory while
 * the proxy rewrites very large bodies, each generated on the fly by a local site:
 * - css: a style sheet of SIZE_MB with a `url(/img/...)` on every line (all rewritten);
 * - style: a page with one inline `<style>` of SIZE_MB (the HTML rewriter's style handler);
 * - links: a page of SIZE_MB of paragraphs and links (the streaming HTML rewrite itself);
 * - tags: a page of 3.7 MB tags, each held whole before the rewriter (just under tag-guard's cap);
 * - attribute: a page whose one element carries a SIZE_MB `style` attribute (what the parser holds).
 * For each: RSS before, peak RSS while the body streams (sampled every 20 ms), the difference, and
 * whether the first rewritten bytes reached the client before the site had finished sending.
 *
 * The proxy, the site and the client run in this process, so the figures include the site's and the
 * client's (small, streaming) share too. Run: `SIZE_MB=300 bun bench/proxy-memory.ts` (`ONLY=css,style`
 * for some of the bodies).
 */

import { startProxy } from '../server/src/proxy/test-harness'
import { printTable } from './lib'

const SIZE_MB = Number(process.env.SIZE_MB ?? 300)
const MB = 1024 * 1024
const CHUNK = 61_111 // an odd size, so tokens are cut across chunk boundaries

type Body = { type: string; head: string; unit: (i: number) => string; tail: string }

const ALL_BODIES: Record<string, Body> = {
  css: {
    type: 'text/css',
    head: '',
    unit: (i) => `.rule-${i} { background: url(/img/${i}.png) }\n`,
    tail: '',
  },
  style: {
    type: 'text/html; charset=utf-8',
    head: '<!doctype html><html><head><style>',
    unit: (i) => `.rule-${i} { background: url(/img/${i}.png) }\n`,
    tail: '</style></head><body><p>end</p></body></html>',
  },
  links: {
    type: 'text/html; charset=utf-8',
    head: '<!doctype html><html><head><title>big</title></head><body>',
    unit: (i) => `<p>Paragraph ${i} with <a href="/page/${i}">a link</a>.</p>\n`,
    tail: '</body></html>',
  },
  tags: {
    type: 'text/html; charset=utf-8',
    head: '<!doctype html><html><head></head><body><div data-x="',
    // A run of 3.7 MB tags, each just under the 4 MB cap: held whole, one after the other.
    unit: (i) => (i % 64 === 63 ? '">x</div><div data-x="' : 'x'.repeat(CHUNK)),
    tail: '">x</div></body></html>',
  },
  attribute: {
    type: 'text/html; charset=utf-8',
    head: '<!doctype html><html><head></head><body><div style="',
    unit: (i) => `--v${i}: url(/img/${i}.png); `,
    tail: '">x</div></body></html>',
  },
}

/** A body of about `size` bytes, produced as the reader pulls it; `done` resolves when all is sent. */
function generated(body: Body, size: number) {
  const encoder = new TextEncoder()
  let sent = 0
  let index = 0
  let finished = false
  let resolveDone: (at: number) => void = () => {}
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve
  })
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(body.head))
    },
    pull(controller) {
      if (finished) return
      let text = ''
      while (text.length < CHUNK && sent + text.length < size) text += body.unit(index++)
      sent += text.length
      if (sent >= size) {
        finished = true
        controller.enqueue(encoder.encode(text + body.tail))
        controller.close()
        resolveDone(performance.now())
        return
      }
      controller.enqueue(encoder.encode(text))
    },
  })
  return { stream, done }
}

/** `ONLY=css,style` runs some of the bodies (css, style, links, tags, attribute). */
const only = process.env.ONLY?.split(',')
const BODIES = Object.fromEntries(Object.entries(ALL_BODIES).filter(([name]) => !only || only.includes(name)))

let current = Object.values(BODIES)[0] as Body
let currentDone: Promise<number> = Promise.resolve(0)
const site = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch() {
    const { stream, done } = generated(current, SIZE_MB * MB)
    currentDone = done
    return new Response(stream, { headers: { 'content-type': current.type } })
  },
})
const proxy = startProxy({ allowHosts: ['127.0.0.1'] })

const rows: Record<string, string>[] = []
for (const [name, body] of Object.entries(BODIES)) {
  current = body
  Bun.gc(true)
  await Bun.sleep(200)
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const started = performance.now()
  let firstByteAt = 0
  let received = 0
  let rewritten = 0
  let outcome = 'ok'
  try {
    const response = await fetch(proxy.proxied(`http://127.0.0.1:${site.port}/big`))
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let carry = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (!firstByteAt) firstByteAt = performance.now()
      received += chunk.value.length
      // Count rewritten URLs (a proxy path before /img/), carrying a little across chunks.
      const text = carry + decoder.decode(chunk.value, { stream: true })
      rewritten += text.split('/http/127.0.0.1').length - 1
      carry = text.slice(-64).replace(/.*\/http\/127\.0\.0\.1/s, '')
    }
    if (response.status !== 200) outcome = `status ${response.status}`
  } catch (error) {
    outcome = `failed: ${String(error).slice(0, 60)}`
  }
  const siteDoneAt = await currentDone
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  rows.push({
    body: name,
    received: `${(received / MB).toFixed(0)} MB`,
    'RSS before': `${(before / MB).toFixed(0)} MB`,
    'RSS peak': `${(peak / MB).toFixed(0)} MB`,
    delta: `+${((peak - before) / MB).toFixed(0)} MB`,
    'first bytes before site done': firstByteAt && firstByteAt < siteDoneAt ? 'yes' : 'no',
    'URLs rewritten': String(rewritten),
    time: `${((performance.now() - started) / 1000).toFixed(1)} s`,
    outcome,
  })
}

await proxy.stop()
site.stop(true)
printTable(`Proxy memory, bodies of ${SIZE_MB} MB generated on the fly (RSS of this process)`, rows)
