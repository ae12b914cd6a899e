import { describe, expect, test } from 'bun:test'
import { contextSimilarity, findAll, normalizeText, similarity, textHash } from './text'

describe('text helpers', () => {
  test('normalizeText collapses white space from any layout', () => {
    expect(normalizeText('  Hello\n\t  world  ')).toBe('Hello world')
    expect(normalizeText('')).toBe('')
  })

  test('similarity is 1 for equal texts, high for a changed word, low for unrelated ones', () => {
    expect(similarity('Order now', 'Order now')).toBe(1)
    expect(similarity('ORDER NOW', 'order now')).toBe(1)
    expect(similarity('Free shipping on every order', 'Free shipping on all orders')).toBeGreaterThan(0.7)
    expect(similarity('Free shipping on every order', 'Meet the team behind the café')).toBeLessThan(0.3)
    expect(similarity('a', 'b')).toBe(0)
  })

  test('textHash is stable and tells texts apart', () => {
    expect(textHash('Pricing')).toBe(textHash('Pricing'))
    expect(textHash('Pricing')).not.toBe(textHash('pricing'))
  })

  test('findAll lists every occurrence up to a limit', () => {
    expect(findAll('a b a b a', 'a')).toEqual([0, 4, 8])
    expect(findAll('a b a b a', 'a', 2)).toEqual([0, 4])
    expect(findAll('abc', '')).toEqual([])
  })

  test('contextSimilarity compares from the side next to the element', () => {
    expect(contextSimilarity('the intro text. Our menu', 'Our menu', 'prefix')).toBe(1)
    expect(contextSimilarity('Read more about us', 'Read more', 'suffix')).toBe(1)
    expect(contextSimilarity('', '', 'prefix')).toBe(1)
    expect(contextSimilarity('something', '', 'suffix')).toBe(0)
  })
})
