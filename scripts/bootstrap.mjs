#!/usr/bin/env node
/**
 * The entry point of `npm start`, `npm test` and `npm run build` on a machine that has only
 * Node.js and npm. Zero dependencies on purpose: it runs before anything is installed.
 *
 * 1. Bun comes from the npm registry (the `bun` package) into `.tools/`: no global install,
 *    no download outside the registry.
 * 2. Workspace dependencies are installed with `bun install --frozen-lockfile` when the
 *    lockfile or a package.json changed since the last install.
 * 3. Each front end is rebuilt only when its inputs changed (a content hash, not mtimes,
 *    so a fresh clone and a `git checkout` both do the right thing).
 * 4. Then it hands over to Bun: the server for `start`, the suite runner for `test`.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const BUN_VERSION = '1.4.5'
const root = dirname(dirname(fileURLToPath(import.meta.url)))
const toolsDir = join(root, '.tools')
const bunBin = join(toolsDir, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun')
// slice-host: the minimal federation host each slice's smoke mounts the slice in (not served by the app).
export const FRONTENDS = ['shell', 'mf-dashboard', 'mf-review', 'mf-billing', 'slice-host']
const SHARED_FRONTEND_INPUTS = ['packages/domain', 'packages/api', 'packages/state', 'packages/ui']

// Children (package scripts such as `bun --bun rspack build`) find Bun and the workspace binaries.
process.env.PATH = `${dirname(bunBin)}:${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`

function log(message) {
  console.log(`\x1b[36m[pinpoint]\x1b[0m ${message}`)
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.error) throw result.error
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`)
  }
}

function bunVersion() {
  if (!existsSync(bunBin)) return undefined
  const result = spawnSync(bunBin, ['--version'], { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : undefined
}

function ensureBun() {
  if (bunVersion() === BUN_VERSION) return
  log(`installing Bun ${BUN_VERSION} from the npm registry into .tools/ ...`)
  mkdirSync(toolsDir, { recursive: true })
  if (!existsSync(join(toolsDir, 'package.json'))) {
    writeFileSync(join(toolsDir, 'package.json'), '{ "name": "pinpoint-tools", "private": true }\n')
  }
  run('npm', [
    'install',
    '--prefix',
    toolsDir,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `bun@${BUN_VERSION}`,
  ])
  const installed = bunVersion()
  if (installed !== BUN_VERSION)
    throw new Error(`Bun ${BUN_VERSION} did not install (found ${installed ?? 'none'}).`)
}

function hashFiles(paths) {
  const hash = createHash('sha256')
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
        visit(join(path, name))
      }
      return
    }
    if (/\.(test|spec)\.[jt]sx?$/.test(path)) return
    hash.update(relative(root, path))
    hash.update(readFileSync(path))
  }
  for (const path of paths) visit(join(root, path))
  return hash.digest('hex')
}

function workspaceManifests() {
  const manifests = ['package.json', 'bun.lock', 'bunfig.toml']
  for (const dir of ['db', 'server', 'e2e', 'bench', ...FRONTENDS]) manifests.push(`${dir}/package.json`)
  for (const name of readdirSync(join(root, 'packages'))) manifests.push(`packages/${name}/package.json`)
  return manifests
}

function ensureDependencies() {
  const stamp = join(root, 'node_modules', '.pinpoint-install')
  const wanted = `${BUN_VERSION}:${hashFiles(workspaceManifests())}`
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return
  log('installing dependencies (bun install) ...')
  run(bunBin, ['install', '--frozen-lockfile'])
  writeFileSync(stamp, wanted)
}

export function buildFrontends({ force = false } = {}) {
  for (const name of FRONTENDS) {
    const stamp = join(root, name, 'dist', '.build-hash')
    const wanted = hashFiles([name, ...SHARED_FRONTEND_INPUTS, 'bun.lock'])
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) continue
    log(`building ${name} ...`)
    const started = Date.now()
    run(bunBin, ['run', 'build'], { cwd: join(root, name) })
    mkdirSync(join(root, name, 'dist'), { recursive: true })
    writeFileSync(stamp, wanted)
    log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}

/** Runs Bun with the given arguments, forwarding signals, and exits with its code. */
function handOver(args) {
  const child = spawn(bunBin, args, { cwd: root, stdio: 'inherit', env: process.env })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

function main() {
  const command = process.argv[2] ?? 'start'
  try {
    ensureBun()
    ensureDependencies()
    if (command === 'install') return
    buildFrontends({ force: process.argv.includes('--force') })
    if (command === 'build') return
    if (command === 'start') return handOver(['server/src/index.ts'])
    if (command === 'test') return handOver(['scripts/test-all.ts', ...process.argv.slice(3)])
    throw new Error(`unknown command "${command}" (use start, test, build or install)`)
  } catch (error) {
    console.error(`\x1b[31m[pinpoint]\x1b[0m ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}

main()
