/**
 * S3-compatible storage through Bun's built-in client (`Bun.S3Client`). Streams are sent as a multipart
 * upload (5 MiB parts, a few in flight), so a large upload never sits whole in memory. Reads are lazy
 * `S3File` slices that Bun streams with ranged GETs.
 */
import { rm } from 'node:fs/promises'
import type { S3Config } from '../../config'
import { toStream } from './local'
import { isValidStorageKey } from './signing'
import { type PutOptions, type Storage, StorageLimitExceeded, type StoredObject } from './types'

const PART_SIZE = 5 * 1024 * 1024

export function createS3Storage(config: S3Config, signUrl: Storage['url']): Storage {
  const client = new Bun.S3Client({
    bucket: config.bucket,
    endpoint: config.endpoint,
    region: config.region,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
  })

  function fileOf(key: string) {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key "${key}"`)
    return client.file(key)
  }

  return {
    kind: 's3',
    async put(key, body, options: PutOptions = {}) {
      const file = fileOf(key)
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY
      const source = toStream(body)
      if (source instanceof Blob) {
        if (source.size > maxBytes) throw new StorageLimitExceeded(maxBytes)
        const size = await file.write(source, { type: options.contentType })
        return { key, size }
      }
      const writer = file.writer({ partSize: PART_SIZE, queueSize: 4, type: options.contentType })
      let size = 0
      try {
        for await (const chunk of source) {
          size += chunk.byteLength
          if (size > maxBytes) throw new StorageLimitExceeded(maxBytes)
          // write() buffers up to a part; flush() waits for queued parts, which is our backpressure.
          writer.write(chunk)
          if (size % PART_SIZE < chunk.byteLength) await writer.flush()
        }
        await writer.end()
      } catch (error) {
        await Promise.resolve(writer.end(error instanceof Error ? error : new Error(String(error)))).catch(
          () => {},
        )
        await file.delete().catch(() => {})
        throw error
      }
      return { key, size }
    },
    async importFile(key, path, options = {}) {
      const size = await fileOf(key).write(Bun.file(path), { type: options.contentType })
      await rm(path, { force: true })
      return { key, size }
    },
    async get(key): Promise<StoredObject | null> {
      if (!isValidStorageKey(key)) return null
      const file = fileOf(key)
      let size: number
      try {
        size = (await file.stat()).size
      } catch {
        return null
      }
      return { key, size, blob: (start = 0, end = size) => file.slice(start, end) }
    },
    async delete(key) {
      if (!isValidStorageKey(key)) return
      await fileOf(key).delete()
    },
    url: signUrl,
  }
}
