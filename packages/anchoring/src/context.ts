/**
 * State shared by the pins of one resolution pass: one text index of the page, one cache of element
 * texts, and a lazily built index of the page's elements by identity (tag, text, identifying attributes),
 * one per tag. Built once per pass, so no pin scans the whole document on its own: counting an element's
 * look-alikes or finding the stored element wherever it moved is one map lookup.
 */
import { identityKey, TextCache } from './fingerprint'
import { DEPTH, elementAtPath, parsePath, type Step } from './structure'
import { BRIDGE_ATTRIBUTE, buildTextIndex, type TextIndex } from './text-index'

export interface ResolveContext {
  doc: Document
  index: TextIndex
  texts: TextCache
  /** Elements of `tag` by identity key, in document order (pins excluded). */
  identities(tag: string): Map<string, Element[]>
  /** The stored CSS path as steps, nearest first, as deep as structure is compared (parsed once). */
  stepsOf(css: string): Step[]
  /** The element at the stored CSS path now, if any. */
  atPath(css: string): Element | null
  /** An element's box (layout is read once per element and pass). */
  rectOf(element: Element): DOMRect
  /** Elements' own steps, shared by the candidates of every pin (see structure.ts). */
  chainCache: WeakMap<Element, Step>
}

export function createResolveContext(doc: Document): ResolveContext {
  const texts = new TextCache()
  const byTag = new Map<string, Map<string, Element[]>>()
  const paths = new Map<string, { steps: Step[]; complete: boolean }>()
  const rects = new WeakMap<Element, DOMRect>()
  const pathOf = (css: string) => {
    let path = paths.get(css)
    if (!path) {
      path = parsePath(css)
      paths.set(css, path)
    }
    return path
  }
  return {
    doc,
    index: buildTextIndex(doc),
    texts,
    chainCache: new WeakMap(),
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
      return pathOf(css).steps.slice(0, DEPTH)
    },
    atPath(css) {
      const walked = elementAtPath(doc, pathOf(css))
      if (walked !== undefined) return walked
      try {
        return doc.querySelector(css)
      } catch {
        // A selector stored by an older client that this browser rejects: the other selectors still apply.
        return null
      }
    },
    rectOf(element) {
      let rect = rects.get(element)
      if (!rect) {
        rect = element.getBoundingClientRect()
        rects.set(element, rect)
      }
      return rect
    },
  }
}

/** Elements of the page with the same identity as `element` (itself included), from the pass's index. */
export function lookAlikes(element: Element, context: ResolveContext): number {
  return context.identities(element.localName).get(identityKey(element, context.texts))?.length ?? 0
}
