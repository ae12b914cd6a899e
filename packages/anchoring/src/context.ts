/**
 * State shared by the pins of one resolution pass: one text index of the page, one cache of element
 * texts, and a lazily built index of the page's elements by identity (tag, text, identifying attributes),
 * one per tag. Built once per pass, so no pin scans the whole document on its own: counting an element's
 * look-alikes or finding the stored element wherever it moved is one map lookup.
 */
import { identityKey, TextCache } from './fingerprint'
import { type Step, stepsOfPath } from './structure'
import { BRIDGE_ATTRIBUTE, buildTextIndex, type TextIndex } from './text-index'

export interface ResolveContext {
  doc: Document
  index: TextIndex
  texts: TextCache
  /** Elements of `tag` by identity key, in document order (pins excluded). */
  identities(tag: string): Map<string, Element[]>
  /** The stored CSS path as steps (parsed once per path). */
  stepsOf(css: string): Step[]
}

export function createResolveContext(doc: Document): ResolveContext {
  const texts = new TextCache()
  const byTag = new Map<string, Map<string, Element[]>>()
  const steps = new Map<string, Step[]>()
  return {
    doc,
    index: buildTextIndex(doc),
    texts,
    identities(tag) {
      let map = byTag.get(tag)
      if (!map) {
        map = new Map()
        for (const element of Array.from(doc.getElementsByTagName(tag))) {
          if (element.closest(`[${BRIDGE_ATTRIBUTE}]`)) continue
          const key = identityKey(element, texts)
          const list = map.get(key)
          if (list) list.push(element)
          else map.set(key, [element])
        }
        byTag.set(tag, map)
      }
      return map
    },
    stepsOf(css) {
      let found = steps.get(css)
      if (!found) {
        found = stepsOfPath(css)
        steps.set(css, found)
      }
      return found
    },
  }
}

/** Elements of the page with the same identity as `element` (itself included), from the pass's index. */
export function lookAlikes(element: Element, context: ResolveContext): number {
  return context.identities(element.localName).get(identityKey(element, context.texts))?.length ?? 0
}
