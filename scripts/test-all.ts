/**
 * Runs every suite (lint, typecheck, unit/integration tests, browser journeys) and ends with
 * one line `N passed, N failed` that sums them all. Exits non-zero when anything failed.
 *
 * Usage: `bun scripts/test-all.ts [--only lint,typecheck,unit,e2e]`
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium } from './chromium'
import { parseJunit, parsePlaywrightJson } from './test-reports'

interface SuiteResult {
  name: string
  passed: number
  failed: number
  skipped: number
  seconds: number
  note?: string
}

const root = join(import.meta.dir, '..')
const reportsDir = join(root, '.tmp', 'reports')
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const only = onlyArg ? new Set(onlyArg.split(',')) : undefined
const results: SuiteResult[] = []

function banner(title: string) {
  console.log(`\n\x1b[1m━━ ${title} ━━\x1b[0m`)
}

async function runStep(cmd: string[], env: Record<string, string> = {}): Promise<number> {
  const proc = Bun.spawn(cmd, {
    cwd: root,
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1', ...env },
  })
  return await proc.exited
}

async function suite(name: string, body: () => Promise<Omit<SuiteResult, 'name' | 'seconds'>>) {
  if (only && !only.has(name)) return
  banner(name)
  const started = performance.now()
  let outcome: Omit<SuiteResult, 'name' | 'seconds'>
  try {
    outcome = await body()
  } catch (error) {
    outcome = {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: error instanceof Error ? error.message : String(error),
    }
  }
  results.push({ name, seconds: (performance.now() - started) / 1000, ...outcome })
}

/** A step that is one check: it passes or fails as a whole (lint, typecheck). */
async function singleCheck(cmd: string[]) {
  const code = await runStep(cmd)
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }
}

rmSync(reportsDir, { recursive: true, force: true })
mkdirSync(reportsDir, { recursive: true })

await suite('lint', () => singleCheck(['node_modules/.bin/biome', 'check', '--diagnostic-level=error', '.']))
await suite('typecheck', () => singleCheck(['node_modules/.bin/tsc', '--noEmit', '-p', 'tsconfig.json']))

await suite('unit', async () => {
  const junit = join(reportsDir, 'bun-test.xml')
  const code = await runStep([
    process.execPath,
    'test',
    '--reporter=junit',
    `--reporter-outfile=${junit}`,
    './packages',
    './db',
    './server',
    './scripts',
    // The front ends' pure logic (list filters, routes, notification texts) has unit tests too.
    './shell/src',
    './mf-dashboard/src',
    './mf-review/src',
    './mf-billing/src',
  ])
  if (!existsSync(junit))
    return { passed: 0, failed: 1, skipped: 0, note: `bun test exited ${code} without a report` }
  const counts = parseJunit(readFileSync(junit, 'utf8'))
  // A crash after the report (or a failing hook) still fails the suite.
  if (code !== 0 && counts.failed === 0) return { ...counts, failed: 1, note: `bun test exited with ${code}` }
  return counts
})

await suite('e2e', async () => {
  await ensureChromium()
  const report = join(reportsDir, 'playwright.json')
  // The CLI reporter list replaces the config's, so the JSON report lands where we read it.
  const code = await runStep(
    [
      'node',
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      '--reporter=list,json',
    ],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      // Browser journeys run against the real PostgreSQL too (a fresh clone of the test template).
      E2E_DATABASE_URL:
        process.env.E2E_DATABASE_URL ??
        process.env.TEST_DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/postgres',
    },
  )
  if (!existsSync(report))
    return { passed: 0, failed: 1, skipped: 0, note: `playwright exited ${code} without a report` }
  const counts = parsePlaywrightJson(readFileSync(report, 'utf8'))
  if (code !== 0 && counts.failed === 0)
    return { ...counts, failed: 1, note: `playwright exited with ${code}` }
  return counts
})

banner('summary')
for (const r of results) {
  const mark = r.failed > 0 ? '\x1b[31m✗\x1b[0m' : '\x1b[32m✓\x1b[0m'
  const skipped = r.skipped ? `, ${r.skipped} skipped` : ''
  const note = r.note ? ` (${r.note})` : ''
  console.log(
    `${mark} ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed${skipped} in ${r.seconds.toFixed(1)} s${note}`,
  )
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
const skipped = results.reduce((sum, r) => sum + r.skipped, 0)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
