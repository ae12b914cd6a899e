/**
 * The PGlite fallback: a fresh migrated database in a temporary folder, copied from a cached migrated
 * template folder (copying ~40 MB beats a 3–7 s initdb). Folders of dead processes are removed later.
 */
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DatabaseHandle, migrate, openDatabase } from '../client.ts'
import { registerCleanup } from './cleanup.ts'
import { isPidAlive, randomSuffix } from './pg-helpers.ts'
import { migrationsHash } from './template.ts'
import type { PgliteTestDatabase } from './types.ts'

/** Cached PGlite templates of other migration sets are deleted once this old. */
const STALE_PGLITE_TEMPLATE_AGE_MS = 24 * 60 * 60 * 1000

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
