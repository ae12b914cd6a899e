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

const DEPTH = 10

/** The stored CSS path as steps, nearest first (`#main > div:nth-of-type(2) > p`). */
export function stepsOfPath(css: string): Step[] {
  const steps: Step[] = []
  for (const part of css.split(' > ').reverse()) {
    if (part.startsWith('#')) {
      steps.push({ tag: '', nth: 1, id: part.slice(1).replace(/\\(.)/g, '$1') })
      break
    }
    const match = /^([\w-]+)(?::nth-of-type\((\d+)\))?$/.exec(part)
    if (!match) break
    steps.push({ tag: (match[1] ?? '').toLowerCase(), nth: Number(match[2] ?? 1) })
    if (steps.length >= DEPTH) break
  }
  return steps
}

/** A candidate's chain, nearest first, as deep as the stored one may be. */
export function stepsOf(element: Element): Step[] {
  const steps: Step[] = []
  for (let node: Element | null = element; node && steps.length < DEPTH + 4; node = node.parentElement) {
    let nth = 1
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (sibling.localName === node.localName && !sibling.hasAttribute(BRIDGE_ATTRIBUTE)) nth += 1
    }
    const id = node.getAttribute('id')
    steps.push(id ? { tag: node.localName, nth, id } : { tag: node.localName, nth })
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
