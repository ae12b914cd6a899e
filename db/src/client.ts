import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Sql } from 'postgres'
import { type ListenEvents, listenOnOwnConnection } from './listener.ts'
import { acquireDataDirLock, type ReleaseLock } from './lock.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema

/**
 * The Drizzle database, typed over both drivers (postgres.js and PGlite) so services work on either.
 * Driver-specific result shapes (db.execute) differ: use handle.rows() for raw SQL.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

/** A transaction as passed to `db.transaction(async (tx) => ...)`; accepts the same queries as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Either the database or a transaction: what a service function should accept. */
export type DbOrTx = Db | Tx

export type DatabaseKind = 'postgres' | 'pglite'

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set (non-empty), postgres.js is used and dataDir is ignored. */
  databaseUrl?: string | null
  /** Data folder for the embedded database (PGlite files go to `${dataDir}/pglite`). */
  dataDir?: string
  /** postgres.js pool size (default 10). */
  maxConnections?: number
  /** postgres.js connect timeout in seconds (default 10). */
  connectTimeoutSeconds?: number
  /**
   * PGlite only: take the exclusive data-folder lock (default true). The lock is released by close().
   * Turn off only for a folder no other process can see (for example a private temporary folder in tests).
   */
  lock?: boolean
}

export interface DatabaseHandle {
  db: Db
  kind: DatabaseKind
  /** Server version, e.g. "15.20 (Debian 15.20-0+deb12u1)" or "17.5" on PGlite. */
  version(): Promise<string>
  /** Resolves when the database answers `select 1` within timeoutMs (default 5000); throws otherwise. */
  ping(timeoutMs?: number): Promise<void>
  /** Runs raw SQL and returns its rows, whatever the driver. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>
  /**
   * Subscribes to a NOTIFY channel (lowercase letters, digits and _). postgres.js delivers across processes;
   * PGlite delivers within this process. Returns an unsubscribe function.
   *
   * On PostgreSQL the LISTEN has a connection of its own and is made again when that connection comes back
   * after a drop (database restart, terminated backend): `events.onDrop` says it was lost, `events.onListen`
   * that it is in place (the first time included). What was notified in between is lost: a caller that
   * cares catches up then (listener.ts).
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>
  /** NOTIFY channel with a payload (Postgres limits payloads to 8000 bytes: send ids, not documents). */
  notify(channel: string, payload: string): Promise<void>
  /** The PGlite instance (kind 'pglite'), e.g. for pg-boss `fromPglite`. */
  pglite?: PGlite
  /** The postgres.js client (kind 'postgres'). */
  sql?: Sql
  /** PGlite data folder (kind 'pglite'). */
  dataDir?: string
  /** Closes connections (and releases the data-folder lock). Safe to call twice. */
  close(): Promise<void>
}

/** Folder of the drizzle-kit migrations, resolved from this module so it works from any working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url))

/** Serialises migrations across processes sharing one PostgreSQL database (key = hashtext of this string). */
const MIGRATION_LOCK_NAME = 'pinpoint:migrate'

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/

type Migrator = () => Promise<void>
const migrators = new WeakMap<DatabaseHandle, Migrator>()

/**
 * Opens the database: postgres.js when databaseUrl is set, otherwise PGlite in `${dataDir}/pglite` (folders
 * are created; the data folder is locked against a second process). Does not migrate: call migrate(handle).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options)
  if (options.dataDir) return openPglite(options.dataDir, options.lock ?? true)
  throw new Error('openDatabase needs a databaseUrl (PostgreSQL) or a dataDir (embedded PGlite).')
}

/** Applies pending migrations from db/migrations. Concurrent callers on one PostgreSQL database take turns. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const run = migrators.get(handle)
  if (!run) throw new Error('migrate() needs a handle returned by openDatabase().')
  await run()
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const sql = postgres(url, {
    max: options.maxConnections ?? 10,
    connect_timeout: options.connectTimeoutSeconds ?? 10,
    // Migrations and `IF NOT EXISTS` statements print NOTICEs; they are not worth a log line.
    onnotice: () => {},
  })
  const db = drizzle(sql, { schema })
  let closed = false
  /** LISTEN connections still open (each its own; closed with the handle). */
  const listeners = new Set<() => Promise<void>>()

  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    sql,
    async version() {
      const [row] = await sql<{ v: string }[]>`select current_setting('server_version') as v`
      return row?.v ?? 'unknown'
    },
    async ping(timeoutMs = 5000) {
      await withTimeout(sql`select 1`.execute(), timeoutMs, 'PostgreSQL did not answer')
    },
    async rows<T>(query: SQL) {
      const result = await db.execute(query)
      return [...result] as T[]
    },
    async listen(channel, handler, events) {
      assertChannel(channel)
      const connectTimeout = options.connectTimeoutSeconds ?? 10
      const stop = await listenOnOwnConnection(
        url,
        { connect_timeout: connectTimeout, onnotice: () => {} },
        channel,
        handler,
        events,
      )
      listeners.add(stop)
      return async () => {
        listeners.delete(stop)
        await stop()
      }
    },
    async notify(channel, payload) {
      assertChannel(channel)
      await sql.notify(channel, payload)
    },
    async close() {
      if (closed) return
      closed = true
      await Promise.all([...listeners].map((stop) => stop()))
      await sql.end({ timeout: 5 })
    },
  }

  migrators.set(handle, async () => {
    const { migrate: runMigrations } = await import('drizzle-orm/postgres-js/migrator')
    // A session-level advisory lock makes several processes starting together take turns. It is held on a
    // connection of its own, so the migration (a transaction on the pool) works with any pool size.
    const lockConnection = postgres(url, { max: 1, connect_timeout: 10, onnotice: () => {} })
    try {
      await lockConnection`select pg_advisory_lock(hashtext(${MIGRATION_LOCK_NAME}))`
      await runMigrations(db, { migrationsFolder: MIGRATIONS_FOLDER })
    } finally {
      // Ending the session releases the advisory lock.
      await lockConnection.end({ timeout: 5 })
    }
  })
  return handle
}

async function openPglite(dataDir: string, lock: boolean): Promise<DatabaseHandle> {
  const release: ReleaseLock | null = lock ? acquireDataDirLock(dataDir) : null
  let pglite: PGlite
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const pgDir = join(dataDir, 'pglite')
    mkdirSync(pgDir, { recursive: true })
    pglite = await PGlite.create(pgDir)
  } catch (error) {
    release?.()
    throw error
  }
  const { drizzle } = await import('drizzle-orm/pglite')
  const db = drizzle(pglite, { schema })
  let closed = false

  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    pglite,
    dataDir,
    async version() {
      const result = await pglite.query<{ v: string }>(`select current_setting('server_version') as v`)
      return result.rows[0]?.v ?? 'unknown'
    },
    async ping(timeoutMs = 5000) {
      if (closed || pglite.closed) throw new Error('PGlite is closed')
      await withTimeout(pglite.query('select 1'), timeoutMs, 'PGlite did not answer')
    },
    async rows<T>(query: SQL) {
      const result = await db.execute(query)
      return result.rows as T[]
    },
    async listen(channel, handler, events) {
      assertChannel(channel)
      // In-process: there is no connection to lose, so the LISTEN is in place once, for good.
      const unsubscribe = await pglite.listen(channel, handler)
      events?.onListen?.()
      return async () => {
        // After close() the listener is gone with the instance.
        if (!pglite.closed) await unsubscribe()
      }
    },
    async notify(channel, payload) {
      assertChannel(channel)
      await pglite.query('select pg_notify($1, $2)', [channel, payload])
    },
    async close() {
      if (closed) return
      closed = true
      try {
        if (!pglite.closed) await pglite.close()
      } finally {
        release?.()
      }
    },
  }

  migrators.set(handle, async () => {
    const { migrate: runMigrations } = await import('drizzle-orm/pglite/migrator')
    // One process owns a PGlite folder (the lock), so no cross-process coordination is needed.
    await runMigrations(db, { migrationsFolder: MIGRATIONS_FOLDER })
  })
  return handle
}

function assertChannel(channel: string): void {
  // postgres.js quotes channel names while PGlite lowercases unquoted ones: allowing only lowercase
  // identifiers makes both behave the same.
  if (!CHANNEL_NAME.test(channel)) {
    throw new Error(`Invalid NOTIFY channel "${channel}": use lowercase letters, digits and _.`)
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
