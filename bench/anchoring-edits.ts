/**
 * The anchoring suite's per-edit table in seconds rather than minutes, for developing the resolver: the
 * same pages, pins and edits as e2e/anchoring.spec.ts, judged the same way (by `data-gt`), but straight
 * against e2e/corpus-server.ts with the library injected (no server, proxy or bridge). The spec stays the
 * judge; this is the quick loop. Prints every misplaced and lost pin, then the table.
 *
 * Run: `bun bench/anchoring-edits.ts [page-substring...]`.
 */
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { ANCHORING_EDITS, isDeleted, ANCHORING_PAGES as PAGES, PINS_PER_PAGE } from '../e2e/anchoring-cases'

const root = join(import.meta.dir, '..')
interface Target {
  gt: string
  lineage: string[]
  anchor: { fingerprint: { tag: string; text: string } }
}
const EDITS: { label: string; variant: string; pick?: (target: Target, i: number) => boolean }[] = [
  { label: 'reload', variant: 'orig' },
  { label: 'content inserted above', variant: 'insert' },
  ...ANCHORING_EDITS,
]

const built = await Bun.build({
  entrypoints: [join(root, 'packages', 'anchoring', 'src', 'index.ts')],
  target: 'browser',
  format: 'esm',
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

async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' })
  await page.evaluate(async (source) => {
    const blob = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))
    Object.assign(window, { __anchoring: await import(blob) })
  }, library)
  await page.waitForTimeout(300)
}

type Lib = {
  createResolveContext: (d: Document) => unknown
  contextOf?: unknown
  explainResolution: (
    a: unknown,
    c: unknown,
  ) => { candidates: ({ element: Element } & Record<string, unknown>)[] }
  captureAnchor: (e: Element, x: number, y: number) => unknown
  anchorElementFor: (e: Element) => Element
  resolveAnchors: (
    d: Document,
    a: unknown[],
  ) => (
    | { status: 'found'; element: Element; method: string; confidence: number }
    | { status: 'inactive'; reason: string }
  )[]
}

async function capture(page: Page): Promise<Target[]> {
  return page.evaluate((limit) => {
    const lib = (window as unknown as { __anchoring: Lib }).__anchoring
    const media = new Set([
      'img',
      'input',
      'button',
      'textarea',
      'select',
      'svg',
      'canvas',
      'video',
      'iframe',
    ])
    const candidates = [...document.body.querySelectorAll('[data-gt]')].filter((element) => {
      const rect = element.getBoundingClientRect()
      if (rect.width < 8 || rect.height < 8 || getComputedStyle(element).visibility === 'hidden') return false
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === 3 && (node.textContent ?? '').trim().length > 2,
      )
      return ownText || media.has(element.localName)
    })
    const step = Math.max(1, candidates.length / limit)
    const picked: Element[] = []
    for (let i = 0; i < candidates.length && picked.length < limit; i += step)
      picked.push(candidates[Math.floor(i)] as Element)
    return picked.map((element) => {
      const rect = element.getBoundingClientRect()
      const anchored = lib.anchorElementFor(element)
      const lineage: string[] = []
      for (let node: Element | null = anchored; node; node = node.parentElement) {
        const gt = node.getAttribute('data-gt')
        if (gt) lineage.push(gt)
      }
      return {
        gt: anchored.getAttribute('data-gt') ?? '',
        lineage,
        anchor: lib.captureAnchor(element, rect.left + rect.width * 0.3, rect.top + rect.height * 0.6),
      } as Target
    })
  }, PINS_PER_PAGE)
}

async function resolve(page: Page, targets: Target[]) {
  return page.evaluate(
    ({ anchors, gts, debug }) => {
      const lib = (window as unknown as { __anchoring: Lib }).__anchoring
      const start = performance.now()
      const resolved = lib.resolveAnchors(document, anchors)
      const ms = performance.now() - start
      const explain = (i: number) => {
        if (!debug) return ''
        const anchor = anchors[i] as unknown as {
          css: string
          quote: unknown
          fingerprint: { dupes?: number }
        }
        const context = lib.createResolveContext(document)
        const { candidates } = lib.explainResolution(anchor, context)
        const mine = document.querySelector(`[data-gt="${gts[i]}"]`)
        const shown = candidates.map(({ element, ...rest }) => ({
          gt: element.getAttribute('data-gt') ?? 'clone',
          ...rest,
        }))
        return JSON.stringify({
          css: anchor.css,
          quote: anchor.quote,
          dupes: anchor.fingerprint.dupes,
          mineConsidered: candidates.some((c) => c.element === mine),
          c: shown,
        })
      }
      const results = resolved.map((r, i) =>
        r.status === 'found'
          ? {
              debug: r.element.getAttribute('data-gt') === gts[i] ? '' : explain(i),
              gt: r.element.getAttribute('data-gt') ?? 'clone',
              detail: `${r.element.localName} "${(r.element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}" by ${r.method} at ${r.confidence}`,
            }
          : { gt: null, detail: r.reason, debug: explain(i) },
      )
      return { results, ms }
    },
    { anchors: targets.map((t) => t.anchor), gts: targets.map((t) => t.gt), debug: !!process.env.DEBUG },
  )
}

const only = process.argv.slice(2)
const table = new Map<string, { found: number; lost: number; misplaced: number }>()
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  for (const path of PAGES.filter((p) => only.length === 0 || only.some((o) => p.includes(o)))) {
    await open(page, `${origin}/v/orig/${path}`)
    const targets = await capture(page)
    const label = (t?: Target) =>
      t ? `${t.anchor.fingerprint.tag} "${t.anchor.fingerprint.text.slice(0, 50)}"` : '?'
    for (const edit of EDITS) {
      const picked = edit.pick ? targets.filter((t, i) => edit.pick?.(t, i)).map((t) => t.gt) : []
      await open(
        page,
        `${origin}/v/${edit.pick ? `${edit.variant}-${picked.join('.')}` : edit.variant}/${path}`,
      )
      const { results } = await resolve(page, targets)
      const row = table.get(edit.label) ?? { found: 0, lost: 0, misplaced: 0 }
      table.set(edit.label, row)
      results.forEach((r, i) => {
        const t = targets[i] as Target
        if (r.gt === t.gt) row.found += 1
        else if (r.gt) {
          row.misplaced += 1
          console.log(`MISPLACED ${edit.label} ${path}: gt ${t.gt} ${label(t)} -> gt ${r.gt} ${r.detail}`)
          if (process.env.DEBUG) console.log(r.debug)
        } else {
          row.lost += 1
          console.log(`lost ${edit.label} ${path}: gt ${t.gt} ${label(t)} (${r.detail})`)
          if (process.env.DEBUG === 'all') console.log(r.debug)
        }
      })
    }
    const deleted = new Set(targets.filter((_, i) => isDeleted(i)).map((t) => t.gt))
    await open(page, `${origin}/v/del-${[...deleted].join('.')}/${path}`)
    const { results } = await resolve(page, targets)
    const row = table.get('deleted') ?? { found: 0, lost: 0, misplaced: 0 }
    table.set('deleted', row)
    targets.forEach((t, i) => {
      if (!t.lineage.some((gt) => deleted.has(gt))) return
      const r = results[i]
      if (r?.gt) {
        row.misplaced += 1
        console.log(`MISPLACED deleted ${path}: gt ${t.gt} ${label(t)} -> gt ${r.gt} ${r.detail}`)
        if (process.env.DEBUG) console.log(r.debug)
      } else row.lost += 1
    })
  }
} finally {
  await browser.close()
  server.kill()
}
console.log('\n| edit | found | lost | misplaced |')
for (const [label, c] of table) {
  const all = c.found + c.lost + c.misplaced
  console.log(
    `| ${label} | ${c.found}/${all} (${((c.found / Math.max(1, all)) * 100).toFixed(1)} %) | ${c.lost} | ${c.misplaced} |`,
  )
}
