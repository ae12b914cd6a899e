/**
 * Where released front-end files live: `releases/<slice>/<version>/<path>` in the release store. Without S3
 * that is a folder per version under the data directory (DATA_DIR/releases/...), with S3 the same prefix in
 * the bucket. A version's files are written once (publishing an existing version is refused), so a browser
 * that loaded a version keeps finding its chunks after the next switch.
 */
import type { Config } from '../../config'
import { createStorage, type Storage } from '../../platform/storage'
import { createLocalStorage } from '../../platform/storage/local'

export const SLICES = ['dashboard', 'review', 'billing'] as const
export type Slice = (typeof SLICES)[number]

export function isSlice(value: string): value is Slice {
  return (SLICES as readonly string[]).includes(value)
}

/** A version name: what a path segment and a storage key accept ("1.4.0", "0.1.0-3f9a1c2b"). */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/
/** A file of a build, relative to its dist/ folder ("remoteEntry.js", "assets/main.3f9a1c2b.js"). */
const FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

export function isReleaseFilePath(path: string): boolean {
  return FILE_PATTERN.test(path) && !path.includes('..') && path.length <= 200
}

export function releaseKey(slice: Slice, version: string, path: string): string {
  return `releases/${slice}/${version}/${path}`
}

/** The store of released files: the configured S3 bucket, or DATA_DIR itself (so releases/ is a folder there). */
export function createReleaseStore(
  config: Pick<Config, 'dataDir' | 's3' | 'sessionSecret' | 'publicUrl'>,
): Storage {
  if (config.s3) return createStorage(config)
  // Release files are only ever served by the pages module, never through signed file URLs.
  return createLocalStorage(config.dataDir, () => {
    throw new Error('Release files have no signed URLs')
  })
}

const stores = new WeakMap<object, Storage>()

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
