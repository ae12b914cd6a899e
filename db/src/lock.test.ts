import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { acquireDataDirLock, DataDirLockedError } from './lock.ts'

const LOCK_MODULE = join(import.meta.dir, 'lock.ts')
const folders: string[] = []

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pinpoint-lock-test-'))
  folders.push(dir)
  return dir
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

/** Runs a Bun child that tries to take the lock and reports the outcome as JSON on stdout. */
async function acquireInChild(dataDir: string): Promise<{ ok: boolean; message?: string }> {
  const child = Bun.spawn(
    [
      process.execPath,
      '-e',
      `const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)})
       try { acquireDataDirLock(${JSON.stringify(dataDir)}); console.log(JSON.stringify({ ok: true })) }
       catch (e) { console.log(JSON.stringify({ ok: false, message: e.message })) }`,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  )
  const out = await new Response(child.stdout).text()
  await child.exited
  return JSON.parse(out.trim())
}

/** Starts a Bun child that holds the lock until killed; resolves once it holds it. */
async function holdInChild(dataDir: string): Promise<Bun.Subprocess<'ignore', 'pipe', 'inherit'>> {
  const child = Bun.spawn(
    [
      process.execPath,
      '-e',
      `const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)})
       acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000)`,
    ],
    { stdin: 'ignore', stdout: 'pipe', stderr: 'inherit' },
  )
  const reader = child.stdout.getReader()
  const { value } = await reader.read()
  reader.releaseLock()
  expect(new TextDecoder().decode(value)).toContain('locked')
  return child
}

describe('acquireDataDirLock', () => {
  test('writes the lock file with pid and start time, and release removes it', () => {
    const dir = tempDataDir()
    const release = acquireDataDirLock(dir)
    const info = JSON.parse(readFileSync(join(dir, '.lock'), 'utf8'))
    expect(info.pid).toBe(process.pid)
    expect(info.hostname).toBe(hostname())
    expect(Math.abs(info.startedAt - Date.now())).toBeLessThan(5_000)
    release()
    expect(existsSync(join(dir, '.lock'))).toBe(false)
    release() // idempotent
    acquireDataDirLock(dir)() // free again
  })

  test('creates a missing data folder', () => {
    const dir = join(tempDataDir(), 'nested', 'data')
    const release = acquireDataDirLock(dir)
    expect(existsSync(join(dir, '.lock'))).toBe(true)
    release()
  })

  test('a second acquire in the same process throws the clear message', () => {
    const dir = tempDataDir()
    const release = acquireDataDirLock(dir)
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
      expect(() => acquireDataDirLock(dir)).toThrow(
        `Another Pinpoint server (pid ${process.pid}) is already using the data folder ${dir}. ` +
          'PGlite serves one process only: stop that server, or set DATABASE_URL to use PostgreSQL for several processes.',
      )
    } finally {
      release()
    }
  })

  test('another process is refused while we hold the lock', async () => {
    const dir = tempDataDir()
    const release = acquireDataDirLock(dir)
    try {
      const result = await acquireInChild(dir)
      expect(result.ok).toBe(false)
      expect(result.message).toContain(`Another Pinpoint server (pid ${process.pid})`)
      expect(result.message).toContain('set DATABASE_URL')
    } finally {
      release()
    }
    expect((await acquireInChild(dir)).ok).toBe(true) // the child exits, its lock goes with it
    expect(existsSync(join(dir, '.lock'))).toBe(false)
  })

  test('we are refused while another process holds it; its lock is taken over once it is killed', async () => {
    const dir = tempDataDir()
    const child = await holdInChild(dir)
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(`Another Pinpoint server (pid ${child.pid})`)
    } finally {
      child.kill('SIGKILL') // no exit handlers run: the lock file stays behind, stale
      await child.exited
    }
    expect(JSON.parse(readFileSync(join(dir, '.lock'), 'utf8')).pid).toBe(child.pid)
    const release = acquireDataDirLock(dir)
    expect(JSON.parse(readFileSync(join(dir, '.lock'), 'utf8')).pid).toBe(process.pid)
    release()
  })

  test('SIGTERM releases the lock of a process without its own signal handler', async () => {
    const dir = tempDataDir()
    const child = await holdInChild(dir)
    child.kill('SIGTERM')
    await child.exited
    expect(child.signalCode).toBe('SIGTERM')
    expect(existsSync(join(dir, '.lock'))).toBe(false)
  })

  test('a stale lock of a dead pid is taken over', async () => {
    const dir = tempDataDir()
    const gone = Bun.spawn(['true'])
    await gone.exited
    writeFileSync(
      join(dir, '.lock'),
      JSON.stringify({ pid: gone.pid, hostname: hostname(), startedAt: Date.now() - 60_000 }),
    )
    const release = acquireDataDirLock(dir)
    expect(JSON.parse(readFileSync(join(dir, '.lock'), 'utf8')).pid).toBe(process.pid)
    release()
  })

  test('a lock whose pid was reused by a younger process is stale', () => {
    const dir = tempDataDir()
    // pid 1 is alive, but it started after this lock was written (1970), so it cannot be the lock's owner.
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: 1, hostname: hostname(), startedAt: 0 }))
    const release = acquireDataDirLock(dir)
    release()
  })

  test('an unreadable fresh lock is respected; an old unreadable one is replaced', () => {
    const dir = tempDataDir()
    writeFileSync(join(dir, '.lock'), '')
    expect(() => acquireDataDirLock(dir)).toThrow('Another Pinpoint server is already using the data folder')
    const old = new Date(Date.now() - 60_000)
    utimesSync(join(dir, '.lock'), old, old)
    acquireDataDirLock(dir)()
  })
})
