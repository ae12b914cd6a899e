/**
 * No import circle between files (issue 20): a circle makes a reader follow the imports round, and a
 * value circle can hand a module `undefined` at load time depending on which file loads first. Type
 * imports count too. When this fails, move the shared part into a file both sides import (as
 * db/src/schema/accounts.ts holds the users and teams tables that point at each other).
 */
import { describe, expect, test } from 'bun:test'
import { importCycles, importGraph } from './import-graph'

describe('import graph', () => {
  const graph = importGraph()

  test('reads the workspace and resolves its imports', () => {
    // A resolver that silently found nothing would make the circle check pass vacuously.
    expect(graph.size).toBeGreaterThan(300)
    expect(graph.get('server/src/app.ts')?.size ?? 0).toBeGreaterThan(5)
    expect(graph.get('db/src/schema/teams.ts')).toContain('db/src/schema/accounts.ts')
    expect(graph.get('shell/src/pages/settings/profile.tsx')).toContain('packages/ui/src/index.ts')
  })

  test('finds a circle when there is one', () => {
    const sample = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['a.ts'])],
    ])
    expect(importCycles(sample)).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })

  test('has no import circle between files', () => {
    expect(importCycles(graph)).toEqual([])
  })
})
