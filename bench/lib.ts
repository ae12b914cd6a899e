/**
 * Shared helpers for benchmarks: start a server process, wait until it is healthy, drive a
 * bounded closed-loop load on loopback, and print figures. Benchmarks print; they never assert.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const root = join(import.meta.dir, '..')

export interface ServerProcess {
  url: string
  pid: number
  stop(): Promise<void>
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, fetch: () => new Response('') })
  const port = server.port as number
  await server.stop(true)
  return port
}

/** Polls `url` until it answers 200; returns the milliseconds it took. */
export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(url)
      if (res.status === 200) return performance.now() - started
    } catch {
      // not listening yet
    }
    await Bun.sleep(20)
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms`)
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const proxyPort = await freePort()
  const proc = Bun.spawn([process.execPath, 'server/src/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PROXY_PORT: String(proxyPort), LOG_REQUESTS: 'false', ...env },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
    },
  }
}

/** Resident set size of a process in MB, read from /proc. */
export async function rssMb(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text()
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

export interface LoadResult {
  requests: number
  seconds: number
  rps: number
  p50: number
  p99: number
}

/** A closed-loop load: `concurrency` workers each send requests back to back for `seconds`. */
export async function load(
  url: string,
  {
    concurrency = 32,
    seconds = 3,
    init,
  }: { concurrency?: number; seconds?: number; init?: RequestInit } = {},
): Promise<LoadResult> {
  const latencies: number[] = []
  const deadline = performance.now() + seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      const res = await fetch(url, init)
      await res.arrayBuffer()
      if (res.status >= 400) throw new Error(`${url} answered ${res.status}`)
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return {
    requests: latencies.length,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: pick(0.5),
    p99: pick(0.99),
  }
}

export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`)
  console.table(rows)
}
