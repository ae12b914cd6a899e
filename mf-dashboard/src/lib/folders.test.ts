import { describe, expect, test } from 'bun:test'
import type { Folder } from '@pinpoint/api'
import { onCanvasMoved } from '@pinpoint/domain'
import {
  ancestorIds,
  countsOf,
  findFolder,
  flattenFolders,
  searchFolders,
  sortFolders,
  withCounts,
} from './folders'

const folder = (id: string, name: string, extra: Partial<Folder> = {}): Folder => ({
  id,
  name,
  UserId: 'u',
  canvasesCount: 0,
  ...extra,
})

const tree: Folder[] = [
  folder('b', 'beta', { createdAt: '2026-01-02', canvasesCount: 2 }),
  folder('a', 'Alpha', {
    createdAt: '2026-01-03',
    children: [
      folder('c', 'clients', { createdAt: '2026-01-01' }),
      folder('d', 'Brand', { canvasesCount: 5 }),
    ],
  }),
]

describe('folders', () => {
  test('sorts names case-insensitively at every level', () => {
    const sorted = sortFolders(tree, 'name')
    expect(sorted.map((f) => f.name)).toEqual(['Alpha', 'beta'])
    expect(sorted[0]?.children?.map((f) => f.name)).toEqual(['Brand', 'clients'])
  })

  test('sorts by recency and oldest', () => {
    expect(sortFolders(tree, 'recency').map((f) => f.id)).toEqual(['a', 'b'])
    expect(sortFolders(tree, 'oldest').map((f) => f.id)).toEqual(['b', 'a'])
  })

  test('search keeps matches and their ancestors', () => {
    expect(searchFolders(tree, 'BRA').map((f) => [f.id, f.children?.map((c) => c.id)])).toEqual([
      ['a', ['d']],
    ])
    expect(searchFolders(tree, '  ')).toHaveLength(2)
  })

  test('lookup, flatten, ancestors', () => {
    expect(findFolder(tree, 'd')?.name).toBe('Brand')
    expect(flattenFolders(tree).map((e) => `${e.folder.id}${e.depth}`)).toEqual(['b0', 'a0', 'c1', 'd1'])
    expect(ancestorIds(tree, 'd')).toEqual(['a'])
    expect(ancestorIds(tree, 'b')).toEqual([])
  })

  test('live counts: a move lowers the source and raises the target, in the nested tree', () => {
    const counts = onCanvasMoved(countsOf(tree), 'd', 'b')
    const updated = withCounts(tree, counts)
    expect(findFolder(updated, 'd')?.canvasesCount).toBe(4)
    expect(findFolder(updated, 'b')?.canvasesCount).toBe(3)
    // Unchanged folders keep their identity.
    expect(findFolder(updated, 'c')).toBe(findFolder(tree, 'c'))
  })
})
