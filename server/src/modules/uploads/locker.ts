/**
 * Upload locks every server process sees (@tus/server's Locker interface). tus takes the lock of an upload
 * for each HEAD, PATCH and DELETE; with its default MemoryLocker two processes behind a load balancer could
 * both write one upload at once. Here the lock is a PostgreSQL session advisory lock
 * (`pg_try_advisory_lock(namespace, hashtext(uploadId))`) held on a connection of a small pool of its own
 * for as long as the request runs: released on unlock, and by PostgreSQL itself if the process dies (the
 * session ends). With the embedded database (PGlite, one process by construction) an in-process map does
 * the same job (an advisory lock would be re-entrant within PGlite's single session).
 *
 * Contention: a request in this process that holds the lock is asked to let go (tus's `requestRelease`: a
 * client resuming after a network failure takes over from its own stale request, as with MemoryLocker);
 * then the lock is retried for up to `waitMs`. Still held: 423 Locked (SPEC 4 "423 means locked"; clients
 * retry later, SPEC 8), never a wait that ties up a connection. A hash collision between two uploads only
 * costs a spurious 423.
 */
import type { DatabaseHandle } from '@pinpoint/db'
import type { Lock, Locker, RequestRelease } from '@tus/utils'
import postgres from 'postgres'

/** int4 namespace of the two-key advisory lock ('tus' in ASCII), apart from other advisory locks. */
const NAMESPACE = 0x747573
const RETRY_EVERY_MS = 50

export const LOCKED = { status_code: 423, body: 'This upload is in use by another request. Retry later.\n' }

/** A held lock: `release` gives it back. */
interface Held {
  release(): Promise<void>
}

type TryAcquire = (id: string) => Promise<Held | null>

export interface UploadLocker extends Locker {
  /** Closes the lock connections (server shutdown). */
  close(): Promise<void>
}

export function createUploadLocker(
  database: DatabaseHandle,
  databaseUrl: string | null | undefined,
  options: { waitMs?: number; maxConnections?: number } = {},
): UploadLocker {
  const waitMs = options.waitMs ?? 1000
  /** Requests of this process holding a lock, with the callback that cancels them. */
  const local = new Map<string, RequestRelease>()
  let lockSql: postgres.Sql | null = null
  let tryAcquire: TryAcquire
  if (database.kind === 'postgres' && databaseUrl) {
    // Its own pool: a lock holds a connection for a whole PATCH (up to 64 MB), which must not starve the
    // application's pool (the PATCH itself queries through it).
    const sql = postgres(databaseUrl, {
      max: options.maxConnections ?? 16,
      idle_timeout: 10,
      connect_timeout: 10,
      onnotice: () => {},
      connection: { application_name: 'pinpoint-upload-locks' },
    })
    lockSql = sql
    tryAcquire = async (id) => {
      const reserved = await sql.reserve()
      try {
        const [row] = await reserved<{ locked: boolean }[]>`
          select pg_try_advisory_lock(${NAMESPACE}, hashtext(${id})) as locked`
        if (!row?.locked) {
          reserved.release()
          return null
        }
      } catch (error) {
        reserved.release()
        throw error
      }
      return {
        async release() {
          // A broken connection took the lock with it: nothing to undo then.
          await reserved`select pg_advisory_unlock(${NAMESPACE}, hashtext(${id}))`.catch(() => {})
          reserved.release()
        },
      }
    }
  } else {
    const held = new Set<string>()
    tryAcquire = async (id) => {
      if (held.has(id)) return null
      held.add(id)
      return {
        async release() {
          held.delete(id)
        },
      }
    }
  }

  function newLock(id: string): Lock {
    let holding: Held | null = null
    return {
      async lock(signal: AbortSignal, requestRelease: RequestRelease) {
        const deadline = Date.now() + waitMs
        let asked = false
        for (;;) {
          holding = await tryAcquire(id)
          if (holding) {
            local.set(id, requestRelease)
            return
          }
          if (!asked) {
            asked = true
            await local.get(id)?.()
          }
          if (signal.aborted || Date.now() >= deadline) throw LOCKED
          await Bun.sleep(RETRY_EVERY_MS)
        }
      },
      async unlock() {
        const held = holding
        holding = null
        if (!held) return
        local.delete(id)
        await held.release()
      },
    }
  }

  return {
    newLock,
    async close() {
      await lockSql?.end({ timeout: 5 })
    },
  }
}
