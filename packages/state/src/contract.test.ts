/**
 * packages/state/contract.json is the one description of what the shell offers the slices. These tests fail
 * when the code moves without it: an atom added, removed or renamed, the auth state's shape changed, or a
 * mounted module renamed in a remote's build. The fix is to update contract.json and bump its version.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import contract from '../contract.json'
import * as state from './index'

const root = join(import.meta.dir, '..', '..', '..')

describe('the slice contract (contract.json)', () => {
  test('has a major.minor version', () => {
    expect(contract.version).toMatch(/^\d+\.\d+$/)
  })

  test('lists exactly the atoms @pinpoint/state exports', () => {
    const atoms = Object.keys(state)
      .filter((name) => name.endsWith('Atom'))
      .sort()
    expect(atoms, 'an atom changed: update contract.json and bump its version').toEqual(contract.atoms)
  })

  test('describes the auth state every slice reads', () => {
    expect(Object.keys(state.initialAuthState).sort()).toEqual(contract.authState)
  })

  for (const [slice, modules] of Object.entries(contract.mount)) {
    test(`mf-${slice} exposes every module the shell mounts from it`, () => {
      const config = readFileSync(join(root, `mf-${slice}`, 'rspack.config.mjs'), 'utf8')
      const exposed = [...config.matchAll(/'\.\/(\w+)':/g)].map((match) => match[1])
      expect(exposed.sort()).toEqual([...modules].sort())
    })
  }

  test('the shell mounts the modules the contract names, and no others', () => {
    const pages = readFileSync(join(root, 'shell', 'src', 'pages', 'remote-pages.tsx'), 'utf8')
    const mounted = [...pages.matchAll(/remote="(\w+)"\s+module="(\w+)"/g)].map((m) => `${m[1]}/${m[2]}`)
    const named = Object.entries(contract.mount).flatMap(([slice, modules]) =>
      modules.map((m) => `${slice}/${m}`),
    )
    expect([...new Set(mounted)].sort()).toEqual(named.sort())
  })
})
