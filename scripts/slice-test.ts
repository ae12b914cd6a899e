/**
 * `bun run test` of a slice (mf-<slice>/package.json, docs/micro-frontends.md): the slice's own unit tests,
 * a build of the minimal federation host (slice-host/), then the Playwright smoke that mounts the slice in it
 * against a real server (e2e/slice-smoke.spec.ts, `-g "<slice> slice"`).
 *
 * The server's database: a clone of the migrated PostgreSQL template when PostgreSQL answers at the URL the
 * unit tests use (TEST_DATABASE_URL, or the local default; a clone takes about 0.2 s), otherwise embedded
 * PGlite, which runs every migration on start (most of a minute on a busy machine). E2E_DATABASE_URL, when
 * set, is used as is. Usage: bun scripts/slice-test.ts <dashboard|review|billing>
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import postgres from 'postgres'
import { testDatabaseUrl } from '../db/src/testing/pg-helpers.ts'

const SLICES = ['dashboard', 'review', 'billing']
const root = join(import.meta.dir, '..')
const slice = process.argv[2] ?? ''
if (!SLICES.includes(slice)) throw new Error(`usage: bun scripts/slice-test.ts <${SLICES.join('|')}>`)

function run(command: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const [bin = '', ...args] = command
  const result = spawnSync(bin, args, { cwd, env, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

async function postgresAnswers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await sql`select 1`
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {})
  }
}

run([process.execPath, 'test', `./mf-${slice}/`], root)
run([process.execPath, 'run', '--cwd', 'slice-host', 'build'], root)
const env = { ...process.env }
if (!env.E2E_DATABASE_URL && (await postgresAnswers(testDatabaseUrl())))
  env.E2E_DATABASE_URL = testDatabaseUrl()
console.log(
  `slice smoke of ${slice}: database ${env.E2E_DATABASE_URL ? 'PostgreSQL (template clone)' : 'PGlite'}`,
)
run(
  [
    'node',
    '../node_modules/@playwright/test/cli.js',
    'test',
    '-c',
    'playwright.config.ts',
    'slice-smoke.spec.ts',
    '-g',
    `${slice} slice`,
  ],
  join(root, 'e2e'),
  env,
)
