/**
 * The document's visible text as one normalised string, with each text node's range in it. Built once per
 * resolution pass (one walk over the text nodes) and shared by every pin: it gives an element's text
 * quote context (prefix and suffix) and maps a quote found in the string back to elements.
 */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE'])

// The DOM's constants by value: the index works on any document (another window's, a test's) without
// reaching for the globals of the one running this code.
const SHOW_ELEMENT = 1
const SHOW_TEXT = 4
const FILTER_ACCEPT = 1
const FILTER_REJECT = 2
const FILTER_SKIP = 3
const TEXT_NODE = 3

/** Elements the bridge adds to the page (pins); never part of the page's text or structure. */
export const BRIDGE_ATTRIBUTE = 'data-pinpoint-host'

export interface TextIndex {
  text: string
  /**
   * Range [start, end) of the element's text in `text`. An element without text gets the empty range at
   * its place in the text (after the text before it), so an image has a context too; null when the
   * element is outside the indexed part of the document.
   */
  rangeOf(element: Element): { start: number; end: number } | null
  /** The text node covering a position of `text`. */
  nodeAt(position: number): Text | null
}

export function buildTextIndex(doc: Document): TextIndex {
  const nodes: Text[] = []
  const starts: number[] = []
  const ends: number[] = []
  const position = new Map<Text, number>()
  let text = ''
  let pendingSpace = false
  const root = doc.body ?? doc.documentElement
  // Elements are visited too, so a script, a style or a pin is rejected with its whole subtree once,
  // instead of every text node looking up its ancestors.
  const walker = doc.createTreeWalker(root, SHOW_ELEMENT | SHOW_TEXT, {
    acceptNode(node) {
      if (node.nodeType === TEXT_NODE) return FILTER_ACCEPT
      const element = node as Element
      if (SKIPPED.has(element.tagName) || element.hasAttribute(BRIDGE_ATTRIBUTE)) return FILTER_REJECT
      return FILTER_SKIP
    },
  })
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const raw = node.data
    const collapsed = raw.replace(/\s+/g, ' ')
    const trimmedStart = collapsed.replace(/^ /, '')
    const leading = collapsed.length !== trimmedStart.length
    const content = trimmedStart.replace(/ $/, '')
    if (content === '') {
      if (raw.length > 0 && text !== '') pendingSpace = true
      continue
    }
    if ((leading || pendingSpace) && text !== '') text += ' '
    pendingSpace = collapsed.endsWith(' ')
    position.set(node, nodes.length)
    nodes.push(node)
    starts.push(text.length)
    text += content
    ends.push(text.length)
  }

  function firstLast(element: Element): [Text, Text] | null {
    // From each end inwards, not through the whole element: a section's range costs two short walks.
    const inner = doc.createTreeWalker(element, SHOW_TEXT)
    let first = inner.nextNode() as Text | null
    while (first && !position.has(first)) first = inner.nextNode() as Text | null
    if (!first) return null
    let deepest: Node = element
    while (deepest.lastChild) deepest = deepest.lastChild
    inner.currentNode = deepest
    let last = (deepest.nodeType === TEXT_NODE ? deepest : inner.previousNode()) as Text | null
    while (last && !position.has(last)) last = inner.previousNode() as Text | null
    return last ? [first, last] : null
  }

  /** Where the text before `element` (in document order) ends: walk back to the last indexed text node. */
  function boundaryBefore(element: Element): number {
    const back = doc.createTreeWalker(root, SHOW_TEXT)
    back.currentNode = element
    for (let node = back.previousNode() as Text | null; node; node = back.previousNode() as Text | null) {
      const index = position.get(node)
      if (index !== undefined) return ends[index] ?? 0
    }
    return 0
  }

  // Every pin asks for the ranges of its candidates and their context: walk each element's text once.
  const ranges = new WeakMap<Element, { start: number; end: number } | null>()
  function rangeOf(element: Element): { start: number; end: number } | null {
    if (ranges.has(element)) return ranges.get(element) ?? null
    const range = computeRange(element)
    ranges.set(element, range)
    return range
  }

  function computeRange(element: Element): { start: number; end: number } | null {
    const pair = firstLast(element)
    if (!pair) {
      if (!root.contains(element)) return null
      const point = boundaryBefore(element)
      return { start: point, end: point }
    }
    const start = starts[position.get(pair[0]) ?? -1]
    const end = ends[position.get(pair[1]) ?? -1]
    return start === undefined || end === undefined ? null : { start, end }
  }

  return {
    text,
    rangeOf,
    nodeAt(offset) {
      let low = 0
      let high = nodes.length - 1
      while (low <= high) {
        const mid = (low + high) >> 1
        const start = starts[mid] ?? 0
        const end = ends[mid] ?? 0
        if (offset < start) high = mid - 1
        else if (offset >= end) low = mid + 1
        else return nodes[mid] ?? null
      }
      return null
    },
  }
}
