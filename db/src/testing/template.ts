/**
 * The migrated template database `pinpoint_tpl_<hash of the migrations>`: built once per migration set
 * (serialised across processes by an advisory lock, migrated under a temporary name, then renamed), so a
 * test process gets its database with one `CREATE DATABASE ... TEMPLATE` instead of running migrations.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Sql } from 'postgres'
import { MIGRATIONS_FOLDER, migrate, openDatabase } from '../client.ts'
import { ident, retryWhileBusy, testDatabaseUrl, withDatabase } from './pg-helpers.ts'

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

let templateReady: Promise<string> | undefined

/** Forgets the built template, so the next clone checks for (and if need be rebuilds) it again. */
export function forgetPostgresTemplate(): void {
  templateReady = undefined
}

/** Creates `pinpoint_tpl_<hash>` once (migrated under a temporary name, then renamed, so it is never half-built). */
export function ensurePostgresTemplate(sql: Sql): Promise<string> {
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
