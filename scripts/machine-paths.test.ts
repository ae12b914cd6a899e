/**
 * No path of one particular machine in the repository (issue 20): a clone lives wherever its owner put
 * it, so `/work/...`, `/home/<name>/...` or `/tmp/<folder>` in a committed file is a path nobody else
 * has. Code that needs a temporary folder asks `os.tmpdir()` at run time; docs name paths relative to the
 * repository root. Checks the files git tracks (or, outside a git checkout, the files on disk).
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { root } from './import-graph'

/** An absolute path under a per-machine folder, not part of a URL (`https://x.org/home/...` is fine). */
export const MACHINE_PATH = /(?:^|[\s'"`(=,:[])\/(?:work|tmp|home|Users)\/[A-Za-z]/m

/** Binary and generated files are not read. */
const SKIP_FILE = /\.(png|jpe?g|gif|webp|ico|pdf|mp4|webm|woff2?|ttf|zip|gz|lockb)$|^bun\.lock$/
const SKIP_DIR = new Set([
  'node_modules',
  '.git',
  '.tools',
  'data',
  'dist',
  '.tmp',
  'test-results',
  'playwright-report',
  '.bench',
])

function trackedFiles(): string[] {
  const git = Bun.spawnSync(['git', 'ls-files', '-z'], { cwd: root, stdout: 'pipe', stderr: 'ignore' })
  if (git.exitCode === 0) return git.stdout.toString().split('\0').filter(Boolean)
  const out: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) {
        if (!SKIP_DIR.has(name)) walk(path)
      } else out.push(relative(root, path).split(sep).join('/'))
    }
  }
  walk(root)
  return out
}

describe('machine paths', () => {
  test('the pattern sees a machine path and lets URLs and relative paths pass', () => {
    // Built at run time, so this file does not hold the paths it looks for.
    const path = (...parts: string[]) => `/${parts.join('/')}`
    const machine = [
      `cd ${path('work', 'main')}`,
      `dir: '${path('tmp', 'pinpoint-x')}'`,
      `at ${path('home', 'ada', 'repo')}`,
      `(${path('Users', 'ada', 'x')})`,
    ]
    for (const text of machine) expect(MACHINE_PATH.test(text)).toBe(true)
    const fine = [
      `https://example.org${path('home', 'about')}`,
      ['db', 'src', 'tmp', 'x'].join('/'),
      '/usr/bin/chromium',
      'os.tmpdir()',
    ]
    for (const text of fine) expect(MACHINE_PATH.test(text)).toBe(false)
  })

  test('no committed file names a path of one machine', () => {
    const files = trackedFiles().filter((file) => !SKIP_FILE.test(file.split('/').at(-1) ?? file))
    expect(files.length).toBeGreaterThan(300)
    const found: string[] = []
    for (const file of files) {
      const path = join(root, file)
      if (!existsSync(path)) continue
      const lines = readFileSync(path, 'utf8').split('\n')
      lines.forEach((line, index) => {
        if (MACHINE_PATH.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`)
      })
    }
    expect(found).toEqual([])
  })
})
