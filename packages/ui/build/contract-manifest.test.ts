import { expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contractManifestPlugin } from './rspack-preset.mjs'

const root = join(import.meta.dir, '..', '..', '..')
// Read, not imported: the design system's build does not depend on the state package's code.
const contract = JSON.parse(readFileSync(join(root, 'packages', 'state', 'contract.json'), 'utf8'))

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
  expect(written.pinpoint).toEqual({
    contract: contract.version,
    shared: { jotai: { version: '3.0.1', requiredVersion: '^3.0.1' } },
    exposes: ['DashboardApp'],
  })
})

test('the shell also declares the modules it mounts from each slice', () => {
  const written = emit(true, { id: 'shell', shared, exposes: [] })
  expect(written.pinpoint.mount).toEqual(contract.mount)
})
