/**
 * Structural evidence: how much of the stored element's ancestor chain (its CSS path, read back as a list
 * of `tag` + index among same-tag siblings, nearest first) a candidate still has. Compared as an ordered
 * alignment, so a wrapper inserted between two ancestors costs one step, not the whole chain, and the
 * indexes tell apart identical elements in different cards, rows or tables ("Jacob" in two equal tables).
 * Old anchors need nothing new: the chain is the CSS path they already store.
 */
import { BRIDGE_ATTRIBUTE } from './text-index'

export interface Step {
  /** Lower-case tag, or '' for an id step. */
  tag: string
  /** 1-based index among siblings of the same tag (1 when it had none). */
  nth: number
  id?: string
}

export const DEPTH = 10

/**
 * The stored CSS path as steps, nearest first (`#main > div:nth-of-type(2) > p`), up to the first id;
 * `complete` when every part was understood (then the path can be walked without a selector engine).
 */
export function parsePath(css: string): { steps: Step[]; complete: boolean } {
  const steps: Step[] = []
  for (const part of css.split(' > ').reverse()) {
    if (part.startsWith('#')) {
      steps.push({ tag: '', nth: 1, id: part.slice(1).replace(/\\(.)/g, '$1') })
      return { steps, complete: true }
    }
    const match = /^([\w-]+)(?::nth-of-type\((\d+)\))?$/.exec(part)
    if (!match) return { steps, complete: false }
    steps.push({ tag: (match[1] ?? '').toLowerCase(), nth: Number(match[2] ?? 1) })
  }
  return { steps, complete: steps[steps.length - 1]?.tag === 'html' }
}

/** The stored CSS path as steps, nearest first, as deep as structure is compared. */
export function stepsOfPath(css: string): Step[] {
  return parsePath(css).steps.slice(0, DEPTH)
}

/**
 * The element a complete path designates now, walked from its id or the root (what `querySelector` would
 * answer, without matching the selector against every element of the page); undefined when the path
 * cannot be walked, null when nothing is there.
 */
export function elementAtPath(
  doc: Document,
  path: { steps: Step[]; complete: boolean },
): Element | null | undefined {
  const { steps, complete } = path
  const far = steps[steps.length - 1]
  if (!complete || !far) return undefined
  let node: Element | null = far.id !== undefined ? doc.getElementById(far.id) : doc.documentElement
  for (let i = steps.length - 2; i >= 0 && node; i -= 1) {
    const step = steps[i] as Step
    let count = 0
    let next: Element | null = null
    for (let child = node.firstElementChild; child; child = child.nextElementSibling) {
      if (child.localName !== step.tag || child.hasAttribute(BRIDGE_ATTRIBUTE)) continue
      count += 1
      if (count === step.nth) {
        next = child
        break
      }
    }
    node = next
  }
  return node
}

/**
 * A candidate's chain, nearest first, as deep as the stored one may be. `cache` (one per resolution pass)
 * keeps each element's own step: candidates share their ancestors, and counting a row's earlier siblings
 * in a long table is the costly part.
 */
export function stepsOf(element: Element, cache?: WeakMap<Element, Step>): Step[] {
  const steps: Step[] = []
  for (let node: Element | null = element; node && steps.length < DEPTH + 4; node = node.parentElement) {
    let step = cache?.get(node)
    if (!step) {
      let nth = 1
      for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
        if (sibling.localName === node.localName && !sibling.hasAttribute(BRIDGE_ATTRIBUTE)) nth += 1
      }
      const id = node.getAttribute('id')
      step = id ? { tag: node.localName, nth, id } : { tag: node.localName, nth }
      cache?.set(node, step)
    }
    steps.push(step)
  }
  return steps
}

function stepMatch(stored: Step, found: Step): number {
  if (stored.id !== undefined) return found.id === stored.id ? 1 : 0
  if (stored.tag !== found.tag) return 0
  return stored.nth === found.nth ? 1 : 0.5
}

/**
 * 0..1: the best ordered alignment of the stored steps onto the candidate's, nearer ancestors weighing
 * more; the element itself must be the first step on both sides.
 */
export function structureSimilarity(stored: readonly Step[], found: readonly Step[]): number {
  if (stored.length === 0 || found.length === 0) return 0
  const weight = (i: number) => 1 / (1 + 0.35 * i)
  const m = stored.length
  const n = found.length
  // best[i][j]: best weighted score aligning stored[i..] with found[j..].
  const best: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0))
  for (let i = m - 1; i >= 0; i -= 1) {
    for (let j = n - 1; j >= 0; j -= 1) {
      const row = best[i] as number[]
      const next = best[i + 1] as number[]
      const matched = stepMatch(stored[i] as Step, found[j] as Step)
      const take = matched > 0 ? weight(i) * matched + (next[j + 1] ?? 0) : 0
      row[j] = Math.max(take, next[j] ?? 0, row[j + 1] ?? 0)
    }
  }
  const first = stepMatch(stored[0] as Step, found[0] as Step)
  if (first === 0) return 0
  let total = 0
  for (let i = 0; i < m; i += 1) total += weight(i)
  const rest = (best[1] as number[])[1] ?? 0
  return Math.min(1, (weight(0) * first + rest) / total)
}
