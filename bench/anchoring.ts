/**
 * Resolve time of 500 pins on the longest corpus page, in headless Chromium (issue 16: target < 50 ms).
 * Serves fixtures/ with e2e/corpus-server.ts, opens the page of the anchoring suite with the most
 * elements, injects `@pinpoint/anchoring` (bundled here as the bridge is), captures 500 anchors on its elements (cycling
 * through them when the page has fewer), then times `resolveAnchors` on the unchanged page and on the
 * "insert" and "words~wrap" variants (where the fast path cannot answer and every selector runs).
 *
 * Run: `bun bench/anchoring.ts` (PINPOINT_CORPUS_DIR points it at a larger corpus).
 */
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { ANCHORING_PAGES as PAGES } from '../e2e/anchoring-cases'

const root = join(import.meta.dir, '..')
const PINS = 500
const ROUNDS = 5

// The library as the bridge bundles it (ESM here, imported in the page from a blob URL).
const built = await Bun.build({
  entrypoints: [join(root, 'packages', 'anchoring', 'src', 'index.ts')],
  target: 'browser',
  format: 'esm',
  minify: true,
})
const library = (await built.outputs[0]?.text()) ?? ''

const server = Bun.spawn(['bun', join(root, 'e2e', 'corpus-server.ts')], {
  env: { ...process.env, PORT: '0' },
  stdout: 'pipe',
})
const reader = server.stdout.getReader()
let banner = ''
while (!/listening (\d+)/.test(banner)) banner += new TextDecoder().decode((await reader.read()).value)
const origin = `http://127.0.0.1:${/listening (\d+)/.exec(banner)?.[1]}`

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  let longest = { path: '', elements: 0 }
  for (const path of PAGES) {
    await page.goto(`${origin}/v/orig/${path}`, { waitUntil: 'load' })
    const elements = await page.evaluate(() => document.body.querySelectorAll('*').length)
    if (elements > longest.elements) longest = { path, elements }
  }
  const load = async (variant: string) => {
    await page.goto(`${origin}/v/${variant}/${longest.path}`, { waitUntil: 'load' })
    await page.evaluate(async (source) => {
      const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))
      Object.assign(window, { __anchoring: await import(url) })
    }, library)
  }
  await load('orig')
  type Lib = {
    captureAnchor: (e: Element, x: number, y: number) => unknown
    resolveAnchors: (d: Document, a: unknown[]) => { status: string }[]
  }
  const anchors = await page.evaluate((count) => {
    const lib = (window as unknown as { __anchoring: Lib }).__anchoring
    const elements = [...document.body.querySelectorAll('*')].filter((element) => {
      const rect = element.getBoundingClientRect()
      return rect.width >= 8 && rect.height >= 8 && element.localName !== 'div'
    })
    return Array.from({ length: count }, (_, i) => {
      const element = elements[Math.floor((i * elements.length) / count)] as Element
      const rect = element.getBoundingClientRect()
      return lib.captureAnchor(element, rect.left + rect.width / 2, rect.top + rect.height / 2)
    })
  }, PINS)
  console.log(
    `${longest.path}: ${longest.elements} elements, ${anchors.length} pins, median of ${ROUNDS} runs`,
  )
  for (const variant of ['orig', 'insert', 'words~wrap']) {
    if (variant !== 'orig') await load(variant)
    const times = await page.evaluate(
      ({ anchors, rounds }) => {
        const lib = (window as unknown as { __anchoring: Lib }).__anchoring
        const result: { ms: number; found: number }[] = []
        for (let i = 0; i < rounds; i += 1) {
          const start = performance.now()
          const resolved = lib.resolveAnchors(document, anchors)
          result.push({
            ms: performance.now() - start,
            found: resolved.filter((r) => r.status === 'found').length,
          })
        }
        return result
      },
      { anchors, rounds: ROUNDS },
    )
    const sorted = times.map((t) => t.ms).sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0
    console.log(
      `  ${variant.padEnd(12)} resolve ${PINS} pins: ${median.toFixed(1)} ms (min ${sorted[0]?.toFixed(1)} ms), found ${times[0]?.found}`,
    )
  }
} finally {
  await browser.close()
  server.kill()
}
