/**
 * A second app server for journeys that need settings the shared e2e server does not have (guided tours
 * starting by themselves, analytics sent to a local sink). Started by the journey, on its own port and a
 * fresh database, through serve.ts like the shared one; stopped in afterAll.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface OwnServer {
  baseURL: string
  stop(): Promise<void>
}

export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  const child: ChildProcess = spawn('bun', ['serve.ts'], {
    cwd: import.meta.dirname,
    env: {
      ...process.env,
      PORT: String(port),
      PROXY_PORT: String(port + 1),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pinpoint-e2e-own-')),
      E2E_DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      DATABASE_URL: '',
      LOG_REQUESTS: 'false',
      PROXY_ALLOW_HOSTS: '127.0.0.1',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  const baseURL = `http://localhost:${port}`
  for (let attempt = 0; attempt < 480; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited (${child.exitCode})`)
    try {
      if ((await fetch(`${baseURL}/api/v1/health`)).ok) return { baseURL, stop }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error(`the server on port ${port} did not start`)
}
