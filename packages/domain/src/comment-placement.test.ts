import { describe, expect, test } from 'bun:test'
import { type PlacementFacts, placeComment } from './comment-placement'
import { ValidationFailed } from './errors'

const facts = (over: Partial<PlacementFacts>): PlacementFacts => ({
  revisionOnCanvas: false,
  asset: null,
  currentRevisionId: 'current',
  ...over,
})

const refusal = (input: PlacementFacts): string => {
  try {
    placeComment(input)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed)
    return (error as ValidationFailed).message
  }
  throw new Error('placeComment accepted the facts')
}

describe('placeComment', () => {
  test('naming nothing places the comment on the current revision (null when the canvas has none)', () => {
    expect(placeComment(facts({}))).toBe('current')
    expect(placeComment(facts({ revisionId: null, assetId: null }))).toBe('current')
    expect(placeComment(facts({ currentRevisionId: null }))).toBeNull()
  })

  test("a named revision of the canvas is the place; another canvas's is refused", () => {
    expect(placeComment(facts({ revisionId: 'r1', revisionOnCanvas: true }))).toBe('r1')
    expect(refusal(facts({ revisionId: 'r1', revisionOnCanvas: false }))).toBe(
      'CanvasRevisionId is not a revision of this canvas.',
    )
  })

  test("an asset that is not the canvas's is refused, whatever else is named", () => {
    expect(refusal(facts({ assetId: 'a1', asset: null }))).toBe(
      'CanvasAssetId is not an asset of this canvas.',
    )
    expect(refusal(facts({ assetId: 'a1', asset: null, revisionId: 'r1', revisionOnCanvas: true }))).toBe(
      'CanvasAssetId is not an asset of this canvas.',
    )
  })

  test("an asset alone places the comment on the asset's revision, trusted as the canvas's", () => {
    expect(placeComment(facts({ assetId: 'a1', asset: { revisionId: 'r2' }, revisionOnCanvas: false }))).toBe(
      'r2',
    )
  })

  test('an asset without a revision places the comment on the current revision', () => {
    expect(placeComment(facts({ assetId: 'a1', asset: { revisionId: null } }))).toBe('current')
  })

  test("an asset with the named revision is placed there once the revision is the canvas's", () => {
    const both = { assetId: 'a1', asset: { revisionId: 'r2' }, revisionId: 'r2' }
    expect(placeComment(facts({ ...both, revisionOnCanvas: true }))).toBe('r2')
    expect(refusal(facts({ ...both, revisionOnCanvas: false }))).toBe(
      'CanvasRevisionId is not a revision of this canvas.',
    )
  })

  test('an asset of another revision than the named one is refused', () => {
    expect(
      refusal(
        facts({ assetId: 'a1', asset: { revisionId: 'r2' }, revisionId: 'r1', revisionOnCanvas: true }),
      ),
    ).toBe('CanvasAssetId belongs to another revision.')
    expect(
      refusal(
        facts({ assetId: 'a1', asset: { revisionId: null }, revisionId: 'r1', revisionOnCanvas: true }),
      ),
    ).toBe('CanvasAssetId belongs to another revision.')
  })
})
