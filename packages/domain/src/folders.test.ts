import { describe, expect, test } from 'bun:test'
import {
  type FolderCounts,
  movedToFolderText,
  onCanvasAdded,
  onCanvasArchived,
  onCanvasMoved,
  onCanvasRemoved,
  onCanvasUnarchived,
  removedFromFolderText,
  undoMoveTarget,
} from './folders'

const counts: FolderCounts = Object.freeze({ a: 2, b: 0 })

describe('folder count reducers', () => {
  test('added raises the folder count, not on initial load', () => {
    expect(onCanvasAdded(counts, 'a')).toEqual({ a: 3, b: 0 })
    expect(onCanvasAdded(counts, 'a', { initialLoad: false })).toEqual({ a: 3, b: 0 })
    expect(onCanvasAdded(counts, 'a', { initialLoad: true })).toBe(counts)
    expect(onCanvasAdded(counts, 'new')).toEqual({ a: 2, b: 0, new: 1 })
  })

  test('removed lowers it, never below zero', () => {
    expect(onCanvasRemoved(counts, 'a')).toEqual({ a: 1, b: 0 })
    expect(onCanvasRemoved(counts, 'b')).toBe(counts)
    expect(onCanvasRemoved(counts, 'missing')).toBe(counts)
  })

  test('moved adjusts both folders', () => {
    expect(onCanvasMoved(counts, 'a', 'b')).toEqual({ a: 1, b: 1 })
    expect(onCanvasMoved(counts, null, 'b')).toEqual({ a: 2, b: 1 })
    expect(onCanvasMoved(counts, 'a', null)).toEqual({ a: 1, b: 0 })
    expect(onCanvasMoved(counts, 'b', 'a')).toEqual({ a: 3, b: 0 })
  })

  test('moving within the same folder or between no folders changes nothing', () => {
    expect(onCanvasMoved(counts, 'a', 'a')).toBe(counts)
    expect(onCanvasMoved(counts, null, undefined)).toBe(counts)
  })

  test('archive lowers, unarchive raises', () => {
    expect(onCanvasArchived(counts, 'a')).toEqual({ a: 1, b: 0 })
    expect(onCanvasArchived(counts, 'b')).toEqual({ a: 2, b: 0 })
    expect(onCanvasUnarchived(counts, 'b')).toEqual({ a: 2, b: 1 })
  })

  test('no folder changes nothing', () => {
    expect(onCanvasAdded(counts, null)).toBe(counts)
    expect(onCanvasArchived(counts, undefined)).toBe(counts)
    expect(onCanvasUnarchived(counts, null)).toBe(counts)
  })

  test('the input map is never mutated', () => {
    onCanvasAdded(counts, 'a')
    onCanvasMoved(counts, 'a', 'b')
    expect(counts).toEqual({ a: 2, b: 0 })
  })
})

describe('move feedback', () => {
  test('texts and undo target', () => {
    expect(movedToFolderText('Launch')).toBe('Moved to Launch')
    expect(removedFromFolderText('Launch')).toBe('Removed from Launch project')
    expect(undoMoveTarget('f1')).toBe('f1')
    expect(undoMoveTarget(null)).toBeNull()
    expect(undoMoveTarget(undefined)).toBeNull()
  })
})
