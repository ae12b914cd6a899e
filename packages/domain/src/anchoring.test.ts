import { describe, expect, test } from 'bun:test'
import {
  type AnchorEvidence,
  changedBetweenItsContext,
  changedInItsPlace,
  copiesFollowOriginals,
  editedLookAlike,
  editedTextPlaced,
  grewInPlace,
  keepsBothAgainstNone,
  keptAmongGrown,
  onlyOneKeepsASide,
  onlyOneKeepsItsSiblings,
  onlyOneKeepsItsWideContext,
  originalBeforeItsCopy,
  readsAsItsNeighbour,
  wideKept,
} from './anchoring'

const candidate = (evidence: Partial<AnchorEvidence> & { name: string }) => ({
  cssHit: false,
  prefixExact: false,
  suffixExact: false,
  prefixWithin: true,
  suffixWithin: true,
  siblingSides: 0,
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

  test('at the stored place, a side kept past its block, every other look-alike in another branch', () => {
    const keeper = candidate({
      name: 'k',
      suffixExact: true,
      suffixWithin: false,
      cssHit: true,
      structure: 1,
    })
    const far = [candidate({ name: 'a', structure: 0.43 }), candidate({ name: 'b', structure: 0.6 })]
    expect(onlyOneKeepsASide([...far, keeper])?.name).toBe('k')
    expect(onlyOneKeepsASide([candidate({ name: 'near', structure: 0.9 }), keeper])).toBeNull()
  })

  test('two keeping one side each (swapped blocks): nobody can tell', () => {
    const a = candidate({ name: 'a', prefixExact: true, near: 1 })
    const b = candidate({ name: 'b', suffixExact: true, near: 1, cssHit: true })
    expect(onlyOneKeepsASide([a, b])).toBeNull()
  })

  test('another keeping both sides near stands in the way, unless the keeper is as well placed', () => {
    const a = candidate({ name: 'a', prefixExact: true, near: 1, structure: 0.9 })
    const b = candidate({ name: 'b', near: 2, structure: 0.95 })
    expect(onlyOneKeepsASide([a, b])).toBeNull()
    const placed = candidate({ name: 'placed', suffixExact: true, near: 1, structure: 1, cssHit: true })
    expect(onlyOneKeepsASide([placed, b])?.name).toBe('placed')
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

  test('look-alikes keeping one side near: still the top, which keeps both whole sides', () => {
    const top = candidate({ name: 'top', prefixExact: true, suffixExact: true, near: 2, structure: 0.91 })
    expect(keepsBothAgainstNone(top, [candidate({ name: 'o', near: 1, structure: 0.92 })])).toBe(true)
  })

  test('a look-alike keeping a whole side or both near, or the top keeping one side: no', () => {
    const top = candidate({ name: 'top', prefixExact: true, suffixExact: true, near: 2 })
    expect(keepsBothAgainstNone(top, [candidate({ name: 'o', near: 2 })])).toBe(false)
    expect(keepsBothAgainstNone(top, [candidate({ name: 'o', prefixExact: true, near: 1 })])).toBe(false)
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
  test.each<[string, Partial<typeof grown>, boolean]>([
    ['the whole stored text at the start of a longer one, about in place', {}, true],
    [
      'words changed too, a longer text still reading as before',
      { storedLength: 40, startsWithStored: false },
      true,
    ],
    ['words changed in a short text', { startsWithStored: false }, false],
    ['only a cut of the stored text', { whole: false, readsAsBefore: false }, false],
    ['a short text', { storedLength: 9, length: 18 }, false],
    ['another branch', { structure: 0.7 }, false],
    ['not longer', { length: 24 }, false],
  ])('%s: %p -> %p', (_case, change, expected) => {
    expect(grewInPlace({ ...grown, ...change })).toBe(expected)
  })
})

describe('onlyOneKeepsItsSiblings', () => {
  test('the one look-alike whose siblings still read as stored', () => {
    const pinned = candidate({ name: 'pinned', siblingSides: 1 })
    const others = [candidate({ name: 'a', near: 1, cssHit: true }), candidate({ name: 'b' })]
    expect(onlyOneKeepsItsSiblings([...others, pinned])?.name).toBe('pinned')
  })

  test('look-alikes sharing their siblings (a template line), or none keeping them: none', () => {
    const a = candidate({ name: 'a', siblingSides: 2 })
    const b = candidate({ name: 'b', siblingSides: 1 })
    expect(onlyOneKeepsItsSiblings([a, b])).toBeNull()
    expect(onlyOneKeepsItsSiblings([candidate({ name: 'c' })])).toBeNull()
  })
})

describe('copiesFollowOriginals', () => {
  const original = { name: 'original', followsTwin: false }
  const copy = { name: 'copy', followsTwin: true }
  test('one copy pasted after its original: the original', () => {
    expect(copiesFollowOriginals([copy, original], 1)?.name).toBe('original')
  })

  test('identical blocks already in a row before the edit: more followers than copies, none', () => {
    const earlier = { name: 'earlier', followsTwin: true }
    expect(copiesFollowOriginals([original, earlier, copy], 1)).toBeNull()
  })

  test('nothing added, or two leading: none', () => {
    expect(copiesFollowOriginals([original, copy], 0)).toBeNull()
    expect(copiesFollowOriginals([original, { name: 'other', followsTwin: false }, copy], 1)).toBeNull()
  })
})

describe('editedTextPlaced', () => {
  const edited = {
    cssHit: false,
    sides: 0,
    near: 0,
    structure: 0.8,
    storedLength: 60,
    wasUnique: true,
    readsClosely: true,
  }
  test.each<[string, Partial<typeof edited>, boolean]>([
    ['a unique longer text, words changed, everything around it changed, about in place', {}, true],
    ['one that had look-alikes', { wasUnique: false }, false],
    ['a short one', { storedLength: 20 }, false],
    ['another branch', { structure: 0.7 }, false],
    ['not reading closely as before', { readsClosely: false }, false],
    ['one that had look-alikes, at almost the same place', { wasUnique: false, structure: 0.96 }, true],
    ['a whole side kept, elsewhere in the tree', { structure: 0.3, sides: 1 }, true],
    ['at the path with a near side, elsewhere in the tree', { structure: 0.3, cssHit: true, near: 1 }, true],
  ])('%s: %p -> %p', (_case, change, expected) => {
    expect(editedTextPlaced({ ...edited, ...change })).toBe(expected)
  })
})

describe('editedLookAlike', () => {
  const copies = [{ structure: 0.89 }, { structure: 0.85 }]
  test('the one element reading as before, at least as well placed as the copies left', () => {
    const edited = { name: 'edited', structure: 0.9, readsAsBefore: true }
    const other = { name: 'other', structure: 0.95, readsAsBefore: false }
    expect(editedLookAlike([other, edited], copies, { storedLength: 120, dropped: 1 })?.name).toBe('edited')
  })

  test('two reading as before, a copy better placed, or a short text: none', () => {
    const a = { name: 'a', structure: 0.9, readsAsBefore: true }
    const b = { name: 'b', structure: 0.9, readsAsBefore: true }
    expect(editedLookAlike([a, b], copies, { storedLength: 120, dropped: 1 })).toBeNull()
    expect(editedLookAlike([a], [{ structure: 0.95 }], { storedLength: 120, dropped: 1 })).toBeNull()
    expect(editedLookAlike([a], copies, { storedLength: 17, dropped: 1 })).toBeNull()
  })

  test('two look-alikes missing (one edited, the pinned one maybe gone): none', () => {
    const a = { name: 'a', structure: 0.9, readsAsBefore: true }
    expect(editedLookAlike([a], copies, { storedLength: 120, dropped: 2 })).toBeNull()
  })
})

describe('keptAmongGrown', () => {
  const kept = candidate({ name: 'kept', suffixExact: true, near: 1, cssHit: true, structure: 1 })
  const grown = candidate({ name: 'grown', structure: 0.87 })
  test('a copy grew (a sentence added), the pinned one left keeps its side: the pinned one', () => {
    expect(keptAmongGrown([kept], [grown], 1)?.name).toBe('kept')
  })

  test('more copies missing than grew (one was deleted): none', () => {
    expect(keptAmongGrown([kept], [grown], 2)).toBeNull()
    expect(keptAmongGrown([kept], [], 1)).toBeNull()
  })
})

describe('wide context', () => {
  const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod'
  const stored = `Spring walk in the hills posted by Jane ${filler} Comments`
  test('word triples survive a paragraph inserted in between; too short a context tells nothing', () => {
    const kept = wideKept(
      stored,
      `Spring walk in the hills A NEW PARAGRAPH posted by Jane ${filler} Comments`,
    )
    expect(kept?.total).toBe(18)
    expect(kept?.kept.size).toBe(16)
    expect(wideKept('two words', 'two words')).toBeNull()
  })
  const at = (name: string, around: string) => ({ name, wide: wideKept(stored, around) })
  test('the copy keeping what every copy keeps and more wins', () => {
    const pinned = at('pinned', `NEW Spring walk in the hills posted by Jane ${filler} Comments`)
    const other = at('other', `Autumn rain at the sea posted by Jane ${filler} Comments`)
    expect(onlyOneKeepsItsWideContext([other, pinned])?.name).toBe('pinned')
  })
  test('a look-alike keeping something of its own, a close second or an old anchor: nobody', () => {
    const pinned = at('pinned', `Spring walk in the hills posted by Jane ${filler}`)
    const other = at('other', `Autumn rain posted by Jane ${filler} Comments`)
    expect(onlyOneKeepsItsWideContext([pinned, other])).toBeNull()
    const copy = at('copy', `Spring walk in the hills posted by Jane ${filler} Comments`)
    expect(
      onlyOneKeepsItsWideContext([copy, at('copy2', `Spring walk in the hills posted by Jane ${filler}`)]),
    ).toBeNull()
    expect(onlyOneKeepsItsWideContext([copy, { name: 'old', wide: null }])).toBeNull()
    expect(
      onlyOneKeepsItsWideContext([at('lost', 'nothing of it at all here now'), at('l2', 'x y z')]),
    ).toBeNull()
  })
})

describe('changedBetweenItsContext', () => {
  const changed = (name: string, evidence: Partial<Parameters<typeof changedBetweenItsContext>[0][0]>) => ({
    name,
    before: 0.8,
    after: 0.7,
    textInContext: false,
    text: 0.7,
    structure: 0.9,
    ...evidence,
  })
  test('a short text with a word changed, the wide context kept on both sides, about in place', () => {
    const pinned = changed('pinned', {})
    const far = changed('far', { before: 0.1, after: 0.2 })
    expect(changedBetweenItsContext([far, pinned])?.name).toBe('pinned')
    // Near the top of the page: no context before it to tell, the one after still says it.
    expect(changedBetweenItsContext([changed('top', { before: null })])?.name).toBe('top')
  })
  test('two fitting: nobody', () => {
    expect(changedBetweenItsContext([changed('a', {}), changed('b', {})])).toBeNull()
  })
  test.each<[string, Parameters<typeof changed>[1]]>([
    ['a neighbour whose text was in the stored context', { textInContext: true }],
    ['too little kept after it', { after: 0.4 }],
    ['another text', { text: 0.3 }],
    ['moved elsewhere in the tree', { structure: 0.7 }],
    ['an old anchor without wide context', { before: null, after: null }],
  ])('%s: nobody', (name, evidence) => {
    expect(changedBetweenItsContext([changed(name, evidence)])).toBeNull()
  })
})

describe('readsAsItsNeighbour', () => {
  const none = { pinnedLikeNext: null, pinnedLikePrevious: null }
  test('the paragraph that followed the deleted pinned one, shifted into its place, is that neighbour', () => {
    // Filler paragraphs: like the stored one at 0.85, like the text stored right after it at 1.
    expect(readsAsItsNeighbour({ text: 0.85, likeNext: 1, likePrevious: 0.3, ...none })).toBe(true)
    expect(readsAsItsNeighbour({ text: 0.8, likeNext: 0.2, likePrevious: 0.95, ...none })).toBe(true)
    // The pinned paragraph itself read like its neighbour at 0.8 (the same filler): the neighbour, at 1, more.
    expect(
      readsAsItsNeighbour({
        text: 0.85,
        likeNext: 1,
        likePrevious: 0.3,
        pinnedLikeNext: 0.8,
        pinnedLikePrevious: 0.3,
      }),
    ).toBe(true)
  })

  test('the pinned element edited reads more like itself than like its neighbours; no context tells nothing', () => {
    expect(readsAsItsNeighbour({ text: 0.97, likeNext: 0.85, likePrevious: 0.4, ...none })).toBe(false)
    expect(readsAsItsNeighbour({ text: 0.9, likeNext: 0.9, likePrevious: null, ...none })).toBe(false)
    expect(readsAsItsNeighbour({ text: 0.2, likeNext: null, likePrevious: null, ...none })).toBe(false)
  })

  test('the pinned one of twin paragraphs, a sentence added: no likelier its twin than it was, not the twin', () => {
    // Its start is still the stored text, which is its twin's (the text stored after it) word for word.
    expect(
      readsAsItsNeighbour({
        text: 0.7,
        likeNext: 1,
        likePrevious: 0.3,
        pinnedLikeNext: 1,
        pinnedLikePrevious: 0.3,
      }),
    ).toBe(false)
  })
})
