/**
 * Per-process PostgreSQL clones of the template: `pinpoint_test_<host>_<pid>_<created>_<random>`, dropped
 * by dispose() or after all tests; clones of crashed or killed runs are dropped by a later run.
 */
import { createHash } from 'node:crypto'
import { hostname } from 'node:os'
import type { Sql } from 'postgres'
import { type DatabaseHandle, openDatabase } from '../client.ts'
import { registerCleanup } from './cleanup.ts'
import {
  describeError,
  errorCode,
  ident,
  isPidAlive,
  isUnreachable,
  randomSuffix,
  redact,
  retryWhileBusy,
  testDatabaseUrl,
  withDatabase,
} from './pg-helpers.ts'
import { ensurePostgresTemplate, forgetPostgresTemplate } from './template.ts'
import type { TestDatabase } from './types.ts'

/** Clones older than this are dropped by any later run, whoever created them. */
const LEFTOVER_MAX_AGE_MS = 6 * 60 * 60 * 1000

export type AdminResult = { ok: true; sql: Sql } | { ok: false; reason: string }

let admin: Promise<AdminResult> | undefined

/** One small admin pool per process (on the URL's own database) for CREATE/DROP DATABASE. */
export function adminConnection(): Promise<AdminResult> {
  admin ??= (async (): Promise<AdminResult> => {
    const { default: postgres } = await import('postgres')
    const sql = postgres(testDatabaseUrl(), { max: 2, connect_timeout: 3, onnotice: () => {} })
    try {
      await sql`select 1`
    } catch (error) {
      await sql.end({ timeout: 1 }).catch(() => {})
      if (isUnreachable(error)) return { ok: false, reason: describeError(error) }
      throw new Error(
        `PostgreSQL at ${redact(testDatabaseUrl())} refused the test connection: ${describeError(error)}`,
      )
    }
    registerCleanup(async () => {
      admin = undefined
      try {
        await dropLeftoverClones(sql)
      } finally {
        await sql.end({ timeout: 5 })
      }
    })
    return { ok: true, sql }
  })()
  return admin
}

const HOST_TAG = createHash('sha1').update(hostname()).digest('hex').slice(0, 6)
const CLONE_PREFIX = 'pinpoint_test_'

export async function createPostgresClone(sql: Sql): Promise<TestDatabase> {
  // pinpoint_test_<host>_<pid>_<created, base36 ms>_<random>: enough to find and drop leftovers later.
  const name = `${CLONE_PREFIX}${HOST_TAG}_${process.pid}_${Date.now().toString(36)}_${randomSuffix()}`
  const clone = async () => {
    const template = await ensurePostgresTemplate(sql)
    await retryWhileBusy(() => sql.unsafe(`create database ${ident(name)} template ${ident(template)}`))
  }
  try {
    await clone()
  } catch (error) {
    // 3D000: the template was dropped by a run on another migration set since we checked: build it again.
    if (errorCode(error) !== '3D000') throw error
    forgetPostgresTemplate()
    await clone()
  }
  const url = withDatabase(testDatabaseUrl(), name)
  let handle: DatabaseHandle
  try {
    handle = await openDatabase({ databaseUrl: url, maxConnections: 5 })
  } catch (error) {
    await sql.unsafe(`drop database if exists ${ident(name)} with (force)`)
    throw error
  }
  let disposed = false
  const dispose = async () => {
    if (disposed) return
    disposed = true
    unregister()
    try {
      await handle.close()
    } finally {
      await sql.unsafe(`drop database if exists ${ident(name)} with (force)`)
    }
  }
  const unregister = registerCleanup(dispose)
  return { url, kind: 'postgres', handle, db: handle.db, dispose }
}

/** Drops clones of crashed or killed runs: older than LEFTOVER_MAX_AGE_MS, or made on this host by a dead pid. */
export async function dropLeftoverClones(sql: Sql): Promise<void> {
  const rows = await sql<{ datname: string }[]>`
    select datname from pg_database where datname like ${`${CLONE_PREFIX}%`}`
  for (const { datname } of rows) {
    const match = /^pinpoint_test_([0-9a-f]{6})_(\d+)_([0-9a-z]+)_[0-9a-z]+$/.exec(datname)
    if (!match) continue
    const [, host, pidText, createdText] = match
    const pid = Number(pidText)
    const createdAt = Number.parseInt(createdText ?? '', 36)
    const mine = host === HOST_TAG && pid === process.pid
    const orphan = host === HOST_TAG && !mine && !isPidAlive(pid)
    const old = Date.now() - createdAt > LEFTOVER_MAX_AGE_MS
    if (!mine && (orphan || old)) {
      await sql.unsafe(`drop database if exists ${ident(datname)} with (force)`).catch(() => {})
    }
  }
}
