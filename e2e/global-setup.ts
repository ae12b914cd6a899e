import { existsSync } from 'node:fs'
import { join } from 'node:path'

const BUILD_OUTPUTS = [
  'shell/dist/index.html',
  'mf-dashboard/dist/mf-manifest.json',
  'mf-review/dist/mf-manifest.json',
  'mf-billing/dist/mf-manifest.json',
]

/** Fails fast with the fix when a front end was not built, instead of 30 s timeouts per test. */
export default function globalSetup() {
  const root = join(import.meta.dirname, '..')
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(join(root, file)))
  if (missing.length > 0) {
    const folders = missing.map((file) => file.split('/')[0]).join(', ')
    throw new Error(`Front end not built: ${folders}. Run \`bun run build\` in each, or npm start.`)
  }
}
