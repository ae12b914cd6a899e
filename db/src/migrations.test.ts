/**
 * The committed migrations match the schema: a schema change without `bun run generate` fails here, not in
 * production. drizzle-kit runs against a copy of db/migrations, so nothing in the repository is touched.
 */
import { expect, test } from 'bun:test'
import { cpSync, readdirSync, rmdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { MIGRATIONS_FOLDER } from './client.ts'

const DB_DIR = join(import.meta.dir, '..')

test('schema and migrations are in sync', async () => {
  // drizzle-kit only accepts an output folder relative to the working directory.
  const scratch = join('.tmp', `migrations-check-${process.pid}-${Date.now().toString(36)}`)
  cpSync(MIGRATIONS_FOLDER, join(DB_DIR, scratch), { recursive: true })
  try {
    const drizzleKit = join(dirname(Bun.resolveSync('drizzle-kit/package.json', DB_DIR)), 'bin.cjs')
    const child = Bun.spawn(
      [
        process.execPath,
        '--bun',
        drizzleKit,
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/schema/index.ts',
        '--out',
        `./${scratch}`,
      ],
      { cwd: DB_DIR, stdout: 'pipe', stderr: 'pipe' },
    )
    const [out, err] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ])
    expect(await child.exited).toBe(0)
    const added =
      readdirSync(join(DB_DIR, scratch)).filter((f) => f.endsWith('.sql')).length -
      readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length
    if (added !== 0 || !out.includes('No schema changes')) {
      throw new Error(
        `The schema changed without a migration: run \`cd db && bun run generate\`.\n${out}\n${err}`,
      )
    }
  } finally {
    rmSync(join(DB_DIR, scratch), { recursive: true, force: true })
    try {
      rmdirSync(join(DB_DIR, '.tmp')) // only when empty
    } catch {
      // another run is using it
    }
  }
}, 30_000)

test('every journal entry has its SQL file and every SQL file is in the journal', async () => {
  const journal: { entries: { tag: string }[] } = await Bun.file(
    join(MIGRATIONS_FOLDER, 'meta', '_journal.json'),
  ).json()
  const tags = journal.entries.map((e) => `${e.tag}.sql`).sort()
  const files = readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  expect(files).toEqual(tags)
})
