/**
 * A database that goes away answers 503 with Retry-After (not 500), and the server recovers on its own:
 * - the app's PostgreSQL connections are killed (pg_terminate_backend, as a restart does) while a write is
 *   running: that write gets 503 + Retry-After, the next one succeeds on a fresh connection;
 * - the database cannot be reached at all (connection refused): 503 + Retry-After.
 * The machine's shared PostgreSQL is never stopped: only this test database's backends are terminated.
 */
import { describe, expect, test } from 'bun:test'
import { openDatabase } from '@pinpoint/db'
import postgres from 'postgres'
import { createApp } from '../app'
import {
  type CanvasBody,
  createCanvasTestApp,
  type ErrorBody,
  teamWithMembers,
} from '../modules/canvases/testing'
import { freePort } from '../modules/uploads/spawn-server'
import { createTestContext } from '../testing/harness'
import { TestClient } from '../testing/http'
import { classifyDatabaseError } from './database-errors'

const setup = await createCanvasTestApp()
if (process.env.DBG)
  setup.context.logger = {
    info() {},
    error: (m: string, f?: unknown) => console.log('ERR', m, JSON.stringify(f)),
    warn: (m: string, f?: unknown) => console.log('WARN', m, JSON.stringify(f)),
  }

describe('classifyDatabaseError', () => {
  test('finds the driver code under wrappers; leaves real bugs alone', () => {
    const wrapped = (code: string) => Object.assign(new Error('Failed query: ...'), { cause: { code } })
    expect(classifyDatabaseError(wrapped('57P01'))).toEqual({ kind: 'unavailable', code: '57P01' })
    expect(classifyDatabaseError(wrapped('08006'))?.kind).toBe('unavailable')
    expect(classifyDatabaseError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))?.kind).toBe(
      'unavailable',
    )
    expect(classifyDatabaseError({ code: 'CONNECTION_CLOSED' })?.kind).toBe('unavailable')
    expect(classifyDatabaseError(wrapped('22021'))).toEqual({ kind: 'invalid-input', code: '22021' })
    expect(classifyDatabaseError(wrapped('23505'))).toBeUndefined()
    expect(classifyDatabaseError(new Error('plain'))).toBeUndefined()
  })
})

describe('the database goes away', () => {
  test('a write whose connection is terminated gets 503 with Retry-After; the next write succeeds', async () => {
    const url = setup.context.config.databaseUrl
    if (!url) return // PGlite: in process, there is no connection to lose
    const team = await teamWithMembers(setup)
    const { canvas } = (
      await team.ownerClient.post<CanvasBody>('/api/v1/canvases', { type: 'design', title: 'A' })
    ).body
    const admin = postgres(url, { max: 2, onnotice: () => {} })
    try {
      // Hold the canvas row so the write is inside PostgreSQL when its backend is terminated.
      const holder = await admin.reserve()
      await holder`begin`
      await holder`select id from canvases where id = ${canvas.id} for update`
      const write = team.ownerClient.put<ErrorBody>(`/api/v1/canvases/${canvas.id}`, { title: 'B' })
      let waiting: { pid: number }[] = []
      for (let attempt = 0; attempt < 100 && waiting.length === 0; attempt++) {
        await Bun.sleep(50)
        waiting = await admin<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`
      }
      expect(waiting.length).toBeGreaterThan(0)
      // What a restart does to every connection of the app: the waiting write's, and the idle ones.
      await admin`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and pid <> ${await holderPid(holder)}`
      const failed = await write
      expect(failed.status).toBe(503)
      expect(failed.headers.get('retry-after')).toBe('3')
      expect(failed.body).toMatchObject({ error: 'ServiceUnavailable', status: 503, meta: { retryAfter: 3 } })
      await holder`rollback`
      holder.release()

      // Retried as a client told Retry-After would, only sooner: each connection of the pool learns of its
      // termination when the event loop reads its socket, which a loaded machine does a moment later, and
      // a write sent back to back may still meet one that has not heard yet.
      let recovered = 0
      for (let attempt = 0; attempt < 5 && recovered !== 200; attempt++) {
        if (attempt > 0) await Bun.sleep(250)
        recovered = (await team.ownerClient.put(`/api/v1/canvases/${canvas.id}`, { title: 'C' })).status
        expect([200, 503]).toContain(recovered)
      }
      expect(recovered).toBe(200)
    } finally {
      await admin.end({ timeout: 5 })
    }
  })

  test('an unreachable database answers 503 with Retry-After', async () => {
    const port = await freePort()
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/nowhere`,
      connectTimeoutSeconds: 2,
    })
    const context = await createTestContext({ database })
    const client = new TestClient(createApp(context))
    try {
      const login = await client.post<ErrorBody>('/api/v1/sessions', {
        email: 'a@example.com',
        password: 'x'.repeat(12),
      })
      expect(login.status).toBe(503)
      expect(login.headers.get('retry-after')).toBe('3')
      expect(login.body.error).toBe('ServiceUnavailable')
    } finally {
      await database.close()
    }
  })
})

async function holderPid(holder: postgres.ReservedSql): Promise<number> {
  const [row] = await holder<{ pid: number }[]>`select pg_backend_pid() as pid`
  return row?.pid ?? 0
}
