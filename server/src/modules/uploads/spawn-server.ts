/**
 * Test helper: runs the real server entry (`server/src/index.ts`) as a child process on a given database,
 * data folder and port, for tests that need another process (kill -9 during an upload, two processes
 * sharing a database).
 */
import { join } from 'node:path'

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const { port } = probe
  await probe.stop(true)
  return port ?? 0
}

export interface ServerProcess {
  url: string
  port: number
  process: ReturnType<typeof Bun.spawn>
  /** Output so far (for failure messages). */
  output(): string
  /** SIGTERM and wait. */
  stop(): Promise<void>
}

export async function spawnServer(options: {
  rootDir: string
  env: Record<string, string>
  port?: number
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const proxyPort = await freePort()
  let log = ''
  const child = Bun.spawn([process.execPath, join(options.rootDir, 'server', 'src', 'index.ts')], {
    cwd: options.rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      PORT: String(port),
      PROXY_PORT: String(proxyPort),
      ...options.env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += new TextDecoder().decode(chunk)
  }
  void drain(child.stdout as ReadableStream<Uint8Array>)
  void drain(child.stderr as ReadableStream<Uint8Array>)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${log}`)
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start in time: ${log}`)
    }
    await Bun.sleep(100)
  }
  return {
    url,
    port,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await child.exited
    },
  }
}
