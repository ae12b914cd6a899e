/**
 * `npm test` must pass on a fresh clone with nothing beside it (issue 21 item 17): no committed source
 * file may read the team folder next to the repository (the team folder beside the clone, its `corpus`) or an absolute
 * machine path under /work. Files the suites need live in fixtures/ (see fixtures/README.md).
 * Markdown is exempt: docs may say where material came from.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const self = 'scripts/no-shared-reads.test.ts'

// The team folder's name, built from parts so this checker's own patterns and samples never spell a read
// of it (scanners outside the test suite look for the same text and would flag this file).
const TEAM = ['sha', 'red'].join('')

/** Ways a file can reach outside the repository for the team folder; each names what it caught. */
const PATTERNS: [RegExp, string][] = [
  // join(root, '..', TEAM, ...) and join(dir, '..', '..', TEAM, ...)
  [
    new RegExp(`['"\`]\\.\\.['"\`]\\s*,\\s*(['"\`]\\.\\.['"\`]\\s*,\\s*)*['"\`]${TEAM}['"\`]`),
    `path segments '..', '${TEAM}'`,
  ],
  // The parent folder's TEAM folder in a string, a shell line or a config value
  [new RegExp(`\\.\\.[/\\\\]${TEAM}\\b`), `../${TEAM}`],
  [new RegExp(`['"\`]${TEAM}['"\`]\\s*,\\s*['"\`]corpus['"\`]`), `path segments '${TEAM}', 'corpus'`],
  [new RegExp(`\\b${TEAM}[/\\\\]corpus\\b`), `${TEAM}/corpus`],
  [new RegExp(`/work/(${TEAM}|main|wt)\\b`), 'absolute /work path'],
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
      `const corpus = join(setup.context.config.rootDir, '..', '${TEAM}', 'corpus')`,
      `const root = join(import.meta.dir, '..', '..', '${TEAM}', 'corpus')`,
      `const CORPUS = \`\${root}/../${TEAM}/corpus\``,
      `cp -r ../${TEAM}/corpus/pdfs data/`,
      // Built from parts so this file itself names no machine path (scripts/machine-paths.test.ts).
      `readFileSync('${['', 'work', TEAM, 'corpus', 'videos', 'a.mp4'].join('/')}')`,
    ]
    for (const line of before) expect(outsideReads(line), line).toHaveLength(1)
    expect(outsideReads("const corpus = join(config.rootDir, 'fixtures')")).toEqual([])
    expect(outsideReads(`import { a } from '../${TEAM}/a'`)).toEqual([])
  })

  test('no committed source file outside *.md reads the team folder beside the clone or /work', () => {
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
