import { describe, expect, test } from 'bun:test'
import { assetAfterDelete, moveInOrder, positionsOf } from './asset-order'

describe('moveInOrder', () => {
  test('moves one item up and down', () => {
    expect(moveInOrder(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b'])
    expect(moveInOrder(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
  })
  test('clamps at the ends and returns the same list when nothing moves', () => {
    const ids = ['a', 'b']
    expect(moveInOrder(ids, 0, -1)).toBe(ids)
    expect(moveInOrder(ids, 1, 5)).toBe(ids)
    expect(moveInOrder([], 0, 1)).toEqual([])
  })
})

test('positionsOf numbers the list from 0', () => {
  expect(positionsOf(['x', 'y'])).toEqual([
    { id: 'x', position: 0 },
    { id: 'y', position: 1 },
  ])
})

describe('assetAfterDelete (SPEC 4)', () => {
  test('keeps the selected asset when another one is deleted', () => {
    expect(assetAfterDelete(['a', 'b', 'c'], 'c', 'a')).toBe('a')
  })
  test('selects the one that took the deleted place', () => {
    expect(assetAfterDelete(['a', 'b', 'c'], 'b', 'b')).toBe('c')
    expect(assetAfterDelete(['a', 'b', 'c'], 'a', null)).toBe('b')
  })
  test('selects the previous one when the last is deleted, none when nothing is left', () => {
    expect(assetAfterDelete(['a', 'b', 'c'], 'c', 'c')).toBe('b')
    expect(assetAfterDelete(['a'], 'a', 'a')).toBeNull()
  })
})
