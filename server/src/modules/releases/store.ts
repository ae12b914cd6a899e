/**
 * Where released front-end files live: `releases/<slice>/<version>/<path>` in the release store. Without S3
 * that is a folder per version under the data directory (DATA_DIR/releases/...), with S3 the same prefix in
 * the bucket. A version's files are written once (publishing an existing version is refused), so a browser
 * that loaded a version keeps finding its chunks after the next switch.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Config } from '../../config'
import { createStorage, type Storage, type StoredObject } from '../../platform/storage'

export const SLICES = ['dashboard', 'review', 'billing'] as const
export type Slice = (typeof SLICES)[number]

export function isSlice(value: string): value is Slice {
  return (SLICES as readonly string[]).includes(value)
}

/** A version name: what a path segment and a storage key accept ("1.4.0", "0.1.0-3f9a1c2b"). */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/
/** A file of a build, relative to its dist/ folder ("remoteEntry.js", "assets/__federation_expose_X.3f9a1c2b.js"). */
const FILE_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/

export function isReleaseFilePath(path: string): boolean {
  return FILE_PATTERN.test(path) && !path.includes('..') && path.length <= 200
}

/** Released files: written once per version, read by the pages module. */
export interface ReleaseStore {
  put(slice: Slice, version: string, path: string, bytes: Uint8Array): Promise<number>
  get(slice: Slice, version: string, path: string): Promise<StoredObject | null>
}

/** A folder per version under DATA_DIR/releases, files under their own names (readable, easy to back up). */
export function createLocalReleaseStore(dataDir: string): ReleaseStore {
  const pathOf = (slice: Slice, version: string, path: string) =>
    join(dataDir, 'releases', slice, version, path)
  return {
    async put(slice, version, path, bytes) {
      const full = pathOf(slice, version, path)
      await mkdir(dirname(full), { recursive: true })
      // Written aside and renamed, so a reader never sees half a file.
      await writeFile(`${full}.part`, bytes)
      await rename(`${full}.part`, full)
      return bytes.byteLength
    },
    async get(slice, version, path) {
      const file = Bun.file(pathOf(slice, version, path))
      if (!(await file.exists())) return null
      return { key: path, size: file.size, blob: (start, end) => file.slice(start, end) }
    },
  }
}

/**
 * The same prefix in the S3 bucket, through the storage module. Its keys allow fewer characters than build
 * file names use (`__federation_expose_...`), so each file's path is encoded into the last segment.
 */
export function createS3ReleaseStore(storage: Storage): ReleaseStore {
  const keyOf = (slice: Slice, version: string, path: string) =>
    `releases/${slice}/${version}/p${Buffer.from(path).toString('base64url')}`
  return {
    async put(slice, version, path, bytes) {
      return (await storage.put(keyOf(slice, version, path), bytes)).size
    },
    get: (slice, version, path) => storage.get(keyOf(slice, version, path)),
  }
}

/** The store of released files: the configured S3 bucket, or folders under DATA_DIR/releases. */
export function createReleaseStore(
  config: Pick<Config, 'dataDir' | 's3' | 'sessionSecret' | 'publicUrl'>,
): ReleaseStore {
  return config.s3 ? createS3ReleaseStore(createStorage(config)) : createLocalReleaseStore(config.dataDir)
}

const stores = new WeakMap<object, ReleaseStore>()

/** One release store per app context (the API and the pages module share it). */
export function releaseStoreOf(context: {
  config: Pick<Config, 'dataDir' | 's3' | 'sessionSecret' | 'publicUrl'>
}) {
  let store = stores.get(context)
  if (!store) {
    store = createReleaseStore(context.config)
    stores.set(context, store)
  }
  return store
}
