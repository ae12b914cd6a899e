/**
 * Releases of a front-end slice, one command each (docs/micro-frontends.md, decision 051):
 *
 *   bun scripts/release.ts publish <slice> [--version V] [--dist D] [--force]   publish mf-<slice>/dist (or D) as V
 *   bun scripts/release.ts switch <slice> <version|shipped> [--force] make a version live
 *   bun scripts/release.ts rollback <slice>                           make the previous live version live again
 *   bun scripts/release.ts list                                       what is live, published and switched
 *
 * It talks to a running server (PINPOINT_URL, default http://localhost:3000) as a staff member
 * (PINPOINT_EMAIL, PINPOINT_PASSWORD). The server checks the build against the live shell and refuses one
 * that does not fit, naming the mismatch; this command prints the refusal and exits 1.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dir, '..')
const SLICES = ['dashboard', 'review', 'billing']
// The standalone page (app/) and the build's own bookkeeping are not part of a release.
const SKIP = new Set(['app', '.build-hash', 'mf-stats.json'])

export function distFiles(dist: string): { path: string; content: string }[] {
  const files: { path: string; content: string }[] = []
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (dir === dist && SKIP.has(name)) continue
      if (statSync(full).isDirectory()) visit(full)
      else files.push({ path: relative(dist, full), content: readFileSync(full).toString('base64') })
    }
  }
  visit(dist)
  return files
}

/** `<package version>-<8 hex of the files>`: the same build gives the same version, a changed one another. */
export function defaultVersion(packageVersion: string, files: { path: string; content: string }[]): string {
  const hash = createHash('sha256')
  for (const file of files) hash.update(file.path).update('\0').update(file.content).update('\0')
  return `${packageVersion}-${hash.digest('hex').slice(0, 8)}`
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}

class Client {
  private cookie = ''
  constructor(readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/api/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const cookies = response.headers.getSetCookie().map((value) => value.split(';')[0])
    if (cookies.length > 0) this.cookie = cookies.join('; ')
    const data = (await response.json().catch(() => ({}))) as { message?: string }
    if (!response.ok) throw new Error(data.message ?? `${method} ${path} answered ${response.status}`)
    return data as T
  }

  async login() {
    const email = process.env.PINPOINT_EMAIL
    const password = process.env.PINPOINT_PASSWORD
    if (!email || !password) throw new Error('Set PINPOINT_EMAIL and PINPOINT_PASSWORD (a staff account).')
    await this.call('POST', '/sessions', { email, password })
  }
}

function sliceArg(value: string | undefined): string {
  if (!value || !SLICES.includes(value)) throw new Error(`Name a slice: ${SLICES.join(', ')}.`)
  return value
}

export async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args
  const client = new Client((process.env.PINPOINT_URL ?? 'http://localhost:3000').replace(/\/$/, ''))
  await client.login()
  const force = rest.includes('--force')
  if (command === 'publish') {
    const slice = sliceArg(rest[0])
    const dist = option(rest, '--dist') ?? join(root, `mf-${slice}`, 'dist')
    if (!existsSync(join(dist, 'mf-manifest.json')))
      throw new Error(`mf-${slice} is not built: run its build script.`)
    const files = distFiles(dist)
    const pkg = JSON.parse(readFileSync(join(root, `mf-${slice}`, 'package.json'), 'utf8')) as {
      version: string
    }
    const version = option(rest, '--version') ?? defaultVersion(pkg.version, files)
    await client.call('POST', `/releases/${slice}`, { version, files, force })
    console.log(
      `published ${slice} ${version} (${files.length} files); make it live: switch ${slice} ${version}`,
    )
  } else if (command === 'switch') {
    const slice = sliceArg(rest[0])
    const target = rest[1]
    if (!target || target.startsWith('--')) throw new Error('Name the version to make live (or "shipped").')
    const version = target === 'shipped' ? null : target
    await client.call('PUT', `/releases/${slice}/live`, { version, force })
    console.log(`${slice} ${version ?? '(shipped build)'} is live from the next page load`)
  } else if (command === 'rollback') {
    const slice = sliceArg(rest[0])
    const result = await client.call<{ switch: { version: string | null } }>(
      'POST',
      `/releases/${slice}/rollback`,
    )
    console.log(`${slice} rolled back to ${result.switch.version ?? '(shipped build)'}`)
  } else if (command === 'list') {
    console.log(JSON.stringify(await client.call('GET', '/releases'), null, 2))
  } else {
    throw new Error('Commands: publish <slice>, switch <slice> <version|shipped>, rollback <slice>, list.')
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
