/**
 * GET /canvases/{id}/annotations: every annotation the viewer may see, with replies, labels, assignee and
 * attachments, read in one statement (json-sql.ts).
 *
 * Thousands of comments make that statement cost tens of milliseconds, while most requests repeat a list
 * that has not changed. So each list is validated by a version read in one index lookup: the canvas's
 * `canvas_versions` counter (bumped in the same transaction as every canvas feed event) and the latest
 * profile change of the people who can be assignees. The version gives the ETag (304 without touching the
 * comments) and keys a per-process cache of the encoded body, so an unchanged list is served from memory.
 * Viewers without private-comment rights get `public_version`, which private activity does not move, so
 * not even the ETag tells them that something private happened.
 *
 * When the version moved, the list is rebuilt incrementally: the cache also keeps each annotation's JSON
 * with a fingerprint of the rows it came from (json-sql.ts `annotationFingerprints`, no comment text
 * read); only annotations whose fingerprint changed are read again, the rest is reused. Concurrent
 * requests for the same new version share one build.
 */
import { gzip } from 'node:zlib'
import type { DbOrTx } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { CommentCanvas } from './canvas-access'
import { rowsOf } from './db-rows'
import { type AnnotationSelection, annotationFingerprints, annotationJsonTexts } from './json-sql'
import { type ChangeColumns, changedIds, changesSinceColumns } from './list-changes'
import { canvasFor } from './load'
import type { CallInput } from './service'

/** One annotation's JSON (UTF-8) in a cached list, with the fingerprint of the rows it was built from. */
interface Fragment {
  fingerprint: string
  /** Its place in the list: creation time (microseconds), then id. */
  sort: string
  json: Uint8Array
}

/** What a list's version is made of (listVersion). */
interface VersionParts {
  /** The ETag's and cache's key: the viewer class's counter and the assignees' latest profile change. */
  key: string
  /** The canvas's full version (both viewer classes), which feed events carry. */
  full: number | null
  users: string
  /** Annotations named by the events since the version asked about (null: unknown). */
  changed: string[] | null
  /** The full version `changed` starts from. */
  since: number | null
}

/** How a list was built: which annotations were read again (`null`: all of them), for tests and logs. */
export interface ListBuild {
  mode: 'full' | 'events' | 'fingerprints'
  read: string[] | null
}

interface CachedList {
  version: string
  build: ListBuild
  /** The full version and the assignees' part it was built at: the base of a change-driven rebuild. */
  full: number | null
  users: string
  /** Annotation ids in list order. */
  order: string[]
  /** Encoded once: a hit is sent without re-encoding megabytes of text. */
  body: Uint8Array<ArrayBuffer>
  /** The body gzipped, made off the request path after the first request that accepts gzip. */
  gzip: Uint8Array<ArrayBuffer> | null
  compressing: boolean
  /** Per annotation, so a change rebuilds only the annotations it touched. */
  fragments: Map<string, Fragment>
  /** Bytes held (body, fragments and the gzipped body), for the budget. */
  size: number
}

/** Bodies kept per process, in bytes. */
const CACHE_BUDGET = 64 * 1024 * 1024
/** Rebuild everything when more than this share of a list changed (one statement beats a long id list). */
const FULL_REBUILD_SHARE = 0.25
/** ...but up to this many changed annotations are always read by id. */
const PARTIAL_REBUILD_MIN = 32

class ListCache {
  private readonly entries = new Map<string, CachedList>()
  private size = 0

  /** The entry whatever its version (the base of an incremental rebuild), most recently used first. */
  get(key: string): CachedList | null {
    const entry = this.entries.get(key)
    if (!entry) return null
    // Re-insert: Map order is the LRU order.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, entry: CachedList): void {
    const old = this.entries.get(key)
    if (old) {
      this.size -= old.size
      this.entries.delete(key)
    }
    if (entry.size > CACHE_BUDGET / 4) return
    this.entries.set(key, entry)
    this.size += entry.size
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.size <= CACHE_BUDGET) break
      this.entries.delete(oldKey)
      this.size -= oldEntry.size
    }
  }
}

interface ListState {
  /** The last list this process built (tests read it through `lastListBuild`). */
  lastBuild: ListBuild | null
  cache: ListCache
  /** Builds under way, per key and version: concurrent requests after a change share one build. */
  building: Map<string, Promise<CachedList>>
}

const states = new WeakMap<AppContext, ListState>()
const encoder = new TextEncoder()

function stateOf(context: AppContext): ListState {
  let state = states.get(context)
  if (!state) {
    state = { lastBuild: null, cache: new ListCache(), building: new Map() }
    states.set(context, state)
  }
  return state
}

const OPEN = encoder.encode('{"annotations":[')
const CLOSE = encoder.encode(']}')
const COMMA = 44

/**
 * Builds the list at (at least) `version`. From scratch: one statement gives every annotation's JSON and
 * fingerprint. From a previous build whose version the events since name their annotations
 * (list-changes.ts): only those are read again, by id, and the rest is reused without reading anything
 * else. Otherwise (decision 052) the fingerprints are read first and only the annotations whose
 * fingerprint moved are read again (each with the fingerprint of the rows it was built from); the rest is
 * reused. A change racing the build only costs a rebuild of that annotation next time.
 */
async function buildList(
  db: DbOrTx,
  selection: AnnotationSelection,
  version: string,
  previous: CachedList | null,
  parts: VersionParts = { key: version, full: null, users: '', changed: null, since: null },
): Promise<CachedList> {
  let order: { id: string; fingerprint: string }[]
  const fresh = new Map<string, Fragment>()
  const rebuild = async (scope: AnnotationSelection) => {
    const texts = await annotationJsonTexts(db, scope)
    for (const entry of texts) {
      fresh.set(entry.id, {
        fingerprint: entry.fingerprint,
        sort: entry.sort,
        json: encoder.encode(entry.json),
      })
    }
    return texts
  }
  const reuse = previous?.fragments
  const changed = namedChanges(previous, parts)
  if (previous && changed) {
    // The events say which annotations changed: only those are read again (a full read past the share).
    if (changed.length > Math.max(PARTIAL_REBUILD_MIN, previous.order.length * FULL_REBUILD_SHARE)) {
      return assemble(version, parts, await rebuild(selection), fresh, null, { mode: 'full', read: null })
    }
    if (changed.length > 0) await rebuild({ ...selection, annotationIds: changed })
    const gone = new Set(changed)
    const kept = previous.order.filter((id) => !gone.has(id))
    const merged: (Fragment & { id: string })[] = []
    for (const id of kept) {
      const fragment = previous.fragments.get(id)
      if (fragment) merged.push({ id, ...fragment })
    }
    for (const [id, fragment] of fresh) merged.push({ id, ...fragment })
    merged.sort(listOrder)
    const all = new Map<string, Fragment>(merged.map((entry) => [entry.id, entry]))
    return assemble(version, parts, merged, all, null, { mode: 'events', read: changed })
  }
  let build: ListBuild = { mode: 'full', read: null }
  if (!reuse) {
    order = await rebuild(selection)
  } else {
    order = await annotationFingerprints(db, selection)
    const moved = order.filter((entry) => reuse.get(entry.id)?.fingerprint !== entry.fingerprint)
    if (moved.length > Math.max(PARTIAL_REBUILD_MIN, order.length * FULL_REBUILD_SHARE)) {
      order = await rebuild(selection)
    } else {
      build = { mode: 'fingerprints', read: moved.map((entry) => entry.id) }
      if (moved.length > 0) await rebuild({ ...selection, annotationIds: build.read ?? [] })
    }
  }
  return assemble(version, parts, order, fresh, reuse ?? null, build)
}

const listOrder = (a: { id: string; sort: string }, b: { id: string; sort: string }) =>
  a.sort !== b.sort ? (a.sort < b.sort ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/** The changed annotations named by the events since the previous build, or null when unknown. */
function namedChanges(previous: CachedList | null, parts: VersionParts): string[] | null {
  if (!previous || previous.full === null || parts.since !== previous.full) return null
  if (previous.users !== parts.users) return null
  return parts.changed
}

/**
 * The list from its entries in order: a fragment read now, or (with `reuse`) one whose fingerprint is
 * unchanged since the previous build; missing when it went away (deleted, made private) between the two
 * reads: left out, as the newer state says.
 */
function assemble(
  version: string,
  versionParts: VersionParts,
  order: readonly { id: string; fingerprint: string }[],
  fresh: ReadonlyMap<string, Fragment>,
  reuse: ReadonlyMap<string, Fragment> | null,
  build: ListBuild,
): CachedList {
  const fragments = new Map<string, Fragment>()
  const parts: Uint8Array[] = []
  let length = OPEN.byteLength + CLOSE.byteLength
  for (const { id, fingerprint } of order) {
    const old = reuse?.get(id)
    const fragment = fresh.get(id) ?? (old?.fingerprint === fingerprint ? old : undefined)
    if (fragment === undefined) continue
    fragments.set(id, fragment)
    parts.push(fragment.json)
    length += fragment.json.byteLength + (parts.length > 1 ? 1 : 0)
  }
  const body = new Uint8Array(length)
  body.set(OPEN, 0)
  let offset = OPEN.byteLength
  for (const [index, part] of parts.entries()) {
    if (index > 0) body[offset++] = COMMA
    body.set(part, offset)
    offset += part.byteLength
  }
  body.set(CLOSE, offset)
  // Body + fragments, and room for the gzipped body (a JSON list compresses about 20 times).
  return {
    version,
    build,
    full: versionParts.full,
    users: versionParts.users,
    order: [...fragments.keys()],
    body,
    gzip: null,
    compressing: false,
    fragments,
    size: 2 * length + length / 8,
  }
}

/** How this process built its last list (which annotations it read again). */
export function lastListBuild(context: AppContext): ListBuild | null {
  return states.get(context)?.lastBuild ?? null
}

/** Lists smaller than this are sent as they are. */
const GZIP_MIN_BYTES = 16 * 1024

/** Whether the client takes gzip (`Accept-Encoding`, honouring `q=0`). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (name !== 'gzip' && name !== '*') continue
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined)
    return q === undefined || Number(q) > 0
  }
  return false
}

/**
 * The gzipped body when it is ready; otherwise starts compressing it on the thread pool (the event loop
 * keeps serving) and answers null, so that request gets the plain body and later ones the small one.
 */
function gzipOf(entry: CachedList): Uint8Array<ArrayBuffer> | null {
  if (entry.gzip || entry.compressing || entry.body.byteLength < GZIP_MIN_BYTES) return entry.gzip
  entry.compressing = true
  gzip(entry.body, { level: 6 }, (error, result) => {
    entry.compressing = false
    if (error) return
    entry.gzip = new Uint8Array(result)
  })
  return null
}

/**
 * The list's version for this viewer class (private rights or not), in one round trip; with `since` (the
 * full version of the cached list), also the annotations the events since then name (list-changes.ts).
 */
async function listVersion(db: DbOrTx, canvas: CommentCanvas, since: number | null): Promise<VersionParts> {
  const counter = canvas.privateComments ? sql.raw('version') : sql.raw('public_version')
  const changes = since === null ? sql`` : sql`, ${changesSinceColumns(canvas.canvas.id, since)}`
  const [row] = await rowsOf<{ v: string | null; f: string | null; u: string | null } & ChangeColumns>(
    db,
    sql`select cv.v, cv.f,
      (select max(updated_at)::text from users
        where id = ${canvas.canvas.userId} ${canvas.ownerTeamId ? sql`or team_id = ${canvas.ownerTeamId}` : sql``}) as u
      ${changes}
      from (select 1) one left join (select ${counter}::text as v, version::text as f
        from canvas_versions where canvas_id = ${canvas.canvas.id}) cv on true`,
  )
  const users = row?.u ?? ''
  const full = row?.f ? Number(row.f) : null
  const changed = row && since !== null && full !== null ? changedIds(row, since, full) : null
  return { key: `${row?.v ?? '0'}.${users}`, full, users, changed, since }
}

export type ListResult =
  | { status: 304; etag: string }
  | { status: 200; etag: string; body: Uint8Array<ArrayBuffer>; gzip: boolean }

/** The list for a viewer, or 304 when `ifNoneMatch` names the current version. */
export async function listCanvasAnnotations(
  input: CallInput,
  canvasId: string,
  ifNoneMatch: string | null,
  acceptEncoding: string | null = null,
): Promise<ListResult> {
  const { context } = input
  const db = context.database.db
  const canvas = await canvasFor({ ...input, db }, canvasId)
  const { cache, building } = stateOf(context)
  const key = `${canvas.canvas.id}|${canvas.privateComments ? 'team' : 'public'}`
  const cached = cache.get(key)
  const parts = await listVersion(db, canvas, cached?.full ?? null)
  const version = parts.key
  const scope = canvas.privateComments ? 'team' : 'public'
  const etag = `"al-${Bun.hash(`${canvas.canvas.id}|${scope}|${version}`).toString(36)}"`
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return { status: 304, etag }
  }
  const send = (entry: CachedList): ListResult => {
    const zipped = acceptsGzip(acceptEncoding) ? gzipOf(entry) : null
    return zipped
      ? { status: 200, etag, body: zipped, gzip: true }
      : { status: 200, etag, body: entry.body, gzip: false }
  }
  if (cached?.version === version) return send(cached)
  const buildKey = `${key}|${version}`
  let build = building.get(buildKey)
  if (!build) {
    build = buildList(
      db,
      { canvasId: canvas.canvas.id, includePrivate: canvas.privateComments },
      version,
      cached,
      parts,
    )
      .then((entry) => {
        stateOf(context).lastBuild = entry.build
        cache.set(key, entry)
        return entry
      })
      .finally(() => building.delete(buildKey))
    building.set(buildKey, build)
  }
  return send(await build)
}
