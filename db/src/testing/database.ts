/**
 * Databases for tests.
 *
 * PostgreSQL (the normal case): a template database `pinpoint_tpl_<hash of the migrations>` is migrated once
 * (creation serialised across processes by an advisory lock), and each test process clones it with
 * `CREATE DATABASE ... TEMPLATE`, which takes ~0.2 s instead of re-running migrations. Clones are
 * dropped after all tests (global afterAll from preload.ts); clones left by crashed runs are dropped later.
 *
 * No PostgreSQL reachable: with CI=true this fails; otherwise tests run on PGlite, cloned from a migrated
 * PGlite folder cached in the temp directory (copying ~40 MB beats a 3–7 s initdb), with a loud warning.
 */
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Sql } from 'postgres'
import { type DatabaseHandle, type Db, MIGRATIONS_FOLDER, migrate, openDatabase } from '../client.ts'
import { registerCleanup } from './cleanup.ts'

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** Clones older than this are dropped by any later run, whoever created them. */
const LEFTOVER_MAX_AGE_MS = 6 * 60 * 60 * 1000
/** Cached PGlite templates of other migration sets are deleted once this old. */
const STALE_PGLITE_TEMPLATE_AGE_MS = 24 * 60 * 60 * 1000

interface TestDatabaseBase {
  handle: DatabaseHandle
  db: Db
  /** Closes and drops the database now (otherwise done after all tests of the process). */
  dispose(): Promise<void>
}

/**
 * A test database. Check `kind` (not handle.kind) to narrow `url`: a connection string on PostgreSQL, null
 * on the PGlite fallback (no other process can connect to it).
 */
export type TestDatabase =
  | (TestDatabaseBase & { kind: 'postgres'; url: string })
  | (TestDatabaseBase & { kind: 'pglite'; url: null })

export interface PgliteTestDatabase {
  handle: DatabaseHandle
  db: Db
  /** The temporary data folder (PGlite files under `${dataDir}/pglite`). */
  dataDir: string
  /** Closes PGlite and deletes the folder (otherwise done after all tests). */
  dispose(): Promise<void>
}

/** The URL tests connect to: TEST_DATABASE_URL, or the local default. */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL
}

let shared: Promise<TestDatabase> | undefined

/**
 * The database of this test process: created on first call (a fresh clone of the migrated template), the same
 * object afterwards, dropped after all tests. Tests share it, so isolate by building fresh rows (factories with
 * unique e-mails), not by assuming empty tables. Do not close its handle.
 */
export function testDatabase(): Promise<TestDatabase> {
  shared ??= createTestDatabase().catch((error: unknown) => {
    shared = undefined
    throw error
  })
  return shared
}

/**
 * A new, empty (migrated) database that nobody else uses, for tests that need a blank slate or their own
 * processes. Dropped by dispose() or after all tests.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== 'pglite') {
    const admin = await adminConnection()
    if (admin.ok) return createPostgresClone(admin.sql)
    if (process.env.CI === 'true') {
      throw new Error(
        `PostgreSQL is not reachable at ${redact(testDatabaseUrl())} (${admin.reason}). ` +
          'CI=true forbids the PGlite fallback: start PostgreSQL or set TEST_DATABASE_URL.',
      )
    }
    warnPgliteFallback(admin.reason)
  }
  const pg = await openPgliteForTest()
  return { url: null, kind: 'pglite', handle: pg.handle, db: pg.db, dispose: pg.dispose }
}

/** Short hash of the migration files: a new migration means a new template. */
export function migrationsHash(): string {
  const hash = createHash('sha256')
  const files = readdirSync(MIGRATIONS_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  for (const name of files) {
    hash.update(name)
    hash.update(readFileSync(join(MIGRATIONS_FOLDER, name)))
  }
  hash.update(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json')))
  return hash.digest('hex').slice(0, 12)
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL

type AdminResult = { ok: true; sql: Sql } | { ok: false; reason: string }

let admin: Promise<AdminResult> | undefined

/** One small admin pool per process (on the URL's own database) for CREATE/DROP DATABASE. */
function adminConnection(): Promise<AdminResult> {
  admin ??= (async (): Promise<AdminResult> => {
    const { default: postgres } = await import('postgres')
    const sql = postgres(testDatabaseUrl(), { max: 2, connect_timeout: 3, onnotice: () => {} })
    try {
      await sql`select 1`
    } catch (error) {
      await sql.end({ timeout: 1 }).catch(() => {})
      if (isUnreachable(error)) return { ok: false, reason: describe(error) }
      throw new Error(
        `PostgreSQL at ${redact(testDatabaseUrl())} refused the test connection: ${describe(error)}`,
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

async function createPostgresClone(sql: Sql): Promise<TestDatabase> {
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
    templateReady = undefined
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

let templateReady: Promise<string> | undefined

/** Creates `pinpoint_tpl_<hash>` once (migrated under a temporary name, then renamed, so it is never half-built). */
function ensurePostgresTemplate(sql: Sql): Promise<string> {
  templateReady ??= (async () => {
    const hash = migrationsHash()
    const template = `pinpoint_tpl_${hash}`
    if (await databaseExists(sql, template)) return template
    const reserved = await sql.reserve()
    try {
      await acquireTemplateLock(reserved)
      try {
        if (await databaseExists(reserved, template)) return template
        const started = performance.now()
        // Builders hold the advisory lock, so any build database seen here was abandoned by a crashed run.
        // Templates of other migration sets go too (a run still using one rebuilds it: see createPostgresClone).
        const obsolete = await reserved<{ datname: string }[]>`
          select datname from pg_database
          where datname like 'pinpoint\\_tplbuild\\_%' or datname like 'pinpoint\\_tpl\\_%'`
        for (const { datname } of obsolete) {
          await reserved.unsafe(`drop database if exists ${ident(datname)} with (force)`).catch(() => {})
        }
        const build = `pinpoint_tplbuild_${hash}_${process.pid}`
        await reserved.unsafe(`create database ${ident(build)}`)
        const handle = await openDatabase({
          databaseUrl: withDatabase(testDatabaseUrl(), build),
          maxConnections: 2,
        })
        try {
          await migrate(handle)
        } finally {
          await handle.close()
        }
        await retryWhileBusy(() =>
          reserved.unsafe(`alter database ${ident(build)} rename to ${ident(template)}`),
        )
        if (process.env.PINPOINT_TEST_DB_VERBOSE) {
          console.info(
            `[db/testing] template ${template} built in ${Math.round(performance.now() - started)} ms`,
          )
        }
        return template
      } finally {
        await reserved`select pg_advisory_unlock(hashtext('pinpoint:test-template'))`
      }
    } finally {
      reserved.release()
    }
  })().catch((error: unknown) => {
    templateReady = undefined
    throw error
  })
  return templateReady
}

const TEMPLATE_LOCK_WAIT_MS = 180_000

/** Waits (bounded) for the cross-process template lock rather than hanging forever behind a stuck builder. */
async function acquireTemplateLock(sql: Sql): Promise<void> {
  const deadline = Date.now() + TEMPLATE_LOCK_WAIT_MS
  for (;;) {
    const [row] = await sql<{ locked: boolean }[]>`
      select pg_try_advisory_lock(hashtext('pinpoint:test-template')) as locked`
    if (row?.locked) return
    if (Date.now() > deadline) {
      throw new Error(
        `Waited ${TEMPLATE_LOCK_WAIT_MS / 1000} s for another process to build the test template database ` +
          '(advisory lock pinpoint:test-template). Is a test run stuck? See pg_stat_activity.',
      )
    }
    await Bun.sleep(200)
  }
}

async function databaseExists(sql: Sql, name: string): Promise<boolean> {
  const rows = await sql`select 1 from pg_database where datname = ${name}`
  return rows.length > 0
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

// ---------------------------------------------------------------------------------------------------------
// PGlite

let pgliteTemplate: Promise<string> | undefined

/**
 * A fresh, migrated PGlite database in a temporary folder, copied from a cached migrated template folder
 * (`$TMPDIR/pinpoint-pglite-tpl-<hash>`, built once per migration set). Each call costs ~0.5 s and one
 * PGlite instance (hundreds of MB): reuse it within a test file.
 */
export async function openPgliteForTest(): Promise<PgliteTestDatabase> {
  const template = await ensurePgliteTemplate()
  const dataDir = join(
    tmpdir(),
    `pinpoint-pglite-test-${process.pid}-${Date.now().toString(36)}-${randomSuffix()}`,
  )
  cpSync(template, dataDir, { recursive: true })
  let handle: DatabaseHandle
  try {
    handle = await openDatabase({ dataDir })
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
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
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const unregister = registerCleanup(dispose)
  return { handle, db: handle.db, dataDir, dispose }
}

function ensurePgliteTemplate(): Promise<string> {
  pgliteTemplate ??= (async () => {
    removeLeftoverPgliteFolders()
    const hash = migrationsHash()
    const template = join(tmpdir(), `pinpoint-pglite-tpl-${hash}`)
    if (existsSync(template)) return template
    // Build under a private name, then rename: a concurrent builder loses the rename and discards its copy.
    const build = join(tmpdir(), `pinpoint-pglite-tplbuild-${hash}-${process.pid}-${randomSuffix()}`)
    try {
      const handle = await openDatabase({ dataDir: build, lock: false })
      try {
        await migrate(handle)
      } finally {
        await handle.close()
      }
      try {
        renameSync(build, template)
      } catch (error) {
        if (!existsSync(template)) throw error
      }
    } finally {
      rmSync(build, { recursive: true, force: true })
    }
    return template
  })().catch((error: unknown) => {
    pgliteTemplate = undefined
    throw error
  })
  return pgliteTemplate
}

/** Deletes test folders of dead processes and templates of old migration sets. */
function removeLeftoverPgliteFolders(): void {
  const current = `pinpoint-pglite-tpl-${migrationsHash()}`
  let names: string[]
  try {
    names = readdirSync(tmpdir())
  } catch {
    return
  }
  for (const name of names) {
    const path = join(tmpdir(), name)
    const owned = /^pinpoint-pglite-(?:test|tplbuild-[0-9a-f]+)-(\d+)-/.exec(name)
    try {
      if (owned) {
        if (!isPidAlive(Number(owned[1]))) rmSync(path, { recursive: true, force: true })
      } else if (name.startsWith('pinpoint-pglite-tpl-') && name !== current) {
        if (Date.now() - statSync(path).mtimeMs > STALE_PGLITE_TEMPLATE_AGE_MS) {
          rmSync(path, { recursive: true, force: true })
        }
      }
    } catch {
      // another process may be removing it too
    }
  }
}

let warned = false

function warnPgliteFallback(reason: string): void {
  if (warned) return
  warned = true
  console.warn(
    [
      '',
      '*************************************************************************************',
      '*** PostgreSQL not reachable: running database tests on PGlite ***',
      `*** ${redact(testDatabaseUrl())}: ${reason}`,
      '*** Start PostgreSQL or set TEST_DATABASE_URL to test on the real thing (CI requires it).',
      '*************************************************************************************',
      '',
    ].join('\n'),
  )
}

// ---------------------------------------------------------------------------------------------------------
// helpers

/** Errors meaning "no server there" (as opposed to "server says no", which is a configuration error). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'ENOENT',
])

function isUnreachable(error: unknown): boolean {
  return UNREACHABLE_CODES.has(errorCode(error) ?? '')
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error ? ` (${String(error.code)})` : ''
    return `${error.message}${code}`
  }
  return String(error)
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
}

/** CREATE/ALTER DATABASE fail with 55006 while a just-closed backend is still attached: wait a little. */
async function retryWhileBusy<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (errorCode(error) !== '55006' || attempt >= 50) throw error
      await Bun.sleep(100)
    }
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(invalid URL)'
  }
}

function ident(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name ${name}`)
  return `"${name}"`
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, '0')
}

function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM'
  }
}
