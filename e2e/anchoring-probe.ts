/**
 * What the anchoring suite (anchoring.spec.ts) runs inside a corpus page through the bridge's
 * `__pinpointAnchoring`: resolving stored anchors again, and carrying them to a new revision of the page.
 */
import type { Page } from '@playwright/test'

export interface Target {
  gt: string
  /** data-gt of the element and its ancestors: deleting any of them removes the pinned element. */
  lineage: string[]
  anchor: unknown
}

export interface Outcome {
  gt: string | null
  status: 'found' | 'inactive'
  reason?: string
  /** What was found, for the log of a misplaced pin. */
  detail?: string
}

export async function resolveTargets(page: Page, targets: Target[]): Promise<Outcome[]> {
  return page.evaluate(
    (anchors) => {
      type Result =
        | { status: 'found'; element: Element; confidence: number; method: string }
        | { status: 'inactive'; reason: string }
      const anchoring = (
        window as unknown as {
          __pinpointAnchoring: { resolveAnchors: (d: Document, a: unknown[]) => Result[] }
        }
      ).__pinpointAnchoring
      return anchoring.resolveAnchors(document, anchors).map((result) =>
        result.status === 'found'
          ? {
              status: 'found' as const,
              gt: result.element.getAttribute('data-gt'),
              detail: `${result.element.localName} "${(result.element.textContent ?? '').trim().slice(0, 50)}" by ${result.method} at ${result.confidence}`,
            }
          : { status: 'inactive' as const, gt: null, reason: result.reason },
      )
    },
    targets.map((target) => target.anchor),
  )
}

/**
 * Carries every pin into the page on screen (revision 2) with the bridge's carryAnchors, then resolves each
 * fresh anchor again from scratch: where a carried pin lands is judged by its new anchor, as revision 2
 * will place it from then on.
 */
export async function carryTargets(page: Page, targets: Target[]): Promise<Outcome[]> {
  return page.evaluate(
    (anchors) => {
      type Carried =
        | { status: 'reanchored'; anchor: unknown; method: string; confidence: number }
        | { status: 'needs-new-spot'; reason: string }
      type Result = { status: 'found'; element: Element } | { status: 'inactive'; reason: string }
      const anchoring = (
        window as unknown as {
          __pinpointAnchoring: {
            carryAnchors: (a: { id: string; anchor: unknown }[], c: unknown) => Map<string, Carried>
            createResolveContext: (d: Document) => unknown
            resolveAnchors: (d: Document, a: unknown[]) => Result[]
          }
        }
      ).__pinpointAnchoring
      const carried = anchoring.carryAnchors(
        anchors.map((anchor, i) => ({ id: String(i), anchor })),
        anchoring.createResolveContext(document),
      )
      return anchors.map((_, i) => {
        const result = carried.get(String(i))
        if (result?.status !== 'reanchored')
          return { status: 'inactive' as const, gt: null, reason: result?.reason ?? 'none' }
        const [again] = anchoring.resolveAnchors(document, [result.anchor])
        if (again?.status !== 'found')
          return {
            status: 'inactive' as const,
            gt: null,
            reason: `carried anchor not found: ${again?.reason}`,
          }
        return {
          status: 'found' as const,
          gt: again.element.getAttribute('data-gt'),
          detail: `${again.element.localName} "${(again.element.textContent ?? '').trim().slice(0, 50)}" carried by ${result.method} at ${result.confidence}`,
        }
      })
    },
    targets.map((target) => target.anchor),
  )
}
