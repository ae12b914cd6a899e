import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime'

/** remotes.json: remote name -> URL of its mf-manifest.json (absolute, or relative to the page). */
export type RemotesMap = Record<string, string>

/** A remote that did not load, with a message fit to show the user. */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError'
}

const LOAD_TIMEOUT_MS = 20_000

let remotesMap: Promise<RemotesMap> | null = null

function absolute(url: string): string {
  return new URL(url, window.location.href).href
}

function parseRemotesMap(data: unknown): RemotesMap {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RemoteLoadError('remotes.json is not an object of name -> manifest URL')
  }
  const map: RemotesMap = {}
  for (const [name, url] of Object.entries(data)) {
    if (typeof url === 'string') map[name] = url
  }
  return map
}

async function fetchRemotesMap(): Promise<RemotesMap> {
  let response: Response
  try {
    response = await fetch('/remotes.json', { cache: 'no-cache', headers: { accept: 'application/json' } })
  } catch {
    throw new RemoteLoadError('The list of modules (remotes.json) could not be fetched: network error')
  }
  if (!response.ok)
    throw new RemoteLoadError(`The list of modules (remotes.json) answered ${response.status}`)
  const map = parseRemotesMap(await response.json())
  registerRemotes(Object.entries(map).map(([name, url]) => ({ name, entry: absolute(url) })))
  return map
}

/** Fetches and registers remotes.json once per page; a failed fetch is retried on the next call. */
export function getRemotesMap(): Promise<RemotesMap> {
  remotesMap ??= fetchRemotesMap().catch((error: unknown) => {
    remotesMap = null
    throw error
  })
  return remotesMap
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(message)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * Loads `exposed` from the remote registered as `remote` in remotes.json. With `fresh`, the
 * remote is registered again first (force), which drops the federation runtime's cached failure
 * so a Retry really fetches the manifest again.
 */
export async function loadRemoteModule<T>(
  remote: string,
  exposed: string,
  { fresh = false } = {},
): Promise<T> {
  const map = await getRemotesMap()
  const entry = map[remote]
  if (!entry) throw new RemoteLoadError(`remotes.json has no entry for "${remote}"`)
  if (fresh) registerRemotes([{ name: remote, entry: absolute(entry) }], { force: true })
  const module = await withTimeout(
    loadRemote<T>(`${remote}/${exposed}`),
    LOAD_TIMEOUT_MS,
    `${remote} did not answer within ${LOAD_TIMEOUT_MS / 1000} s`,
  )
  if (!module) throw new RemoteLoadError(`${remote} did not provide ${exposed}`)
  return module
}
