import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime'
import { type Candidate, type FitNotice, firstFitting, versionOf } from './fit'

/**
 * remotes.json: remote name -> URL of its mf-manifest.json (absolute, or relative to the page), or, for a
 * slice live from the release registry, `{ entry, version, fallbacks }` (earlier good versions, newest first).
 */
export type RemotesMap = Record<string, Candidate[]>

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
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === 'string') map[name] = [{ url: value, version: null }]
    else if (typeof value === 'object' && value !== null && typeof value.entry === 'string') {
      const fallbacks: unknown[] = Array.isArray(value.fallbacks) ? value.fallbacks : []
      map[name] = [
        { url: value.entry, version: typeof value.version === 'string' ? value.version : null },
        ...fallbacks
          .filter((url): url is string => typeof url === 'string')
          .map((url) => ({ url, version: versionOf(url) })),
      ]
    }
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
  return parseRemotesMap(await response.json())
}

/** Fetches remotes.json once per page; a failed fetch is retried on the next call. */
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

const chosen = new Map<string, Promise<string>>()
const notices = new Map<string, FitNotice>()

/** Why the live version of `remote` was refused on this page, when it was (shown above the slice). */
export function remoteNotice(remote: string): FitNotice | null {
  return notices.get(remote) ?? null
}

/**
 * Picks (once per page) the first version of `remote` that fits the shell and registers it with the
 * federation runtime. A failed pick is forgotten, so Retry checks again.
 */
function registerFitting(remote: string, candidates: Candidate[], fresh: boolean): Promise<string> {
  let pick = fresh ? undefined : chosen.get(remote)
  if (!pick) {
    pick = firstFitting(remote, candidates).then(({ chosen: candidate, notice }) => {
      if (notice) notices.set(remote, notice)
      registerRemotes([{ name: remote, entry: absolute(candidate.url) }], { force: true })
      return candidate.url
    })
    pick.catch(() => chosen.delete(remote))
    chosen.set(remote, pick)
  }
  return pick
}

/**
 * Loads `exposed` from the remote named `remote` in remotes.json, in the first version that fits the shell.
 * With `fresh`, the remote is checked and registered again first (force), which drops the federation
 * runtime's cached failure so a Retry really fetches the manifest again.
 */
export async function loadRemoteModule<T>(
  remote: string,
  exposed: string,
  { fresh = false } = {},
): Promise<T> {
  const map = await getRemotesMap()
  const candidates = map[remote]
  if (!candidates || candidates.length === 0)
    throw new RemoteLoadError(`remotes.json has no entry for "${remote}"`)
  try {
    await registerFitting(remote, candidates, fresh)
  } catch (error) {
    throw new RemoteLoadError(error instanceof Error ? error.message : String(error))
  }
  const module = await withTimeout(
    loadRemote<T>(`${remote}/${exposed}`),
    LOAD_TIMEOUT_MS,
    `${remote} did not answer within ${LOAD_TIMEOUT_MS / 1000} s`,
  )
  if (!module) throw new RemoteLoadError(`${remote} did not provide ${exposed}`)
  return module
}
