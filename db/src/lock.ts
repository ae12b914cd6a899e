import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** Contents of `${dataDir}/.lock`. */
export interface DataDirLockInfo {
  pid: number
  hostname: string
  /** When the lock was taken (ms since epoch). */
  startedAt: number
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirLockInfo,
  ) {
    const where = holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`
    const who = holder.pid > 0 ? ` (pid ${holder.pid}${where})` : ''
    super(
      `Another Pinpoint server${who} is already using the data folder ${dataDir}. ` +
        'PGlite serves one process only: stop that server, or set DATABASE_URL to use PostgreSQL for several processes.',
    )
  }
}

/** Releases the lock; safe to call more than once. */
export type ReleaseLock = () => void

const LOCK_FILE = '.lock'
/** A lock file that cannot be parsed is only treated as stale once it is this old (its writer may be mid-write). */
const UNREADABLE_GRACE_MS = 5_000

/**
 * Takes an exclusive lock on a data folder, so only one process opens the PGlite database in it (PGlite has no
 * lock of its own; two processes on one folder silently lose writes).
 *
 * The lock is a file created with O_EXCL holding the owner's pid. If the file exists and its pid is alive, this
 * throws DataDirLockedError; if that process is gone (crash, kill -9), the stale lock is taken over. The lock is
 * released by the returned function and, as a fallback, when this process exits.
 */
export function acquireDataDirLock(dataDir: string): ReleaseLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, LOCK_FILE)
  const mine: DataDirLockInfo = { pid: process.pid, hostname: hostname(), startedAt: Date.now() }
  const content = JSON.stringify(mine)

  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(path, content)) return registerRelease(path, content)
    const existing = readLock(path)
    if (existing === 'missing') continue // removed between our create and read: try again
    if (existing === 'unreadable') {
      if (ageMs(path) < UNREADABLE_GRACE_MS) {
        throw new DataDirLockedError(dataDir, { pid: 0, hostname: hostname(), startedAt: Date.now() })
      }
    } else if (isHolderAlive(existing)) {
      throw new DataDirLockedError(dataDir, existing.info)
    }
    takeOverStale(path, existing === 'unreadable' ? null : existing.raw)
  }
  throw new Error(`Could not take the lock ${path}: it keeps changing. Is another server starting?`)
}

function tryCreate(path: string, content: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o644)
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false
    throw error
  }
  try {
    writeSync(fd, content)
  } finally {
    closeSync(fd)
  }
  return true
}

type ReadResult = 'missing' | 'unreadable' | { info: DataDirLockInfo; raw: string }

function readLock(path: string): ReadResult {
  let raw: string
  try {
    raw = readFileSync(path, 'utf8')
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return 'missing'
    throw error
  }
  try {
    const parsed: unknown = JSON.parse(raw)
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      typeof parsed.pid === 'number' &&
      Number.isInteger(parsed.pid)
    ) {
      const host = 'hostname' in parsed && typeof parsed.hostname === 'string' ? parsed.hostname : hostname()
      const startedAt = 'startedAt' in parsed && typeof parsed.startedAt === 'number' ? parsed.startedAt : 0
      return { info: { pid: parsed.pid, hostname: host, startedAt }, raw }
    }
  } catch {
    // fall through
  }
  return 'unreadable'
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

function isHolderAlive({ info }: { info: DataDirLockInfo }): boolean {
  // A lock written on another machine (shared folder) cannot be checked: assume it is held.
  if (info.hostname !== hostname()) return true
  if (info.pid === process.pid) return true // this very process holds it (opened twice)
  try {
    process.kill(info.pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return !isErrno(error, 'ESRCH')
  }
  // The pid exists, but it may have been reused by an unrelated process started after the lock was written.
  const started = processStartTime(info.pid)
  return started === null || started <= info.startedAt + 1_000
}

/**
 * Removes a stale lock without racing another process that is doing the same: rename is atomic, so only one
 * remover wins; if what it moved away is not the stale content it read (someone else already replaced it with
 * a live lock), that lock is put back.
 */
function takeOverStale(path: string, staleRaw: string | null): void {
  const aside = `${path}.stale-${process.pid}-${Date.now()}`
  try {
    renameSync(path, aside)
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return
    throw error
  }
  let moved: string | null = null
  try {
    moved = readFileSync(aside, 'utf8')
  } catch {
    moved = null
  }
  if (staleRaw !== null && moved !== null && moved !== staleRaw) {
    // We moved a fresh lock: restore it if nobody has taken the path since (tryCreate semantics via rename
    // would overwrite, so only restore when the path is still free).
    if (readLock(path) === 'missing') renameSync(aside, path)
    return
  }
  try {
    unlinkSync(aside)
  } catch {
    // ignore
  }
}

const exitHandlers = new Map<string, () => void>()

function registerRelease(path: string, content: string): ReleaseLock {
  let released = false
  const release = () => {
    if (released) return
    released = true
    exitHandlers.delete(path)
    process.off('exit', release)
    try {
      // Only remove the file if it is still ours.
      if (readFileSync(path, 'utf8') === content) unlinkSync(path)
    } catch {
      // already gone
    }
  }
  exitHandlers.set(path, release)
  process.on('exit', release)
  installSignalHandlers()
  return release
}

let signalHandlersInstalled = false

/**
 * Ctrl-C / SIGTERM do not run 'exit' handlers by default. When nothing else handles the signal, release the
 * locks and re-raise it so the process still ends the default way. (A server with its own shutdown handler
 * closes the database, which releases the lock.)
 */
function installSignalHandlers(): void {
  if (signalHandlersInstalled) return
  signalHandlersInstalled = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      if (process.listenerCount(signal) > 1) return
      for (const release of [...exitHandlers.values()]) release()
      process.off(signal, handler)
      process.kill(process.pid, signal)
    }
    process.on(signal, handler)
  }
}

/** Start time (ms since epoch) of a Linux process, from /proc; null when unknown. */
function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 22 (starttime, in clock ticks since boot) counted after the ")" that ends the command name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[19])
    const bootLine = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('btime '))
    const bootSeconds = Number(bootLine?.slice(6))
    if (!Number.isFinite(ticks) || !Number.isFinite(bootSeconds)) return null
    const CLOCK_TICKS_PER_SECOND = 100 // USER_HZ is 100 on every mainstream Linux build
    return bootSeconds * 1000 + (ticks / CLOCK_TICKS_PER_SECOND) * 1000
  } catch {
    return null
  }
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code
}
