import { describe, expect, test } from 'bun:test'
import {
  type AnchorEvidence,
  changedInItsPlace,
  grewInPlace,
  keepsBothAgainstNone,
  onlyOneKeepsASide,
  originalBeforeItsCopy,
} from './anchoring'

const candidate = (evidence: Partial<AnchorEvidence> & { name: string }) => ({
  cssHit: false,
  prefixExact: false,
  suffixExact: false,
  prefixWithin: true,
  suffixWithin: true,
  near: 0,
  structure: 0.9,
  ...evidence,
})

describe('onlyOneKeepsASide', () => {
  test('content inserted before the pinned one: it alone keeps the text after it', () => {
    const pinned = candidate({ name: 'pinned', suffixExact: true, near: 1 })
    const other = candidate({ name: 'other', near: 1, cssHit: true, structure: 1 })
    expect(onlyOneKeepsASide([other, pinned])?.name).toBe('pinned')
  })

  test('a side kept only past the end of its block (the last card of swapped ones): none', () => {
    const moved = candidate({ name: 'moved', suffixExact: true, suffixWithin: false, near: 1, structure: 1 })
    expect(onlyOneKeepsASide([moved, candidate({ name: 'pinned' })])).toBeNull()
  })

  test('two keeping one side each (swapped blocks): nobody can tell', () => {
    const a = candidate({ name: 'a', prefixExact: true, near: 1 })
    const b = candidate({ name: 'b', suffixExact: true, near: 1, cssHit: true })
    expect(onlyOneKeepsASide([a, b])).toBeNull()
  })

  test('another keeping both sides near stands in the way', () => {
    const a = candidate({ name: 'a', prefixExact: true, near: 1 })
    const b = candidate({ name: 'b', near: 2 })
    expect(onlyOneKeepsASide([a, b])).toBeNull()
  })

  test('nobody keeping a side: none', () => {
    expect(onlyOneKeepsASide([candidate({ name: 'a', near: 1 })])).toBeNull()
    expect(onlyOneKeepsASide([])).toBeNull()
  })
})

describe('originalBeforeItsCopy', () => {
  test('the copy after the original: the one keeping what came before', () => {
    const original = candidate({ name: 'original', prefixExact: true, near: 1 })
    const copy = candidate({ name: 'copy', suffixExact: true, near: 1 })
    expect(originalBeforeItsCopy([copy, original])?.name).toBe('original')
  })

  test('one keeping both sides (a copy of a whole block around it): no convention applies', () => {
    const original = candidate({ name: 'original', prefixExact: true, near: 1 })
    const copy = candidate({ name: 'copy', suffixExact: true, near: 1 })
    const whole = candidate({ name: 'whole', prefixExact: true, suffixExact: true, near: 2 })
    expect(originalBeforeItsCopy([original, copy, whole])).toBeNull()
  })

  test('two keeping the prefix, or no copy keeping the suffix: none', () => {
    const a = candidate({ name: 'a', prefixExact: true })
    const b = candidate({ name: 'b', prefixExact: true })
    const c = candidate({ name: 'c', suffixExact: true })
    expect(originalBeforeItsCopy([a, b, c])).toBeNull()
    expect(originalBeforeItsCopy([a])).toBeNull()
  })
})

describe('changedInItsPlace', () => {
  test('at the path, same place, both whole sides kept: the pinned element with its text edited', () => {
    const edited = candidate({
      name: 'edited',
      cssHit: true,
      prefixExact: true,
      suffixExact: true,
      structure: 1,
    })
    expect(changedInItsPlace([edited])?.name).toBe('edited')
  })

  test('a neighbour shifted into the place of a deleted element keeps one side only', () => {
    const neighbour = candidate({ name: 'n', cssHit: true, prefixExact: true, near: 1, structure: 1 })
    expect(changedInItsPlace([neighbour])).toBeNull()
  })

  test('away from the path or elsewhere in the tree: none', () => {
    const moved = candidate({ name: 'm', prefixExact: true, suffixExact: true, structure: 1 })
    const shifted = candidate({
      name: 's',
      cssHit: true,
      prefixExact: true,
      suffixExact: true,
      structure: 0.9,
    })
    expect(changedInItsPlace([moved, shifted])).toBeNull()
  })
})

describe('keepsBothAgainstNone', () => {
  test('both sides exact against look-alikes keeping neither side near', () => {
    const top = candidate({ name: 'top', prefixExact: true, suffixExact: true, near: 2, structure: 0.87 })
    const atPath = candidate({ name: 'path', cssHit: true, structure: 1 })
    expect(keepsBothAgainstNone(top, [atPath])).toBe(true)
  })

  test('a look-alike keeping one side near, or the top keeping only one side exactly: no', () => {
    const top = candidate({ name: 'top', prefixExact: true, suffixExact: true, near: 2 })
    expect(keepsBothAgainstNone(top, [candidate({ name: 'o', near: 1 })])).toBe(false)
    const half = candidate({ name: 'half', prefixExact: true, near: 2 })
    expect(keepsBothAgainstNone(half, [candidate({ name: 'o' })])).toBe(false)
  })
})

describe('grewInPlace', () => {
  const grown = {
    storedLength: 24,
    whole: true,
    length: 50,
    startsWithStored: true,
    readsAsBefore: true,
    structure: 0.89,
  }
  test('the whole stored text at the start of a longer one, about in place: grown', () => {
    expect(grewInPlace(grown)).toBe(true)
  })

  test('with words changed too, a longer text still reading as before: grown', () => {
    expect(grewInPlace({ ...grown, storedLength: 40, startsWithStored: false })).toBe(true)
    expect(grewInPlace({ ...grown, startsWithStored: false })).toBe(false)
  })

  test('only a cut of the stored text, a short text, another branch or not longer: no', () => {
    expect(grewInPlace({ ...grown, whole: false, readsAsBefore: false })).toBe(false)
    expect(grewInPlace({ ...grown, storedLength: 9, length: 18 })).toBe(false)
    expect(grewInPlace({ ...grown, structure: 0.7 })).toBe(false)
    expect(grewInPlace({ ...grown, length: 24 })).toBe(false)
  })
})
