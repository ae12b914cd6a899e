import { expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readContractDeclaration } from '@pinpoint/domain'
import contract from '@pinpoint/state/contract.json'
import { contractManifestPlugin } from './rspack-preset.mjs'

const root = join(import.meta.dir, '..', '..', '..')

function emit(host: boolean, manifest: object) {
  const out = mkdtempSync(join(tmpdir(), 'pinpoint-manifest-'))
  writeFileSync(join(out, 'mf-manifest.json'), JSON.stringify(manifest))
  const compiler = {
    options: { output: { path: out } },
    hooks: { afterEmit: { tap: (_name: string, run: () => void) => run() } },
  }
  contractManifestPlugin(join(root, host ? 'shell' : 'mf-dashboard'), host).apply(compiler as never)
  return JSON.parse(readFileSync(join(out, 'mf-manifest.json'), 'utf8'))
}

const shared = [{ name: 'jotai', version: '3.0.1', requiredVersion: '^3.0.1', singleton: true }]

test('a remote build declares the contract version, its singletons and what it exposes', () => {
  const written = emit(false, {
    id: 'dashboard',
    shared,
    exposes: [{ name: 'DashboardApp', path: './DashboardApp' }],
  })
  expect(written.id).toBe('dashboard')
  expect(readContractDeclaration(written)).toEqual({
    contract: contract.version,
    shared: { jotai: { version: '3.0.1', requiredVersion: '^3.0.1' } },
    exposes: ['DashboardApp'],
  })
})

test('the shell also declares the modules it mounts from each slice', () => {
  const written = emit(true, { id: 'shell', shared, exposes: [] })
  expect(readContractDeclaration(written)?.mount).toEqual(contract.mount)
})
