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

/** p50, p99 and max of `samples` (milliseconds), formatted for printTable. */
export function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { p50: pick(0.5).toFixed(1), p99: pick(0.99).toFixed(1), max: (sorted.at(-1) ?? 0).toFixed(1) }
}

/** Two server processes on one database (the real-time benchmarks' cluster), once both answer health. */
export async function startTwoServers(databaseUrl: string): Promise<[ServerProcess, ServerProcess]> {
  const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1234' }
  const [a, b] = await Promise.all([startServer(env), startServer(env)])
  try {
    await Promise.all([waitHealthy(`${a.url}/api/v1/health`), waitHealthy(`${b.url}/api/v1/health`)])
  } catch (error) {
    await Promise.all([a.stop(), b.stop()])
    throw error
  }
  return [a, b]
}

export interface RealtimeFrame {
  type: string
  kind?: string
  event?: { type: string; annotationId: string }
}

/**
 * A socket on the real-time channel of `baseUrl` that sends `subscribe` once the server is ready and
 * resolves when a frame of type `subscribed` arrives; every frame goes to `onFrame` with the moment it
 * arrived (taken before parsing, so the parse is not counted as delivery time).
 */
export async function openRealtime(
  baseUrl: string,
  cookie: string,
  {
    subscribe,
    subscribed,
    onFrame,
  }: { subscribe: object; subscribed: string; onFrame: (frame: RealtimeFrame, at: number) => void },
): Promise<WebSocket> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/v1/realtime`, {
    headers: { cookie },
  } as unknown as string[])
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('error', () => reject(new Error('socket error')))
    ws.addEventListener('message', (message) => {
      const now = performance.now()
      const frame = JSON.parse(String(message.data)) as RealtimeFrame
      if (frame.type === 'ready') ws.send(JSON.stringify(subscribe))
      if (frame.type === subscribed) resolve()
      onFrame(frame, now)
    })
  })
  return ws
}

/**
 * Posts `count` comments on `canvasId` one after the other, 50 ms apart (so the n-th frame a socket gets
 * belongs to the n-th comment), then waits a second for the last deliveries. Returns each comment's id
 * and when its POST was sent and answered.
 */
export async function postComments(baseUrl: string, cookie: string, canvasId: string, count: number) {
  const posted: { id: string; sent: number; answered: number }[] = []
  for (let i = 0; i < count; i++) {
    const sent = performance.now()
    const res = await fetch(`${baseUrl}/api/v1/annotations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ CanvasId: canvasId, comment: `bench comment ${i}` }),
    })
    const { annotation } = (await res.json()) as { annotation: { id: string } }
    posted.push({ id: annotation.id, sent, answered: performance.now() })
    await Bun.sleep(50)
  }
  await Bun.sleep(1000)
  return posted
}
