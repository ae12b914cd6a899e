import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate, openDatabase } from '@pinpoint/db'
import { testDatabase } from '@pinpoint/db/testing'
import { createApp } from './app'
import { DEMO_EMAIL, ensureFirstLogin } from './first-run'
import { createTestContext } from './testing/harness'
import { TestClient } from './testing/http'

const dataDir = mkdtempSync(join(tmpdir(), 'pinpoint-first-run-'))

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('first run', () => {
  test('an empty embedded database gets one demo login that works, written to the data folder', async () => {
    const database = await openDatabase({ dataDir })
    try {
      await migrate(database)
      const base = await createTestContext()
      const context = { ...base, database, config: { ...base.config, dataDir, databaseUrl: undefined } }
      const login = await ensureFirstLogin(context)
      expect(login?.email).toBe(DEMO_EMAIL)
      expect(readFileSync(join(dataDir, 'first-login.txt'), 'utf8')).toContain(login?.password as string)
      // A second start creates nothing new.
      expect(await ensureFirstLogin(context)).toBeNull()

      const client = new TestClient(createApp(context))
      const res = await client.post<{ user: { email: string; Team: { name: string } } }>('/api/v1/sessions', {
        email: DEMO_EMAIL,
        password: login?.password,
      })
      expect(res.status).toBe(200)
      expect(res.body.user.Team.name).toBe('Demo team')
    } finally {
      await database.close()
    }
  }, 60_000)

  test('a PostgreSQL deployment never gets a demo account', async () => {
    const { handle } = await testDatabase()
    if (handle.kind !== 'postgres') return
    const context = await createTestContext()
    expect(await ensureFirstLogin(context)).toBeNull()
  })
})
