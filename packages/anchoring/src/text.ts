import approxSearch from 'approx-string-match'

/**
 * Text helpers of the anchoring model: whitespace normalisation (the same text laid out at another width
 * or re-indented by a new deploy must compare equal), a bigram similarity that tolerates small copy edits,
 * and a short stable hash. Pure functions, tested without a DOM.
 */

/** Collapses every run of white space to one space and trims. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>()
  const lower = text.toLowerCase()
  for (let i = 0; i < lower.length - 1; i += 1) {
    const gram = lower.slice(i, i + 2)
    grams.set(gram, (grams.get(gram) ?? 0) + 1)
  }
  return grams
}

/**
 * Sørensen–Dice similarity of two strings over character bigrams, 0 (nothing shared) to 1 (equal, ignoring
 * case). Cheap (linear) and forgiving of a changed word, unlike exact matching.
 */
export function similarity(a: string, b: string): number {
  if (a === b) return 1
  if (a.length < 2 || b.length < 2) return a.toLowerCase() === b.toLowerCase() ? 1 : 0
  const left = bigrams(a)
  const right = bigrams(b)
  let shared = 0
  for (const [gram, count] of left) shared += Math.min(count, right.get(gram) ?? 0)
  return (2 * shared) / (a.length - 1 + (b.length - 1))
}

/** A short hash (FNV-1a, base 36) to tell texts apart without storing them whole. */
export function textHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/** Every start index of `needle` in `haystack`, at most `limit` of them. */
export function findAll(haystack: string, needle: string, limit = 50): number[] {
  const found: number[] = []
  if (!needle) return found
  let index = haystack.indexOf(needle)
  while (index >= 0 && found.length < limit) {
    found.push(index)
    index = haystack.indexOf(needle, index + 1)
  }
  return found
}

/** Similarity of two context strings compared from the side nearest the anchor (prefix: its end). */
export function contextSimilarity(stored: string, found: string, side: 'prefix' | 'suffix'): number {
  if (!stored && !found) return 1
  if (!stored || !found) return 0
  const length = Math.min(stored.length, found.length)
  const a = side === 'prefix' ? stored.slice(-length) : stored.slice(0, length)
  const b = side === 'prefix' ? found.slice(-length) : found.slice(0, length)
  return similarity(a, b)
}

/**
 * Whether `found` still reads as `stored` with a few words changed: `stored` occurs near the start of
 * `found` with at most `share` of its characters differing (an edit distance, Myers' bounded search).
 * Unlike bigram similarity, two different paragraphs of the same filler text ("Lorem ipsum dolor sit
 * amet...") are told apart: they share their bigrams, not their order.
 */
export function readsAsBefore(stored: string, found: string, share = 0.2): boolean {
  if (!stored) return !found
  const window = found.slice(0, Math.ceil(stored.length * 1.25) + 40)
  return approxSearch(window, stored, Math.floor(stored.length * share)).length > 0
}
