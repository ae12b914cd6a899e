import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { type DbOrTx, migrate, openDatabase } from './client.ts'
import { users } from './schema/index.ts'
import { buildUser, testDatabase, testDatabaseUrl } from './testing/index.ts'

const shared = await testDatabase()
const { handle, db } = shared

/** A service-style function: accepts the database or a transaction. */
async function renameUser(dbOrTx: DbOrTx, id: string, name: string) {
  await dbOrTx.update(users).set({ name }).where(eq(users.id, id))
}

describe('openDatabase handle', () => {
  test('version and ping', async () => {
    expect(await handle.version()).toMatch(/^\d+(\.\d+)?/)
    await handle.ping()
  })

  test('rows() returns an array of rows on either driver', async () => {
    const rows = await handle.rows<{ n: number; s: string }>(sql`select 1::int as n, ${'x'}::text as s`)
    expect(rows).toEqual([{ n: 1, s: 'x' }])
  })

  test('jsonb is stored as JSON objects, timestamps come back as Dates', async () => {
    const user = await buildUser(db, { myEmailSettings: { comments: true, digest: 'daily' } })
    const [row] = await handle.rows<{ t: string }>(
      sql`select jsonb_typeof(${users.myEmailSettings}) as t from ${users} where ${users.id} = ${user.id}`,
    )
    expect(row?.t).toBe('object')
    expect(user.myEmailSettings).toEqual({ comments: true, digest: 'daily' })
    expect(user.createdAt).toBeInstanceOf(Date)
  })

  test('transactions roll back and service functions accept a transaction', async () => {
    const user = await buildUser(db)
    await db
      .transaction(async (tx) => {
        await renameUser(tx, user.id, 'Inside')
        tx.rollback()
      })
      .catch(() => {})
    await renameUser(db, user.id, 'Outside')
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row?.name).toBe('Outside')
  })

  test('updatedAt moves on update', async () => {
    const user = await buildUser(db)
    await Bun.sleep(5)
    const [updated] = await db.update(users).set({ name: 'New' }).where(eq(users.id, user.id)).returning()
    expect(updated?.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime())
  })

  test('the e-mail check rejects unnormalised addresses', async () => {
    const insert = async () => {
      await db.insert(users).values({ name: 'X', email: 'Mixed@Example.test' })
    }
    await expect(insert()).rejects.toThrow()
  })

  test('migrate() on an up-to-date database is a no-op', async () => {
    await migrate(handle)
  })

  test('listen/notify', async () => {
    const received: string[] = []
    const unlisten = await handle.listen('pinpoint_test_channel', (payload) => received.push(payload))
    await handle.notify('pinpoint_test_channel', 'hello')
    for (let i = 0; i < 50 && received.length === 0; i++) await Bun.sleep(20)
    await unlisten()
    expect(received).toEqual(['hello'])
    await expect(handle.listen('Bad-Channel', () => {})).rejects.toThrow('Invalid NOTIFY channel')
  })
})

describe.skipIf(shared.kind !== 'postgres')('PostgreSQL', () => {
  test('notifications cross connections (as they cross processes)', async () => {
    const other = await openDatabase({ databaseUrl: shared.url ?? '' })
    try {
      const received: string[] = []
      const unlisten = await other.listen('pinpoint_cross', (payload) => received.push(payload))
      await handle.notify('pinpoint_cross', JSON.stringify({ topic: 'canvas:1', id: 42 }))
      for (let i = 0; i < 50 && received.length === 0; i++) await Bun.sleep(20)
      await unlisten()
      expect(received).toEqual(['{"topic":"canvas:1","id":42}'])
    } finally {
      await other.close()
    }
  })

  test('concurrent migrate() calls on an empty database take turns', async () => {
    const { default: postgres } = await import('postgres')
    const admin = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} })
    const name = `pinpoint_migrate_${process.pid}_${Date.now().toString(36)}`
    await admin.unsafe(`create database "${name}"`)
    const url = new URL(testDatabaseUrl())
    url.pathname = `/${name}`
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), maxConnections: 1 })),
    )
    try {
      await Promise.all(handles.map((h) => migrate(h)))
      const [first] = handles
      const rows = await first?.rows<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )
      expect(rows?.[0]?.n).toBeGreaterThan(0)
      await first?.db.insert(users).values({ name: 'A', email: 'a@example.test' })
    } finally {
      await Promise.all(handles.map((h) => h.close()))
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  }, 30_000)

  test('ping throws when the server is unreachable', async () => {
    const down = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      connectTimeoutSeconds: 1,
    })
    try {
      await expect(down.ping(2000)).rejects.toThrow()
    } finally {
      await down.close()
    }
  })

  test('close() is idempotent', async () => {
    const extra = await openDatabase({ databaseUrl: shared.url ?? '' })
    await extra.ping()
    await extra.close()
    await extra.close()
  })
})

test('openDatabase needs a URL or a data folder', async () => {
  await expect(openDatabase({})).rejects.toThrow('databaseUrl')
})
