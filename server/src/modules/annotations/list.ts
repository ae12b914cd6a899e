/**
 * GET /canvases/{id}/annotations: every annotation the viewer may see, with replies, labels, assignee and
 * attachments, built by PostgreSQL in one statement (json-sql.ts).
 *
 * Thousands of comments make that statement cost tens of milliseconds, while most requests repeat a list
 * that has not changed. So each list is validated by a version read in one index lookup: the canvas's
 * `canvas_versions` counter (bumped in the same transaction as every canvas feed event) and the latest
 * profile change of the people who can be assignees. The version gives the ETag (304 without touching the
 * comments) and keys a per-process cache of the serialised body, so an unchanged list is served from
 * memory. Viewers without private-comment rights get `public_version`, which private activity does not
 * move, so not even the ETag tells them that something private happened.
 */
import type { DbOrTx } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { CommentCanvas } from './canvas-access'
import { rowsOf } from './db-rows'
import { annotationsJsonText } from './json-sql'
import { canvasFor } from './load'
import type { CallInput } from './service'

interface CachedList {
  version: string
  /** Encoded once: a hit is sent without re-encoding megabytes of text. */
  body: Uint8Array<ArrayBuffer>
}

/** Bodies kept per process, in bytes. */
const CACHE_BUDGET = 64 * 1024 * 1024

class ListCache {
  private readonly entries = new Map<string, CachedList>()
  private size = 0

  get(key: string, version: string): Uint8Array<ArrayBuffer> | null {
    const entry = this.entries.get(key)
    if (!entry || entry.version !== version) return null
    // Re-insert: Map order is the LRU order.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.body
  }

  set(key: string, version: string, body: Uint8Array<ArrayBuffer>): void {
    const old = this.entries.get(key)
    if (old) {
      this.size -= old.body.byteLength
      this.entries.delete(key)
    }
    if (body.byteLength > CACHE_BUDGET / 4) return
    this.entries.set(key, { version, body })
    this.size += body.byteLength
    for (const [oldKey, entry] of this.entries) {
      if (this.size <= CACHE_BUDGET) break
      this.entries.delete(oldKey)
      this.size -= entry.body.byteLength
    }
  }
}

const caches = new WeakMap<AppContext, ListCache>()
const encoder = new TextEncoder()

function cacheOf(context: AppContext): ListCache {
  let cache = caches.get(context)
  if (!cache) {
    cache = new ListCache()
    caches.set(context, cache)
  }
  return cache
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
  | { status: 200; etag: string; body: Uint8Array<ArrayBuffer> }

/** The list for a viewer, or 304 when `ifNoneMatch` names the current version. */
export async function listCanvasAnnotations(
  input: CallInput,
  canvasId: string,
  ifNoneMatch: string | null,
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
  const cache = cacheOf(context)
  const key = `${canvas.canvas.id}|${scope}`
  let body = cache.get(key, version)
  if (body === null) {
    const list = await annotationsJsonText(db, {
      canvasId: canvas.canvas.id,
      includePrivate: canvas.privateComments,
    })
    body = encoder.encode(`{"annotations":${list}}`)
    cache.set(key, version, body)
  }
  return { status: 200, etag, body }
}
