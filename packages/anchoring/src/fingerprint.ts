/**
 * An element's fingerprint (tag, text, identifying attributes) and the score of a candidate against a
 * stored one. The score is a weighted average of what both sides have, so an image is judged by its
 * source and alt text and a paragraph mostly by its words and their surroundings.
 */

import { type Step, stepsOf, structureSimilarity } from './structure'
import { contextSimilarity, normalizeText, readsAsBefore, similarity, textHash } from './text'
import type { TextIndex } from './text-index'
import type { Anchor, ElementFingerprint } from './types'

const FINGERPRINT_TEXT = 300
const IDENTIFYING = [
  'src',
  'href',
  'alt',
  'name',
  'type',
  'role',
  'aria-label',
  'title',
  'placeholder',
  'for',
  'action',
]

/** The path and query of a URL attribute, without the proxy's prefix (so it survives a new signature). */
export function urlKey(value: string): string {
  try {
    const url = new URL(value, 'http://anchor.invalid/')
    return (url.pathname.replace(/^\/p\/[^/]+\/https?\/[^/]+/, '') + url.search).slice(0, 200)
  } catch {
    return value.slice(0, 200)
  }
}

function attributeValue(element: Element, name: string): string | null {
  const value = element.getAttribute(name)
  if (value === null || value === '') return null
  return name === 'src' || name === 'href' || name === 'action' ? urlKey(value) : value.slice(0, 200)
}

/**
 * Per-pass cache of normalised element texts (reading textContent is cheap, normalising is not free) and
 * of identity keys (hashing a large container's text for every pin that meets it is not either).
 */
export class TextCache {
  private readonly texts = new WeakMap<Element, string>()
  readonly keys = new WeakMap<Element, string>()
  of(element: Element): string {
    let text = this.texts.get(element)
    if (text === undefined) {
      text = normalizeText(element.textContent ?? '')
      this.texts.set(element, text)
    }
    return text
  }
}

/** What makes two elements "the same" for the duplicate count: tag, text and identifying attributes. */
export function identityKey(element: Element, texts: TextCache): string {
  let key = texts.keys.get(element)
  if (key === undefined) {
    const attrs = IDENTIFYING.map((name) => attributeValue(element, name) ?? '').join('\u0001')
    key = `${element.localName}\u0002${textHash(texts.of(element))}\u0002${attrs}`
    texts.keys.set(element, key)
  }
  return key
}

/** The identity key of the element an anchor was captured on (see identityKey). */
export function anchorIdentity({ fingerprint }: Anchor): string {
  const attrs = IDENTIFYING.map((name) => fingerprint.attrs?.[name] ?? '').join('\u0001')
  return `${fingerprint.tag}\u0002${fingerprint.textHash}\u0002${attrs}`
}

/** Elements of the document with the same identity as `element` (itself included). */
export function countDuplicates(element: Element, texts: TextCache): number {
  const key = identityKey(element, texts)
  let count = 0
  for (const other of Array.from(element.ownerDocument.getElementsByTagName(element.localName))) {
    if (identityKey(other, texts) === key) count += 1
  }
  return count
}

/** The text just before and after an element (up to 40 characters each side). */
export function contextOf(element: Element, index: TextIndex): { prefix: string; suffix: string } | null {
  const range = index.rangeOf(element)
  if (!range) return null
  return {
    prefix: index.text.slice(Math.max(0, range.start - 40), range.start),
    suffix: index.text.slice(range.end, range.end + 40),
  }
}

export function fingerprintOf(element: Element, texts: TextCache): ElementFingerprint {
  const text = texts.of(element)
  const fingerprint: ElementFingerprint = {
    tag: element.localName,
    text: text.slice(0, FINGERPRINT_TEXT),
    textLength: text.length,
    textHash: textHash(text),
  }
  const id = element.getAttribute('id')
  if (id) fingerprint.id = id
  const classes = Array.from(element.classList).sort().slice(0, 8)
  if (classes.length) fingerprint.classes = classes
  const attrs: Record<string, string> = {}
  for (const name of IDENTIFYING) {
    const value = attributeValue(element, name)
    if (value !== null) attrs[name] = value
  }
  if (Object.keys(attrs).length) fingerprint.attrs = attrs
  return fingerprint
}

export interface ScoreInput {
  element: Element
  anchor: Anchor
  texts: TextCache
  index: TextIndex
  /** Document y of the element's top (for the position hint). */
  top: number
  /** The stored ancestor chain (from the CSS path), when structure should count. */
  steps?: readonly Step[]
  /** Per-pass cache of elements' own steps (see stepsOf). */
  chainCache?: WeakMap<Element, Step>
}

/** The parts of a candidate's score that the resolver looks at on their own. */
export interface ScoreParts {
  score: number
  text: number
  structure: number
}

/**
 * Text likeness, 0..1: equal (hash) 1; the stored text whole inside the new one (a sentence was added)
 * at least 0.9; otherwise bigram similarity (a changed word keeps most bigrams).
 */
export function textLikeness(text: string, fingerprint: ElementFingerprint): number {
  if (textHash(text) === fingerprint.textHash) return 1
  const sim = similarity(text.slice(0, FINGERPRINT_TEXT), fingerprint.text)
  const whole = fingerprint.textLength === fingerprint.text.length
  if (
    whole &&
    fingerprint.text.length >= 4 &&
    text.length <= fingerprint.text.length * 3 + 80 &&
    text.includes(fingerprint.text)
  )
    return Math.max(sim, 0.9)
  // A few words changed and a sentence added loses many bigrams but keeps the text's order.
  if (sim >= 0.35 && fingerprint.text.length >= 12 && readsAsBefore(fingerprint.text, text))
    return Math.max(sim, 0.85)
  return sim
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1
  const set = new Set(a)
  const shared = b.filter((item) => set.has(item)).length
  return shared / (a.length + b.length - shared)
}

/** How well `element` matches the anchor's fingerprint and context, 0..1 (0 when the tag differs). */
export function scoreCandidate(input: ScoreInput): number {
  return scoreParts(input).score
}

/** scoreCandidate with its text and structure parts. */
export function scoreParts({
  element,
  anchor,
  texts,
  index,
  top,
  steps,
  chainCache,
}: ScoreInput): ScoreParts {
  const fingerprint = anchor.fingerprint
  if (element.localName !== fingerprint.tag) return { score: 0, text: 0, structure: 0 }
  let total = 0
  let weights = 0
  const add = (weight: number, value: number) => {
    total += weight * value
    weights += weight
  }
  const text = texts.of(element)
  let textScore = 1
  if (fingerprint.text || text) {
    textScore = fingerprint.text ? textLikeness(text, fingerprint) : similarity(text, '')
    add(fingerprint.text ? 0.5 : 0.3, textScore)
  }
  // Context tells apart equal texts ("Read more" in every card); only worth its cost for plausible ones.
  if (anchor.quote && textScore >= 0.5) {
    const context = contextOf(element, index)
    if (context) {
      add(
        0.2,
        (contextSimilarity(anchor.quote.prefix, context.prefix, 'prefix') +
          contextSimilarity(anchor.quote.suffix, context.suffix, 'suffix')) /
          2,
      )
    }
  }
  const stored = fingerprint.attrs ?? {}
  // Attributes either side has (an empty alt="" counts as absent on both).
  let compared = 0
  let sum = 0
  for (const name of IDENTIFYING) {
    const mine = attributeValue(element, name)
    const theirs = stored[name]
    if (mine === null && theirs === undefined) continue
    compared += 1
    if (mine === null || theirs === undefined) continue
    sum += mine === theirs ? 1 : name === 'src' || name === 'href' ? similarity(mine, theirs) * 0.8 : 0
  }
  if (compared > 0) add(0.25, sum / compared)
  if (fingerprint.id || element.id) add(0.1, fingerprint.id === element.id ? 1 : 0)
  if (fingerprint.classes?.length || element.classList.length) {
    add(0.1, jaccard(fingerprint.classes ?? [], Array.from(element.classList)))
  }
  const height = Math.max(anchor.page.height, 1)
  add(0.05, 1 - Math.min(1, Math.abs(top - anchor.box.y) / height))
  const structure = steps?.length ? structureSimilarity(steps, stepsOf(element, chainCache)) : 0
  if (steps?.length) add(0.2, structure)
  return { score: weights === 0 ? 0 : total / weights, text: textScore, structure }
}
