/**
 * LISTEN on a PostgreSQL connection of its own that says when it drops and when it listens again.
 *
 * postgres.js's `sql.listen` listens again after a reconnect too, but it reports only the comeback, and
 * only after the new connection may already have handed over notifications: a caller cannot tell what
 * came before the gap from what came after it. Here `onDrop` runs as soon as the connection closes (before
 * anything of the next connection can arrive) and `onListen` once the LISTEN is in place again; attempts
 * repeat every half second until then (decision 053).
 */
import type { Options } from 'postgres'

export interface ListenEvents {
  /** The LISTEN is in place (the first time included). */
  onListen?: () => void
  /** The connection closed: notifications are lost until the next onListen. */
  onDrop?: () => void
}

const RETRY_MS = 500

export async function listenOnOwnConnection(
  url: string,
  options: Options<Record<string, never>>,
  channel: string,
  handler: (payload: string) => void,
  events: ListenEvents = {},
): Promise<() => Promise<void>> {
  const { default: postgres } = await import('postgres')
  let stopped = false
  let listening = false
  let retry: ReturnType<typeof setTimeout> | null = null
  const sql = postgres(url, {
    ...options,
    max: 1,
    // Never closed for being idle or old: a listening connection is idle by nature.
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    // Not in the published types, but the option postgres.js's own listen uses.
    onnotify: (name: string, payload: string) => {
      if (name === channel && !stopped) handler(payload)
    },
    onclose: () => {
      // Failed attempts close too; only the loss of a listening connection is a drop.
      if (stopped || !listening) return
      listening = false
      events.onDrop?.()
      schedule(0)
    },
  } as unknown as Options<Record<string, never>>)
  // The channel name is checked by the caller (lowercase letters, digits, _).
  const listenNow = async () => {
    await sql.unsafe(`listen "${channel}"`)
    if (stopped) return
    listening = true
    events.onListen?.()
  }
  const schedule = (ms: number) => {
    retry = setTimeout(() => {
      retry = null
      if (!stopped) listenNow().catch(() => schedule(RETRY_MS))
    }, ms)
  }
  await listenNow()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    await sql.end({ timeout: 5 })
  }
}
