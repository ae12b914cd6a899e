import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { users } from '../schema/index.ts'
import { dropLeftoverClones } from './clone.ts'
import { buildUser, createTestDatabase, migrationsHash, testDatabase, testDatabaseUrl } from './index.ts'

const shared = await testDatabase()

async function databaseNames(): Promise<string[]> {
  const rows = await shared.handle.rows<{ datname: string }>(sql`select datname from pg_database`)
  return rows.map((r) => r.datname)
}

describe.skipIf(shared.kind !== 'postgres')('testDatabase on PostgreSQL', () => {
  test('is memoised per process and cloned from the migrated template', async () => {
    expect(await testDatabase()).toBe(shared)
    const name = new URL(shared.url ?? '').pathname.slice(1)
    expect(name).toMatch(new RegExp(`^pinpoint_test_[0-9a-f]{6}_${process.pid}_[0-9a-z]+_[0-9a-z]+$`))
    const names = await databaseNames()
    expect(names).toContain(`pinpoint_tpl_${migrationsHash()}`)
    expect(names).toContain(name)
  })

  test('createTestDatabase() gives a separate blank database; dispose drops it', async () => {
    await buildUser(shared.db)
    const other = await createTestDatabase()
    const name = new URL(other.url ?? '').pathname.slice(1)
    try {
      expect(other.url).not.toBe(shared.url)
      const rows = await other.handle.rows<{ n: number }>(sql`select count(*)::int as n from ${users}`)
      expect(rows).toEqual([{ n: 0 }])
    } finally {
      await other.dispose()
    }
    expect(await databaseNames()).not.toContain(name)
  })

  test('leftover clones of dead processes are dropped, live ones kept', async () => {
    const { default: postgres } = await import('postgres')
    const admin = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} })
    try {
      const ownName = new URL(shared.url ?? '').pathname.slice(1)
      const host = ownName.split('_')[2]
      const dead = Bun.spawn(['true'])
      await dead.exited
      const orphan = `pinpoint_test_${host}_${dead.pid}_${Date.now().toString(36)}_orphan`
      const ancient = `pinpoint_test_ffffff_1_${(Date.now() - 7 * 3600_000).toString(36)}_old`
      const fresh = `pinpoint_test_ffffff_1_${Date.now().toString(36)}_fresh`
      for (const name of [orphan, ancient, fresh]) await admin.unsafe(`create database "${name}"`)
      await dropLeftoverClones(admin)
      const names = await databaseNames()
      expect(names).not.toContain(orphan)
      expect(names).not.toContain(ancient)
      expect(names).toContain(fresh) // another host's recent clone: maybe still running
      expect(names).toContain(ownName)
      await admin.unsafe(`drop database "${fresh}"`)
    } finally {
      await admin.end()
    }
    // Three CREATE DATABASE and several DROPs: each waits on a checkpoint, seconds on a busy disk.
  }, 30_000)
})

describe('without PostgreSQL', () => {
  const fixture = join(import.meta.dir, 'fallback-fixture.ts')
  const unreachable = 'postgres://postgres@127.0.0.1:1/postgres'

  async function runFixture(env: Record<string, string>) {
    const child = Bun.spawn([process.execPath, fixture], {
      env: { ...process.env, TEST_DATABASE_URL: unreachable, ...env },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [stdout, stderr] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ])
    await child.exited
    const last = stdout.trim().split('\n').at(-1) ?? '{}'
    return { result: JSON.parse(last) as { ok: boolean; kind?: string; message?: string }, stderr }
  }

  test('CI=true fails with a clear message', async () => {
    const { result } = await runFixture({ CI: 'true' })
    expect(result.ok).toBe(false)
    expect(result.message).toContain(
      'PostgreSQL is not reachable at postgres://postgres@127.0.0.1:1/postgres',
    )
    expect(result.message).toContain('CI=true forbids the PGlite fallback')
  }, 30_000)

  test('otherwise tests run on a migrated PGlite clone, with a loud warning', async () => {
    const { result, stderr } = await runFixture({ CI: 'false' })
    expect(result).toMatchObject({ ok: true, kind: 'pglite', users: 0 })
    expect(stderr).toContain('*** PostgreSQL not reachable: running database tests on PGlite ***')
  }, 120_000)
})
