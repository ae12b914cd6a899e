import { describe, expect, test } from 'bun:test'
import { searchLabels } from './label-search'

const labels = [
  { id: '1', name: 'Bug' },
  { id: '2', name: 'Copy' },
  { id: '3', name: 'Debug later' },
]

describe('label picker search', () => {
  test('nothing typed: every label, nothing to create', () => {
    expect(searchLabels(labels, '  ')).toEqual({ matches: labels, canCreate: false, name: '' })
  })

  test('typed text filters case-insensitively and offers a new name', () => {
    const result = searchLabels(labels, 'BUG ')
    expect(result.matches.map((l) => l.id)).toEqual(['1', '3'])
    expect(result.canCreate).toBe(false)
    const fresh = searchLabels(labels, ' Layout ')
    expect(fresh).toEqual({ matches: [], canCreate: true, name: 'Layout' })
    expect(searchLabels(labels, 'bu').canCreate).toBe(true)
  })
})
