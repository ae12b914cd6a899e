import { describe, expect, test } from 'bun:test'
import { clampSidebarWidth, DEFAULT_PREFS, parsePrefs, selectFolder } from './prefs'

describe('dashboard prefs', () => {
  test('defaults: sidebar 233, recency, name, all', () => {
    expect(parsePrefs(null)).toEqual({
      selectedFolderId: null,
      visitedFolderIds: [],
      sidebarWidth: 233,
      canvasSort: 'recency',
      folderSort: 'name',
      statusFilter: 'all',
      verdictFilter: 'any',
    })
  })

  test('invalid stored values fall back', () => {
    expect(parsePrefs('{bad')).toEqual(DEFAULT_PREFS)
    const prefs = parsePrefs(
      JSON.stringify({ canvasSort: 'size', sidebarWidth: 9999, visitedFolderIds: ['a', 3] }),
    )
    expect(prefs.canvasSort).toBe('recency')
    expect(prefs.sidebarWidth).toBe(420)
    expect(prefs.visitedFolderIds).toEqual(['a'])
  })

  test('selecting a folder remembers it as visited once, most recent last', () => {
    let prefs = selectFolder(DEFAULT_PREFS, 'a')
    prefs = selectFolder(prefs, 'b')
    prefs = selectFolder(prefs, 'a')
    expect(prefs.selectedFolderId).toBe('a')
    expect(prefs.visitedFolderIds).toEqual(['b', 'a'])
    expect(selectFolder(prefs, null).visitedFolderIds).toEqual(['b', 'a'])
  })

  test('sidebar width is clamped', () => {
    expect(clampSidebarWidth(100)).toBe(180)
    expect(clampSidebarWidth(Number.NaN)).toBe(233)
  })
})
