/**
 * PGlite smoke test: the embedded default of `npm start` (open a folder, migrate, use it), and proof that the
 * same migrations give PGlite and PostgreSQL the same tables, columns, indexes and constraints.
 *
 * The instance is a copy of the cached migrated template (openPgliteForTest), whose first build is exactly the
 * start-up path on an empty folder (openDatabase + migrate): it runs on every clean machine (CI) and whenever
 * the migrations change, without paying a 3–7 s, ~900 MB initdb on every local run.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq, type SQL, sql } from 'drizzle-orm'
import { type DatabaseHandle, migrate, openDatabase } from './client.ts'
import { DataDirLockedError } from './lock.ts'
import { users } from './schema/index.ts'
import {
  buildAnnotation,
  buildCanvas,
  buildTeam,
  openPgliteForTest,
  type PgliteTestDatabase,
  testDatabase,
} from './testing/index.ts'

let fixture: PgliteTestDatabase
let lite: DatabaseHandle
let dataDir: string
const pg = await testDatabase()

beforeAll(async () => {
  fixture = await openPgliteForTest()
  lite = fixture.handle
  dataDir = fixture.dataDir
}, 60_000)

afterAll(async () => {
  await lite?.close()
  await fixture?.dispose()
})

describe('PGlite', () => {
  test('opens in <dataDir>/pglite with the lock taken', async () => {
    expect(lite.kind).toBe('pglite')
    expect(lite.pglite).toBeDefined()
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
    expect(existsSync(join(dataDir, '.lock'))).toBe(true)
    expect(await lite.version()).toMatch(/^\d+/)
    await lite.ping()
  })

  test('a second open of the same folder is refused', async () => {
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError)
  })

  test('insert and read a user, with relations and raw rows', async () => {
    const [inserted] = await lite.db
      .insert(users)
      .values({ name: 'Lite', email: 'lite@example.test', myEmailSettings: { mentions: true } })
      .returning()
    const [read] = await lite.db.select().from(users).where(eq(users.email, 'lite@example.test'))
    expect(read?.id).toBe(inserted?.id ?? '')
    expect(read?.myEmailSettings).toEqual({ mentions: true })
    expect(read?.createdAt).toBeInstanceOf(Date)
    const rows = await lite.rows<{ n: number }>(sql`select count(*)::int as n from ${users}`)
    expect(rows).toEqual([{ n: 1 }])

    const { owner } = await buildTeam(lite.db)
    const { canvas } = await buildCanvas(lite.db, { user: owner })
    await buildAnnotation(lite.db, { canvas })
    const found = await lite.db.query.canvases.findFirst({ with: { annotations: true, revisions: true } })
    expect(found?.annotations).toHaveLength(1)
    expect(found?.revisions).toHaveLength(1)
  })

  test('listen/notify in-process', async () => {
    const received: string[] = []
    const unlisten = await lite.listen('app_events', (payload) => received.push(payload))
    await lite.notify('app_events', '{"id":1}')
    for (let i = 0; i < 50 && received.length === 0; i++) await Bun.sleep(10)
    await unlisten()
    await lite.notify('app_events', '{"id":2}')
    await Bun.sleep(20)
    expect(received).toEqual(['{"id":1}'])
  })

  test('migrate() again is a no-op', async () => {
    await migrate(lite)
  })
})

describe('same migrations, same schema on PGlite and PostgreSQL', () => {
  const queries: Record<string, SQL> = {
    columns: sql`
      select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
        || ' ' || coalesce(column_default, '') as item
      from information_schema.columns where table_schema = 'public' order by 1`,
    indexes: sql`select tablename || ' ' || indexdef as item from pg_indexes where schemaname = 'public' order by 1`,
    constraints: sql`
      select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as item
      from pg_constraint
      -- PGlite is PostgreSQL 17, which also lists NOT NULL as constraints (contype n); nullability is
      -- compared with the columns above.
      where connamespace = 'public'::regnamespace and contype <> 'n' order by 1`,
    migrations: sql`select hash as item from drizzle.__drizzle_migrations order by id`,
  }

  test.each(Object.keys(queries))('%s', async (what) => {
    const query = queries[what] as SQL
    const onLite = (await lite.rows<{ item: string }>(query)).map((r) => r.item)
    const onPg = (await pg.handle.rows<{ item: string }>(query)).map((r) => r.item)
    expect(onLite.length).toBeGreaterThan(0)
    expect(onLite).toEqual(onPg)
  })
})

test('close() releases the lock; the folder reopens with its data', async () => {
  await lite.close()
  expect(existsSync(join(dataDir, '.lock'))).toBe(false)
  await expect(lite.ping()).rejects.toThrow()
  lite = await openDatabase({ dataDir })
  const rows = await lite.rows<{ email: string }>(
    sql`select email from users where email = 'lite@example.test'`,
  )
  expect(rows).toEqual([{ email: 'lite@example.test' }])
}, 30_000)
