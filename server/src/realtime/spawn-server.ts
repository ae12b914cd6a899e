/**
 * Starts a real server process (`bun server/src/index.ts`) on a PostgreSQL database, for multi-process
 * tests and benchmarks. Resolves once the process prints the URL it listens on.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface ServerProcess {
  url: string
  stop(): Promise<void>
}

const ROOT = resolve(import.meta.dir, '..', '..', '..')

export async function spawnServer(
  databaseUrl: string,
  sessionSecret: string,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pinpoint-proc-'))
  const child = Bun.spawn(['bun', 'server/src/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
      NODE_ENV: 'test',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const decoder = new TextDecoder()
  let output = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    )
    const read = async (stream: ReadableStream<Uint8Array>) => {
      for await (const chunk of stream) {
        output += decoder.decode(chunk)
        const match = /running on (http:\/\/\S+)/.exec(output)
        if (match?.[1]) {
          clearTimeout(timer)
          resolveUrl(match[1].replace('localhost', '127.0.0.1'))
        }
      }
    }
    void read(child.stdout)
    void read(child.stderr)
    void child.exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      const exited = await Promise.race([child.exited, Bun.sleep(5000).then(() => null)])
      if (exited === null) child.kill('SIGKILL')
    },
  }
}
