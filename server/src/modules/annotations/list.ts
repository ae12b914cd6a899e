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
import { canvasFor } from './load'
import type { CallInput } from './service'

/** One annotation's JSON (UTF-8) in a cached list, with the fingerprint of the rows it was built from. */
interface Fragment {
  fingerprint: string
  json: Uint8Array
}

interface CachedList {
  version: string
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
  cache: ListCache
  /** Builds under way, per key and version: concurrent requests after a change share one build. */
  building: Map<string, Promise<CachedList>>
}

const states = new WeakMap<AppContext, ListState>()
const encoder = new TextEncoder()

function stateOf(context: AppContext): ListState {
  let state = states.get(context)
  if (!state) {
    state = { cache: new ListCache(), building: new Map() }
    states.set(context, state)
  }
  return state
}

const OPEN = encoder.encode('{"annotations":[')
const CLOSE = encoder.encode(']}')
const COMMA = 44

/**
 * Builds the list at (at least) `version`. From scratch: one statement gives every annotation's JSON and
 * fingerprint. From a previous build: the fingerprints are read first and only the annotations whose
 * fingerprint moved are read again (each with the fingerprint of the rows it was built from); the rest is
 * reused. A change racing the build only costs a rebuild of that annotation next time.
 */
async function buildList(
  db: DbOrTx,
  selection: AnnotationSelection,
  version: string,
  previous: CachedList | null,
): Promise<CachedList> {
  let order: { id: string; fingerprint: string }[]
  const fresh = new Map<string, Fragment>()
  const rebuild = async (scope: AnnotationSelection) => {
    const texts = await annotationJsonTexts(db, scope)
    for (const entry of texts) {
      fresh.set(entry.id, { fingerprint: entry.fingerprint, json: encoder.encode(entry.json) })
    }
    return texts
  }
  const reuse = previous?.fragments
  if (!reuse) {
    order = await rebuild(selection)
  } else {
    order = await annotationFingerprints(db, selection)
    const changed = order.filter((entry) => reuse.get(entry.id)?.fingerprint !== entry.fingerprint)
    if (changed.length > Math.max(PARTIAL_REBUILD_MIN, order.length * FULL_REBUILD_SHARE)) {
      order = await rebuild(selection)
    } else if (changed.length > 0) {
      await rebuild({ ...selection, annotationIds: changed.map((entry) => entry.id) })
    }
  }
  const fragments = new Map<string, Fragment>()
  const parts: Uint8Array[] = []
  let length = OPEN.byteLength + CLOSE.byteLength
  for (const { id, fingerprint } of order) {
    const old = reuse?.get(id)
    // Read now, or unchanged since the previous build; missing when it went away (deleted, made private)
    // between the two reads: left out, as the newer state says.
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
  return { version, body, gzip: null, compressing: false, fragments, size: 2 * length + length / 8 }
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

/** The list's version for this viewer class (private rights or not), in one round trip. */
async function listVersion(db: DbOrTx, canvas: CommentCanvas): Promise<string> {
  const counter = canvas.privateComments ? sql.raw('version') : sql.raw('public_version')
  const [row] = await rowsOf<{ v: string | null; u: string | null }>(
    db,
    sql`select
      (select ${counter}::text from canvas_versions where canvas_id = ${canvas.canvas.id}) as v,
      (select max(updated_at)::text from users
        where id = ${canvas.canvas.userId} ${canvas.ownerTeamId ? sql`or team_id = ${canvas.ownerTeamId}` : sql``}) as u`,
  )
  return `${row?.v ?? '0'}.${row?.u ?? ''}`
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
  const version = await listVersion(db, canvas)
  const scope = canvas.privateComments ? 'team' : 'public'
  const etag = `"al-${Bun.hash(`${canvas.canvas.id}|${scope}|${version}`).toString(36)}"`
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return { status: 304, etag }
  }
  const { cache, building } = stateOf(context)
  const key = `${canvas.canvas.id}|${scope}`
  const cached = cache.get(key)
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
    )
      .then((entry) => {
        cache.set(key, entry)
        return entry
      })
      .finally(() => building.delete(buildKey))
    building.set(buildKey, build)
  }
  return send(await build)
}
