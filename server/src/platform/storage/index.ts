/**
 * The storage module: `createStorage(config)` picks S3 when `S3_BUCKET` is set, local disk under
 * `<DATA_DIR>/files` otherwise. Both answer the same `Storage` interface and hand out the same signed URLs,
 * served by `fileRoutes` (and by the proxy origin for e-mail HTML).
 */
import type { Config } from '../../config'
import { createLocalStorage, localStorageRoot } from './local'
import { createS3Storage } from './s3'
import { createUrlSigner } from './signing'
import type { SignedUrlOptions, Storage } from './types'

export { type FileOrigin, parseRange, serveFile } from './http'
export { fileRoutes } from './routes'
export { FILES_PATH, isValidStorageKey, newStorageKey } from './signing'
export * from './types'

export function createStorage(
  config: Pick<Config, 'dataDir' | 's3' | 'sessionSecret' | 'publicUrl'>,
): Storage {
  const signer = createUrlSigner(config.sessionSecret)
  const url = (key: string, options: SignedUrlOptions = {}) =>
    signer.sign(key, { ...options, origin: options.origin ?? config.publicUrl })
  return config.s3
    ? createS3Storage(config.s3, url)
    : createLocalStorage(localStorageRoot(config.dataDir), url)
}
