/**
 * Edited variants of a corpus page, made with a real HTML parser (parse5, the WHATWG algorithm browsers
 * use, so the tree edited here is the tree Chromium builds from the output) and a seeded random generator
 * (the same page and variant always give the same bytes). Every element of the original gets
 * `data-gt="<n>"`, its position in document order, before any edit: the anchoring suite judges identity by
 * it. Elements an edit adds (inserted paragraphs, wrappers, duplicated twins) carry no data-gt.
 *
 * A variant is a list of edits joined by `~`, applied in order; edits with a list of element numbers take
 * them after a dash, dot-separated (`twin-3.17.40`):
 *
 * - `orig`: unchanged; `insert`: a banner at the top of <body> and a paragraph before every third p/h2-h4;
 * - `del-N...`: those elements removed; `twin-N...`: an identical copy placed right after each of them;
 * - `sentence-N...`: a sentence appended to each of them;
 * - `words`: one word replaced in every third text node of three words or more;
 * - `classes`: every class name renamed; `swap`: up to three pairs of adjacent sibling blocks with
 *   different texts swapped;
 * - `wrap`: the body's content, and every third block in a flow container, wrapped in a new <div>.
 */
import { type DefaultTreeAdapterTypes, parse, serialize } from 'parse5'

type Element = DefaultTreeAdapterTypes.Element
type ParentNode = DefaultTreeAdapterTypes.ParentNode
type ChildNode = DefaultTreeAdapterTypes.ChildNode
type TextNode = DefaultTreeAdapterTypes.TextNode

const HTML_NS = 'http://www.w3.org/1999/xhtml'
const TEXTLESS = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'textarea'])
const SWAPPABLE = new Set(['section', 'article', 'div', 'li', 'tr', 'p', 'table', 'blockquote'])
const WRAPPABLE = new Set([
  'p',
  'ul',
  'ol',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'section',
  'article',
  'form',
  'img',
])
const FLOW_PARENTS = new Set(['div', 'section', 'article', 'main', 'header', 'footer', 'td', 'li', 'aside'])
const WORDS = ['bright', 'modern', 'careful', 'gentle', 'rapid', 'honest', 'vivid', 'steady', 'quiet', 'bold']
const SENTENCE = ' This sentence was added by a later edit of the page.'

/** mulberry32: a tiny deterministic generator, seeded from the page path and the variant. */
function generator(seedText: string): () => number {
  let seed = 0x811c9dc5
  for (let i = 0; i < seedText.length; i += 1) seed = Math.imul(seed ^ seedText.charCodeAt(i), 0x01000193)
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const isElement = (node: ChildNode | ParentNode): node is Element => 'tagName' in node
const isText = (node: ChildNode): node is TextNode => node.nodeName === '#text'

function elements(root: ParentNode): Element[] {
  const found: Element[] = []
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue
      found.push(child)
      visit(child)
    }
  }
  visit(root)
  return found
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value
}

function setAttr(element: Element, name: string, value: string) {
  const existing = element.attrs.find((a) => a.name === name)
  if (existing) existing.value = value
  else element.attrs.push({ name, value })
}

function textOf(node: ParentNode): string {
  let text = ''
  for (const child of node.childNodes) {
    if (isText(child)) text += child.value
    else if (isElement(child) && !TEXTLESS.has(child.tagName)) text += textOf(child)
  }
  return text.replace(/\s+/g, ' ').trim()
}

function makeElement(tagName: string, attrs: Record<string, string>, parent: ParentNode): Element {
  return {
    nodeName: tagName,
    tagName,
    attrs: Object.entries(attrs).map(([name, value]) => ({ name, value })),
    namespaceURI: HTML_NS as Element['namespaceURI'],
    childNodes: [],
    parentNode: parent,
  }
}

function makeText(value: string, parent: ParentNode): TextNode {
  return { nodeName: '#text', value, parentNode: parent }
}

function insertAt(parent: ParentNode, index: number, nodes: ChildNode[]) {
  for (const node of nodes) node.parentNode = parent
  parent.childNodes.splice(index, 0, ...nodes)
}

function indexIn(node: ChildNode): number {
  return node.parentNode ? node.parentNode.childNodes.indexOf(node) : -1
}

/** A deep copy without data-gt and id (a pasted twin is a new element of the page). */
function cloneOf(element: Element, parent: ParentNode): Element {
  const copy: Element = {
    ...element,
    attrs: element.attrs.filter((a) => a.name !== 'data-gt' && a.name !== 'id').map((a) => ({ ...a })),
    parentNode: parent,
    childNodes: [],
  }
  copy.childNodes = element.childNodes.map((child) =>
    isElement(child) ? cloneOf(child, copy) : ({ ...child, parentNode: copy } as ChildNode),
  )
  return copy
}

function contains(ancestor: Element, node: Element): boolean {
  for (
    let current: ParentNode | null = node;
    current;
    current = isElement(current) ? current.parentNode : null
  )
    if (current === ancestor) return true
  return false
}

function insertContent(body: Element, all: Element[]) {
  let blocks = 0
  for (const element of all) {
    if (!/^(p|h2|h3|h4)$/.test(element.tagName) || ++blocks % 3 !== 0 || !element.parentNode) continue
    const paragraph = makeElement('p', { 'data-test-inserted': '' }, element.parentNode)
    paragraph.childNodes.push(makeText(`Inserted paragraph number ${blocks} with some new words.`, paragraph))
    insertAt(element.parentNode, indexIn(element), [paragraph])
  }
  const banner = makeElement(
    'div',
    { 'data-test-inserted': '', style: 'padding:24px;background:#fde68a;font:16px sans-serif' },
    body,
  )
  const heading = makeElement('h2', {}, banner)
  heading.childNodes.push(makeText('New: spring announcement', heading))
  const line = makeElement('p', {}, banner)
  line.childNodes.push(
    makeText('This banner was added by a later edit of the page, above everything else.', line),
  )
  banner.childNodes.push(heading, line)
  insertAt(body, 0, [banner])
}

function changeWords(body: Element, random: () => number) {
  const texts: TextNode[] = []
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (isText(child) && (child.value.match(/[A-Za-z]{2,}/g)?.length ?? 0) >= 3) texts.push(child)
      else if (isElement(child) && !TEXTLESS.has(child.tagName)) visit(child)
    }
  }
  visit(body)
  texts.forEach((node, i) => {
    if (i % 3 !== 0) return
    const words = [...node.value.matchAll(/[A-Za-z]{4,}/g)]
    const target = words[Math.floor(random() * words.length)]
    if (!target || target.index === undefined) return
    let replacement = WORDS[Math.floor(random() * WORDS.length)] as string
    if (/^[A-Z]/.test(target[0])) replacement = replacement[0]?.toUpperCase() + replacement.slice(1)
    node.value =
      node.value.slice(0, target.index) + replacement + node.value.slice(target.index + target[0].length)
  })
}

function swapSiblings(all: Element[], random: () => number) {
  const pairs: [Element, Element][] = []
  for (const element of all) {
    const parent = element.parentNode
    if (!parent || !SWAPPABLE.has(element.tagName)) continue
    const siblings = parent.childNodes.filter(isElement)
    const next = siblings[siblings.indexOf(element) + 1]
    const [mine, theirs] = [textOf(element), next ? textOf(next) : '']
    // Swapping two identical siblings changes nothing anyone could see: not an edit.
    if (next?.tagName === element.tagName && mine.length >= 20 && theirs.length >= 20 && mine !== theirs)
      pairs.push([element, next])
  }
  const chosen: [Element, Element][] = []
  while (pairs.length && chosen.length < 3) {
    const [pair] = pairs.splice(Math.floor(random() * pairs.length), 1)
    if (!pair) break
    const overlaps = chosen.some(([a, b]) =>
      [a, b].some((x) => pair.some((y) => contains(x, y) || contains(y, x))),
    )
    if (!overlaps) chosen.push(pair)
  }
  for (const [first, second] of chosen) {
    const siblings = first.parentNode?.childNodes
    if (!siblings) continue
    const i = siblings.indexOf(first)
    const j = siblings.indexOf(second)
    siblings[i] = second
    siblings[j] = first
  }
}

function wrapIn(element: Element, attrs: Record<string, string>) {
  const parent = element.parentNode
  if (!parent) return
  const wrapper = makeElement('div', attrs, parent)
  parent.childNodes[indexIn(element)] = wrapper
  element.parentNode = wrapper
  wrapper.childNodes.push(element)
}

function wrapContent(body: Element, all: Element[]) {
  let blocks = 0
  for (const element of all) {
    const parent = element.parentNode
    if (!parent || !isElement(parent) || !FLOW_PARENTS.has(parent.tagName) || !WRAPPABLE.has(element.tagName))
      continue
    if (++blocks % 3 === 0) wrapIn(element, { class: 'edit-wrapper' })
  }
  const wrapper = makeElement('div', { 'data-test-wrapper': '' }, body)
  wrapper.childNodes = body.childNodes
  for (const child of wrapper.childNodes) child.parentNode = wrapper
  body.childNodes = [wrapper]
}

/** The page `html` as the variant describes it; `seed` (the page path) makes the edits reproducible. */
export function pageVariant(html: string, variant: string, seed: string): string {
  const document = parse(html)
  const all = elements(document)
  all.forEach((element, n) => {
    setAttr(element, 'data-gt', String(n))
  })
  const byGt = new Map(all.map((element, n) => [n, element]))
  const body = all.find((element) => element.tagName === 'body')
  for (const edit of variant.split('~')) {
    const [name, list = ''] = edit.split(/-(.*)/s)
    const targets = list
      .split('.')
      .filter(Boolean)
      .map((n) => byGt.get(Number(n)))
      .filter((element): element is Element => !!element && element !== body && !!element.parentNode)
    const random = generator(`${seed}:${edit}`)
    const current = body ? elements(body) : []
    if (name === 'insert' && body) insertContent(body, current)
    else if (name === 'del') {
      for (const element of targets) element.parentNode?.childNodes.splice(indexIn(element), 1)
    } else if (name === 'twin') {
      for (const element of targets) {
        const parent = element.parentNode
        if (parent) insertAt(parent, indexIn(element) + 1, [cloneOf(element, parent)])
      }
    } else if (name === 'sentence') {
      for (const element of targets) element.childNodes.push(makeText(SENTENCE, element))
    } else if (name === 'words' && body) changeWords(body, random)
    else if (name === 'classes') {
      for (const element of all) {
        const value = attr(element, 'class')
        if (value?.trim())
          setAttr(
            element,
            'class',
            value
              .trim()
              .split(/\s+/)
              .map((c) => `edit-${c}`)
              .join(' '),
          )
      }
    } else if (name === 'swap') swapSiblings(current, random)
    else if (name === 'wrap' && body) wrapContent(body, current)
  }
  return serialize(document)
}
