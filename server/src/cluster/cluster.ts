/**
 * A local copy of the production shape (docs/deploy.md): N server processes behind HAProxy, one PostgreSQL,
 * uploads on S3-compatible storage (s3rver, in this process), one shared DATA_DIR for tus staging. The app
 * and the proxy origin each get a HAProxy frontend; the proxy origin is on another host name (127.0.0.1,
 * the app is localhost), so app cookies never reach it. Used by `npm run cluster` and the cluster test.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import S3rver from 's3rver'

const ROOT = resolve(import.meta.dir, '..', '..', '..')
export const S3_BUCKET = 'pinpoint'
/** s3rver accepts this fixed key pair only. */
const S3_KEY = 'S3RVER'

export const HAPROXY_MISSING =
  'HAProxy is not installed. On Debian or Ubuntu: sudo apt-get install haproxy (or set HAPROXY to its path).'

/** The haproxy binary: $HAPROXY, then PATH, then Debian's /usr/sbin (not on a normal user's PATH). */
export function findHaproxy(env: Record<string, string | undefined> = process.env): string | null {
  if (env.HAPROXY) return existsSync(env.HAPROXY) ? env.HAPROXY : null
  return Bun.which('haproxy') ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : null)
}

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port ?? 0
  await probe.stop(true)
  return port
}

export interface ClusterOptions {
  databaseUrl: string
  sessionSecret: string
  processes?: number
  /** Balancer ports (app, proxy origin); 0 or absent: free ports. */
  appPort?: number
  proxyPort?: number
  /** Extra environment for every server process. */
  env?: Record<string, string>
  log?: (line: string) => void
}

export interface ClusterProcess {
  readonly name: string
  readonly port: number
  readonly proxyPort: number
  readonly url: string
  readonly pid: number | undefined
  /** SIGKILL, as a crash; resolves once the process is gone. */
  kill(): Promise<void>
  /** Starts the process again on the same ports; resolves once it answers its health route. */
  restart(): Promise<void>
  output(): string
}

export interface Cluster {
  /** The app through HAProxy (http://localhost:PORT). */
  url: string
  /** The proxy origin through HAProxy (http://127.0.0.1:PORT). */
  proxyOrigin: string
  processes: ClusterProcess[]
  s3: { endpoint: string; bucket: string; client: Bun.S3Client }
  dataDir: string
  /** HAProxy's runtime API: `show stat` rows of the app backend (server name -> current sessions). */
  currentSessions(): Promise<Record<string, number>>
  stop(): Promise<void>
}

async function waitHealthy(url: string, isAlive: () => boolean, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (!isAlive()) throw new Error(`server exited before it was healthy:\n${output()}`)
    const status = await fetch(`${url}/api/v1/health`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return
    if (Date.now() > deadline) throw new Error(`${url} not healthy within ${timeoutMs} ms:\n${output()}`)
    await Bun.sleep(100)
  }
}

function haproxyConfig(options: {
  appPort: number
  proxyPort: number
  socket: string
  servers: { name: string; port: number; proxyPort: number }[]
}): string {
  const app = options.servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`)
  const proxy = options.servers.map(
    (s) => `    server ${s.name} 127.0.0.1:${s.proxyPort} check port ${s.port} inter 500ms fall 1 rise 1`,
  )
  return [
    'global',
    `    stats socket ${options.socket} mode 600 level admin`,
    '    maxconn 4096',
    'defaults',
    '    mode http',
    '    option forwardfor',
    '    option redispatch',
    '    retries 3',
    '    timeout connect 2s',
    '    timeout client 60s',
    '    timeout server 60s',
    '    timeout tunnel 1h',
    'frontend app',
    `    bind 127.0.0.1:${options.appPort}`,
    '    default_backend pinpoint_app',
    'frontend proxy_origin',
    `    bind 127.0.0.1:${options.proxyPort}`,
    '    default_backend pinpoint_proxy',
    'backend pinpoint_app',
    // Round robin, no cookie, no stick table: the point of the exercise is that any process serves anything.
    '    balance roundrobin',
    '    option httpchk GET /api/v1/health',
    '    http-check expect status 200',
    '    default-server check inter 500ms fall 1 rise 1',
    // Which process answered, for tests and for anyone curious (`curl -i`).
    '    http-response set-header X-Pinpoint-Server %s',
    ...app,
    'backend pinpoint_proxy',
    '    balance roundrobin',
    '    option httpchk GET /api/v1/health',
    '    http-check expect status 200',
    ...proxy,
    '',
  ].join('\n')
}

/** One request on HAProxy's runtime API (a unix socket): the command's whole answer. */
async function runtimeApi(socket: string, command: string): Promise<string> {
  let answer = ''
  let done: () => void = () => {}
  const closed = new Promise<void>((resolveClosed) => {
    done = resolveClosed
  })
  const connection = await Bun.connect({
    unix: socket,
    socket: {
      data: (_socket, data) => {
        answer += new TextDecoder().decode(data)
      },
      close: () => done(),
      error: () => done(),
    },
  })
  connection.write(`${command}\n`)
  await Promise.race([closed, Bun.sleep(5000)])
  connection.end()
  return answer
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxyBin = findHaproxy()
  if (!haproxyBin) throw new Error(HAPROXY_MISSING)
  const log = options.log ?? (() => {})
  const count = options.processes ?? 3
  const dataDir = mkdtempSync(join(tmpdir(), 'pinpoint-cluster-'))
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })]
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {})
  }
  try {
    const s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: join(dataDir, 's3'),
      configureBuckets: [{ name: S3_BUCKET, configs: [] }],
    })
    const { port: s3Port } = await s3rver.run()
    cleanups.push(() => s3rver.close())
    const s3Endpoint = `http://127.0.0.1:${s3Port}`
    log(`S3 (s3rver) on ${s3Endpoint}, bucket ${S3_BUCKET}`)

    const appPort = options.appPort || (await freePort())
    const balancerProxyPort = options.proxyPort || (await freePort())
    const url = `http://localhost:${appPort}`
    const proxyOrigin = `http://127.0.0.1:${balancerProxyPort}`
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: options.sessionSecret,
      // Shared by every process: tus stages unfinished uploads in DATA_DIR/tus (docs/deploy.md).
      DATA_DIR: join(dataDir, 'shared'),
      PUBLIC_URL: url,
      PROXY_ORIGIN: proxyOrigin,
      TRUST_PROXY: '1',
      S3_BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      ...options.env,
    }

    const processes: ClusterProcess[] = []
    for (let index = 1; index <= count; index++) {
      processes.push(await serverProcess(`app${index}`, await freePort(), await freePort(), env))
      cleanups.push(() => processes[index - 1]?.kill())
    }
    // Processes migrate under an advisory lock; starting them together is safe and quicker.
    await Promise.all(processes.map((process) => process.restart()))
    for (const process of processes)
      log(`${process.name} on ${process.url} (proxy origin :${process.proxyPort})`)

    const socket = join(dataDir, 'haproxy.sock')
    const configFile = join(dataDir, 'haproxy.cfg')
    writeFileSync(
      configFile,
      haproxyConfig({ appPort, proxyPort: balancerProxyPort, socket, servers: processes }),
    )
    let haproxyOutput = ''
    const haproxy = Bun.spawn([haproxyBin, '-db', '-f', configFile], { stdout: 'pipe', stderr: 'pipe' })
    cleanups.push(async () => {
      haproxy.kill('SIGTERM')
      await haproxy.exited
    })
    void drain(haproxy.stdout, (text) => {
      haproxyOutput += text
    })
    void drain(haproxy.stderr, (text) => {
      haproxyOutput += text
    })
    await waitHealthy(
      url,
      () => haproxy.exitCode === null,
      () => haproxyOutput,
    )
    log(`HAProxy: app ${url}, proxy origin ${proxyOrigin}`)

    const client = new Bun.S3Client({
      bucket: S3_BUCKET,
      endpoint: s3Endpoint,
      region: 'us-east-1',
      accessKeyId: S3_KEY,
      secretAccessKey: S3_KEY,
    })
    return {
      url,
      proxyOrigin,
      processes,
      dataDir,
      s3: { endpoint: s3Endpoint, bucket: S3_BUCKET, client },
      async currentSessions() {
        const csv = await runtimeApi(socket, 'show stat')
        const sessions: Record<string, number> = {}
        for (const line of csv.split('\n')) {
          const [backend, server, , , current] = line.split(',')
          if (backend === 'pinpoint_app' && server && server !== 'BACKEND') sessions[server] = Number(current)
        }
        return sessions
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

async function drain(stream: ReadableStream<Uint8Array>, onText: (text: string) => void) {
  const decoder = new TextDecoder()
  for await (const chunk of stream) onText(decoder.decode(chunk))
}

async function serverProcess(
  name: string,
  port: number,
  proxyPort: number,
  env: Record<string, string>,
): Promise<ClusterProcess> {
  let child: ReturnType<typeof Bun.spawn> | null = null
  let log = ''
  const url = `http://127.0.0.1:${port}`
  return {
    name,
    port,
    proxyPort,
    url,
    get pid() {
      return child?.pid
    },
    output: () => log,
    async kill() {
      if (!child) return
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await child.exited
    },
    async restart() {
      const running = child
      if (running && running.exitCode === null && running.signalCode === null)
        throw new Error(`${name} is still running`)
      const spawned = Bun.spawn([process.execPath, join(ROOT, 'server', 'src', 'index.ts')], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), PROXY_PORT: String(proxyPort) },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      child = spawned
      const append = (text: string) => {
        log = (log + text).slice(-20_000)
      }
      void drain(spawned.stdout, append)
      void drain(spawned.stderr, append)
      await waitHealthy(
        url,
        () => spawned.exitCode === null && spawned.signalCode === null,
        () => log,
      )
    },
  }
}
