/**
 * The anchoring suite: pins placed on elements of the real corpus sites and e-mails (served from 127.0.0.1,
 * reviewed through the proxy, anchored by the injected bridge) must find the same element again after
 * (a) a reload, (b) a reload at a phone width, (c) an edit inserting content above them, and the edits of
 * EDITS below (copy changes, renamed classes, swapped sections, wrappers, a duplicated twin next to a pinned
 * element, a sentence added to pinned paragraphs, and a redesign doing several at once); a pin whose
 * element was deleted must turn inactive with a reason, never land on another element. Identity is judged
 * by `data-gt`, each element's position in the original document (added by corpus-variants.ts).
 * Last on each page, every pin is carried to "revision 2" (the redesign with every fourth pinned element
 * deleted) with the bridge's carryAnchors, as the compare view's "Carry open comments" does: a remaining
 * element's pin must be re-anchored on it (its fresh anchor, resolved again, finds that element), a deleted
 * one's must need a new spot, and none may land on another element.
 * The last test prints the per-edit table and fails when a pin landed on another element anywhere, when
 * fewer than 95 % of the pins of any edit were found (the redesign, six edits at once, included), or fewer
 * than 85 % of the remaining pins were carried (a redesign and deletions at once).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import {
  CARRY_LABEL,
  ANCHORING_EDITS as EDITS,
  isDeleted,
  ANCHORING_PAGES as PAGES,
  PINS_PER_PAGE,
  REDESIGN,
} from './anchoring-cases'
import { carryTargets, type Outcome, resolveTargets, type Target } from './anchoring-probe'
import { type CorpusServer, createWebsiteCanvas, signUpMember, startCorpusServer } from './review-fixtures'

const BASE_EDITS = ['reload', 'phone-width reload', 'content inserted above']

/** Picks up to `max` visible elements with text of their own or a media role, evenly through the page. */
async function captureTargets(page: Page, max: number): Promise<Target[]> {
  return page.evaluate((limit) => {
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
    const anchoring = (
      window as unknown as {
        __pinpointAnchoring: {
          captureAnchor: (e: Element, x: number, y: number) => unknown
          anchorElementFor: (e: Element) => Element
        }
      }
    ).__pinpointAnchoring
    return picked.map((element) => {
      const rect = element.getBoundingClientRect()
      const anchored = anchoring.anchorElementFor(element)
      const lineage: string[] = []
      for (let node: Element | null = anchored; node; node = node.parentElement) {
        const gt = node.getAttribute('data-gt')
        if (gt) lineage.push(gt)
      }
      return {
        gt: anchored.getAttribute('data-gt') ?? '',
        lineage,
        anchor: anchoring.captureAnchor(element, rect.left + rect.width * 0.3, rect.top + rect.height * 0.6),
      }
    })
  }, max)
}

function labelOf(target: Target | undefined): string {
  const fingerprint = (target?.anchor as { fingerprint?: { tag: string; text: string } } | undefined)
    ?.fingerprint
  return fingerprint ? `${fingerprint.tag} "${fingerprint.text.slice(0, 50)}"` : '?'
}

async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForFunction(() => '__pinpointAnchoring' in window)
  // Let the page's own scripts (carousels, plugins) finish their first changes.
  await page.waitForTimeout(300)
}

interface PageResult {
  path: string
  checked: number
  survived: number
  misplaced: number
  deleted: number
  deletedInactive: number
  deletedMisplaced: number
  /** Per edit (reload, resize, insertion and EDITS): pins found on their element, lost, misplaced. */
  edits: Record<string, EditCounts>
  /** Pins of deleted elements carried to revision 2: needing a new spot, or (never) placed elsewhere. */
  carryDeleted: number
  carryDeletedNewSpot: number
  carryDeletedMisplaced: number
}

interface EditCounts {
  found: number
  lost: number
  misplaced: number
}

/** Per-page results go to a file of this run: a failed page restarts the worker, which forgets memory. */
function resultsFile(): string {
  return join(process.env.PINPOINT_E2E_DATA_DIR ?? '/tmp', 'anchoring-results.jsonl')
}

/** Per-edit totals over all pages, in the order the edits ran. */
function editTable(results: PageResult[]): Map<string, EditCounts> {
  const table = new Map<string, EditCounts>()
  for (const result of results) {
    for (const [label, counts] of Object.entries(result.edits ?? {})) {
      const row = table.get(label) ?? { found: 0, lost: 0, misplaced: 0 }
      row.found += counts.found
      row.lost += counts.lost
      row.misplaced += counts.misplaced
      table.set(label, row)
    }
  }
  return table
}

let corpus: CorpusServer
let proxyBase: string

test.describe('anchoring on the corpus', () => {
  test.describe.configure({ mode: 'default' })
  test.setTimeout(120_000)

  test.beforeAll(async ({ playwright, baseURL }) => {
    corpus = await startCorpusServer()
    const request = await playwright.request.newContext({ baseURL })
    await signUpMember(request, 'Anchor Tester')
    proxyBase = (await createWebsiteCanvas(request, `${corpus.origin}/`)).proxyBase
    await request.dispose()
  })

  test.afterAll(() => {
    corpus?.stop()
  })

  for (const path of PAGES) {
    test(`pins survive on ${path}`, async ({ page }) => {
      // The variant in the query: an edited page keeps the URL of every image and link it did not edit.
      const url = (variant: string) => `${proxyBase}/${path}?variant=${variant}`
      await page.setViewportSize({ width: 1280, height: 900 })
      await open(page, url('orig'))
      const targets = await captureTargets(page, PINS_PER_PAGE)
      expect(targets.length).toBeGreaterThan(5)
      const result: PageResult = {
        path,
        checked: 0,
        survived: 0,
        misplaced: 0,
        deleted: 0,
        deletedInactive: 0,
        deletedMisplaced: 0,
        edits: {},
        carryDeleted: 0,
        carryDeletedNewSpot: 0,
        carryDeletedMisplaced: 0,
      }
      const score = (outcomes: Outcome[], label: string, pinned: Target[] = targets) => {
        const counts: EditCounts = { found: 0, lost: 0, misplaced: 0 }
        result.edits[label] = counts
        outcomes.forEach((outcome, i) => {
          const expected = pinned[i]?.gt
          const base = BASE_EDITS.includes(label)
          if (base) result.checked += 1
          if (outcome.status === 'found' && outcome.gt === expected) {
            counts.found += 1
            if (base) result.survived += 1
          } else if (outcome.status === 'found') {
            counts.misplaced += 1
            if (base) result.misplaced += 1
            console.log(
              `  misplaced after ${label} on ${path}: gt ${expected} -> ${outcome.gt} ${outcome.detail} (wanted ${labelOf(pinned[i])})`,
            )
          } else {
            counts.lost += 1
            console.log(
              `  lost after ${label} on ${path}: gt ${expected} ${labelOf(pinned[i])} (${outcome.reason})`,
            )
          }
        })
      }

      await open(page, url('orig'))
      score(await resolveTargets(page, targets), 'reload')

      await page.setViewportSize({ width: 375, height: 812 })
      await open(page, url('orig'))
      score(await resolveTargets(page, targets), 'phone-width reload')

      await page.setViewportSize({ width: 1280, height: 900 })
      await open(page, url('insert'))
      expect(await page.locator('[data-test-inserted]').count()).toBeGreaterThan(0)
      score(await resolveTargets(page, targets), 'content inserted above')

      for (const edit of EDITS) {
        const picked = edit.pick ? targets.filter((target, i) => edit.pick?.(target, i)).map((t) => t.gt) : []
        const variant = edit.pick ? `${edit.variant}-${picked.join('.')}` : edit.variant
        await open(page, url(variant))
        score(await resolveTargets(page, targets), edit.label)
      }

      // Delete every fourth pinned element; pins inside a deleted element go with it.
      const deleted = new Set(targets.filter((_, i) => isDeleted(i)).map((target) => target.gt))
      await open(page, url(`del-${[...deleted].join('.')}`))
      const afterDelete = await resolveTargets(page, targets)
      targets.forEach((target, i) => {
        const outcome = afterDelete[i] as Outcome
        if (!target.lineage.some((gt) => deleted.has(gt))) return
        result.deleted += 1
        if (outcome.status === 'inactive') {
          result.deletedInactive += 1
          expect(outcome.reason).toBeTruthy()
        } else {
          result.deletedMisplaced += 1
          console.log(
            `  deleted gt ${target.gt} ${labelOf(target)} on ${path} was placed on gt ${outcome.gt} ${outcome.detail}`,
          )
        }
      })

      // Carry every pin to revision 2: the redesign with those same elements deleted. A pin of a remaining
      // element is re-anchored on it (its new anchor finds it again), one of a deleted element needs a new
      // spot; none lands on another element.
      const redesign = EDITS.find((edit) => edit.label === REDESIGN)
      const sentence = targets.filter((target, i) => redesign?.pick?.(target, i)).map((t) => t.gt)
      await open(page, url(`${redesign?.variant}-${sentence.join('.')}~del-${[...deleted].join('.')}`))
      const carried = await carryTargets(page, targets)
      const kept: Outcome[] = []
      targets.forEach((target, i) => {
        const outcome = carried[i] as Outcome
        if (!target.lineage.some((gt) => deleted.has(gt))) {
          kept.push(outcome)
          return
        }
        result.carryDeleted += 1
        if (outcome.status === 'inactive') result.carryDeletedNewSpot += 1
        else {
          result.carryDeletedMisplaced += 1
          console.log(
            `  carried: deleted gt ${target.gt} ${labelOf(target)} on ${path} was placed on gt ${outcome.gt} ${outcome.detail}`,
          )
        }
      })
      const keptTargets = targets.filter((target) => !target.lineage.some((gt) => deleted.has(gt)))
      score(kept, CARRY_LABEL, keptTargets)
      appendFileSync(resultsFile(), `${JSON.stringify(result)}\n`)
      expect(result.survived / result.checked).toBeGreaterThanOrEqual(0.9)
    })
  }

  test('overall survival is at least 95 % and deleted elements turn inactive', () => {
    const lines = existsSync(resultsFile()) ? readFileSync(resultsFile(), 'utf8').trim().split('\n') : []
    // A retried page (CI retries once) wrote its line again: the last one counts.
    const byPath = new Map(lines.map((line) => JSON.parse(line) as PageResult).map((r) => [r.path, r]))
    const results = [...byPath.values()]
    const totals = {
      checked: 0,
      survived: 0,
      misplaced: 0,
      deleted: 0,
      deletedInactive: 0,
      deletedMisplaced: 0,
    }
    for (const result of results) {
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += result[key]
    }
    const percent = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`
    console.log(
      `\nAnchoring on ${results.length} corpus pages (${totals.checked / 3} pins, each checked 3 times):`,
    )
    console.log(
      `  survival (reload, phone-width reload, insertion above): ${totals.survived}/${totals.checked} = ${percent(totals.survived, totals.checked)}`,
    )
    console.log(`  misplaced on another element: ${totals.misplaced}`)
    console.log(
      `  deleted elements turned inactive: ${totals.deletedInactive}/${totals.deleted} = ${percent(totals.deletedInactive, totals.deleted)}, misplaced: ${totals.deletedMisplaced}`,
    )
    for (const r of results)
      console.log(
        `  ${r.path}: ${r.survived}/${r.checked} survived, ${r.deletedInactive}/${r.deleted} deleted inactive`,
      )
    const table = editTable(results)
    console.log(`\n| Edit of the page | Found | Lost (inactive) | Landed on another element |`)
    console.log('|---|---|---|---|')
    for (const [label, c] of table) {
      const all = c.found + c.lost + c.misplaced
      console.log(
        `| ${label} | ${c.found} / ${all} (${percent(c.found, all)}) | ${c.lost} | ${c.misplaced} |`,
      )
    }
    console.log(
      `| pinned element deleted | — | ${totals.deletedInactive} / ${totals.deleted} inactive | ${totals.deletedMisplaced} |`,
    )
    const carry = { deleted: 0, newSpot: 0, misplaced: 0 }
    for (const r of results) {
      carry.deleted += r.carryDeleted ?? 0
      carry.newSpot += r.carryDeletedNewSpot ?? 0
      carry.misplaced += r.carryDeletedMisplaced ?? 0
    }
    console.log(
      `| pinned element deleted in revision 2, carried | — | ${carry.newSpot} / ${carry.deleted} need a new spot | ${carry.misplaced} |`,
    )
    expect(results.length).toBe(PAGES.length)
    expect(totals.survived / totals.checked).toBeGreaterThanOrEqual(0.95)
    // Issue 16: a deleted element's pin is inactive, every time.
    expect(totals.deletedInactive).toBe(totals.deleted)
    // Issue 16: never on another element, after any edit or a deletion.
    expect([...table.keys()]).toEqual([...BASE_EDITS, ...EDITS.map((edit) => edit.label), CARRY_LABEL])
    for (const [label, c] of table) expect(c.misplaced, `pins on another element after "${label}"`).toBe(0)
    expect(totals.deletedMisplaced, 'deleted elements whose pin landed elsewhere').toBe(0)
    // Carried to revision 2 (issue 17): a deleted element's pin needs a new spot, every time, never
    // another element; the remaining ones never land on another element either (the table's check).
    expect(carry.deleted).toBeGreaterThan(0)
    expect(carry.newSpot, 'carried pins of deleted elements needing a new spot').toBe(carry.deleted)
    expect(carry.misplaced, 'carried pins of deleted elements placed elsewhere').toBe(0)
    // Carrying to a revision that both redesigned and deleted: at least 85 % of the remaining pins are
    // re-anchored (88.2 % measured when the row was added); the others need a new spot, none is misplaced.
    const carried = table.get(CARRY_LABEL) ?? { found: 0, lost: 0, misplaced: 0 }
    expect(carried.found / Math.max(1, carried.found + carried.lost), 'pins carried').toBeGreaterThanOrEqual(
      0.85,
    )
    // Every edit keeps 95 % of its pins, the redesign (six edits at once) too (decision 049).
    for (const [label, c] of table) {
      if (label === CARRY_LABEL) continue
      expect(
        c.found / Math.max(1, c.found + c.lost + c.misplaced),
        `survival of "${label}"`,
      ).toBeGreaterThanOrEqual(0.95)
    }
  })
})
