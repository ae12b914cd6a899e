/**
 * `npm test` must pass on a fresh clone with nothing beside it (issue 21 item 17): no committed source
 * file may read the team folder next to the repository (`../shared`, its `corpus`) or an absolute
 * machine path under /work. Files the suites need live in fixtures/ (see fixtures/README.md).
 * Markdown is exempt: docs may say where material came from.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const self = 'scripts/no-shared-reads.test.ts'

/** Ways a file can reach outside the repository for the team folder; each names what it caught. */
const PATTERNS: [RegExp, string][] = [
  // join(root, '..', 'shared', ...) and join(dir, '..', '..', 'shared', ...)
  [/['"`]\.\.['"`]\s*,\s*(['"`]\.\.['"`]\s*,\s*)*['"`]shared['"`]/, "path segments '..', 'shared'"],
  // '../shared/...' or '../../shared' in a string, a shell line or a config value
  [/\.\.[/\\]shared\b/, '../shared'],
  [/['"`]shared['"`]\s*,\s*['"`]corpus['"`]/, "path segments 'shared', 'corpus'"],
  [/\bshared[/\\]corpus\b/, 'shared/corpus'],
  [/\/work\/(shared|main|wt)\b/, 'absolute /work path'],
]

/** What a source text reads from outside the repository, one entry per offending line. */
function outsideReads(text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, index) => {
    // A module specifier is resolved from the importing file, inside the repository.
    if (/^\s*(import|export)\b.*\bfrom\s+['"]/.test(line)) return
    for (const [pattern, label] of PATTERNS)
      if (pattern.test(line)) {
        found.push(`${index + 1}: ${label}: ${line.trim()}`)
        break
      }
  })
  return found
}

function committedFiles(): string[] {
  const result = Bun.spawnSync(['git', 'ls-files', '-z'], { cwd: root })
  if (result.exitCode !== 0) throw new Error(`git ls-files failed: ${result.stderr.toString()}`)
  return result.stdout.toString().split('\0').filter(Boolean)
}

describe('no reads outside the repository', () => {
  test('the check catches the forms the suites used before fixtures/', () => {
    const before = [
      "const corpus = join(setup.context.config.rootDir, '..', 'shared', 'corpus')",
      "const root = join(import.meta.dir, '..', '..', 'shared', 'corpus')",
      'const CORPUS = `${root}/../shared/corpus`',
      'cp -r ../shared/corpus/pdfs data/',
      // Split so this sample is not itself a machine path (scripts/machine-paths.test.ts); same string.
      "readFileSync('/" + "work/shared/corpus/videos/a.mp4')",
    ]
    for (const line of before) expect(outsideReads(line), line).toHaveLength(1)
    expect(outsideReads("const corpus = join(config.rootDir, 'fixtures')")).toEqual([])
    expect(outsideReads("import { a } from '../shared/a'")).toEqual([])
  })

  test('no committed source file outside *.md reads ../shared or /work', () => {
    const files = committedFiles().filter(
      (path) => !path.endsWith('.md') && !path.startsWith('fixtures/') && path !== self,
    )
    // The repository has hundreds of sources: an empty list means the listing went wrong, not a pass.
    expect(files.length).toBeGreaterThan(100)
    const offenders: string[] = []
    for (const path of files) {
      const bytes = readFileSync(join(root, path))
      if (bytes.subarray(0, 8000).includes(0)) continue // binary (images, fonts)
      for (const hit of outsideReads(bytes.toString('utf8'))) offenders.push(`${path}:${hit}`)
    }
    expect(offenders).toEqual([])
  })
})
