/**
 * Local-disk storage under `<dataDir>/files`. Writes go to a temporary file that is renamed into place once
 * complete, so a reader never sees half a file and a crash leaves only a `.part` file behind.
 */
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { isValidStorageKey } from './signing'
import {
  type PutOptions,
  type Storage,
  type StorageBody,
  StorageLimitExceeded,
  type StoredObject,
} from './types'

export function toStream(body: StorageBody): ReadableStream<Uint8Array> | Blob {
  if (body instanceof ReadableStream || body instanceof Blob) return body
  return new Blob([body as BlobPart])
}

/** Writes chunk by chunk, awaiting each write (backpressure), and stops as soon as maxBytes is passed. */
async function writeStream(
  path: string,
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<number> {
  const handle = await open(path, 'w', 0o600)
  let size = 0
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength
      if (size > maxBytes) throw new StorageLimitExceeded(maxBytes)
      await handle.write(chunk)
    }
  } finally {
    await handle.close()
  }
  return size
}

export function createLocalStorage(root: string, signUrl: Storage['url']): Storage {
  const base = resolve(root)

  function pathOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key "${key}"`)
    const path = resolve(base, key)
    // Keys are validated above; this is the belt-and-braces check that nothing escapes the root.
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key "${key}"`)
    return path
  }

  async function finishWrite(key: string, temp: string): Promise<{ key: string; size: number }> {
    const path = pathOf(key)
    await rename(temp, path)
    return { key, size: (await stat(path)).size }
  }

  return {
    kind: 'local',
    async put(key, body, options: PutOptions = {}) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temp = `${path}.${process.pid}.${Date.now().toString(36)}.part`
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY
      const source = toStream(body)
      try {
        if (source instanceof Blob) {
          if (source.size > maxBytes) throw new StorageLimitExceeded(maxBytes)
          await Bun.write(temp, source)
        } else {
          await writeStream(temp, source, maxBytes)
        }
        return await finishWrite(key, temp)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
    async importFile(key, sourcePath) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      try {
        // Same file system (the tus staging folder is under dataDir): a rename, no copy.
        await rename(sourcePath, path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        await Bun.write(path, Bun.file(sourcePath))
        await rm(sourcePath, { force: true })
      }
      return { key, size: (await stat(path)).size }
    },
    async get(key): Promise<StoredObject | null> {
      if (!isValidStorageKey(key)) return null
      const path = pathOf(key)
      let size: number
      try {
        const info = await stat(path)
        if (!info.isFile()) return null
        size = info.size
      } catch {
        return null
      }
      const file = Bun.file(path)
      return {
        key,
        size,
        blob: (start = 0, end = size) => (start === 0 && end === size ? file : file.slice(start, end)),
      }
    },
    async delete(key) {
      if (!isValidStorageKey(key)) return
      await rm(pathOf(key), { force: true })
    },
    url: signUrl,
  }
}

/** Root folder of the local store for a data folder. */
export function localStorageRoot(dataDir: string): string {
  return join(dataDir, 'files')
}
