import { describe, expect, test } from 'bun:test'
import {
  type ContractDeclaration,
  contractMismatches,
  readContractDeclaration,
  satisfiesRange,
} from './frontend-contract'

const shell: ContractDeclaration = {
  contract: '1.2',
  shared: {
    react: { version: '19.3.1', requiredVersion: '^19.3.1' },
    jotai: { version: '3.0.1', requiredVersion: '^3.0.1' },
    '@pinpoint/state': { version: '0.1.0', requiredVersion: '^0.1.0' },
  },
  exposes: [],
  mount: { dashboard: ['DashboardApp'] },
}

function slice(overrides: Partial<ContractDeclaration> = {}): ContractDeclaration {
  return {
    contract: '1.0',
    shared: {
      react: { version: '19.3.1', requiredVersion: '^19.3.1' },
      jotai: { version: '3.0.1', requiredVersion: '^3.0.1' },
    },
    exposes: ['DashboardApp'],
    ...overrides,
  }
}

describe('satisfiesRange', () => {
  test.each([
    ['19.3.1', '^19.3.1', true],
    ['19.4.0', '^19.3.1', true],
    ['20.0.0', '^19.3.1', false],
    ['19.3.0', '^19.3.1', false],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['3.0.2', '~3.0.1', true],
    ['3.1.0', '~3.0.1', false],
    ['3.0.1', '3.0.1', true],
    ['3.0.2', '3.0.1', false],
    ['1.0.0', '*', true],
    ['1.0.0', '>=1 <2', false],
    ['not a version', '^1.0.0', false],
  ])('%s in %s: %p', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected)
  })
})

describe('contractMismatches', () => {
  test('a slice built against the same or an older minor of the contract, with fitting singletons, fits', () => {
    expect(contractMismatches(shell, 'dashboard', slice())).toEqual([])
    expect(contractMismatches(shell, 'dashboard', slice({ contract: '1.2' }))).toEqual([])
  })

  test('a newer minor or another major of the contract is named', () => {
    expect(contractMismatches(shell, 'dashboard', slice({ contract: '1.3' }))).toEqual([
      'contract: dashboard needs 1.3, the shell implements 1.2',
    ])
    expect(contractMismatches(shell, 'dashboard', slice({ contract: '2.0' }))).toEqual([
      'contract: dashboard needs 2.0, the shell implements 1.2',
    ])
    expect(contractMismatches(shell, 'dashboard', slice({ contract: 'one' }))).toEqual([
      'contract: dashboard declares "one", the shell implements "1.2"',
    ])
  })

  test('a singleton the shell provides in a version out of range, or not at all, is named', () => {
    const problems = contractMismatches(
      shell,
      'dashboard',
      slice({
        shared: {
          jotai: { version: '4.0.0', requiredVersion: '^4.0.0' },
          'left-pad': { version: '1.0.0', requiredVersion: '^1.0.0' },
        },
      }),
    )
    expect(problems).toEqual([
      'shared jotai: dashboard requires ^4.0.0, the shell provides 3.0.1',
      'shared left-pad: dashboard shares it, the shell does not provide it',
    ])
  })

  test('a module the shell mounts and the build does not expose is named', () => {
    expect(contractMismatches(shell, 'dashboard', slice({ exposes: ['Other'] }))).toEqual([
      'mount: the shell mounts dashboard/DashboardApp, which this build does not expose',
    ])
  })

  test('a build without a declaration is refused', () => {
    expect(contractMismatches(shell, 'billing', null)).toEqual([
      'billing declares no contract (it was built without the pinpoint manifest block)',
    ])
  })
})

describe('readContractDeclaration', () => {
  test('reads the pinpoint block of a manifest', () => {
    const manifest = { id: 'x', pinpoint: { ...shell, extra: 1 } }
    expect(readContractDeclaration(manifest)).toEqual(shell)
  })

  test('null for a manifest without one, or with a malformed one', () => {
    expect(readContractDeclaration({ id: 'x' })).toBeNull()
    expect(readContractDeclaration(null)).toBeNull()
    expect(readContractDeclaration({ pinpoint: { contract: 1, shared: {} } })).toBeNull()
    expect(readContractDeclaration({ pinpoint: { contract: '1.0', shared: { react: '19' } } })).toBeNull()
  })
})
