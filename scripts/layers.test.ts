/**
 * Imports run down the layers only (docs/architecture.md): front ends → client packages → domain,
 * server → db → domain, the anchoring package on both sides. A front end that imported the server (or
 * the domain that imported anything) would drag code across a boundary the build and the reader rely on.
 */
import { describe, expect, test } from 'bun:test'
import { importGraph } from './import-graph'

/** Workspace area of a file: `packages/<name>`, or the top folder. */
function area(file: string): string {
  const [top, second] = file.split('/')
  return top === 'packages' ? `packages/${second}` : (top ?? file)
}

const CLIENT_PACKAGES = [
  'packages/domain',
  'packages/api',
  'packages/state',
  'packages/ui',
  'packages/anchoring',
]

/** What each area may import besides itself. Tools (e2e, bench, scripts) may import anything. */
const MAY_IMPORT: Record<string, string[]> = {
  'packages/domain': [],
  // Its rules for telling a pinned element from look-alikes are domain rules (pure, no dependencies).
  'packages/anchoring': ['packages/domain'],
  'packages/ui': [],
  'packages/api': ['packages/domain'],
  'packages/state': ['packages/domain', 'packages/api'],
  db: ['packages/domain'],
  server: ['db', 'packages/domain', 'packages/anchoring'],
  shell: CLIENT_PACKAGES,
  'mf-dashboard': CLIENT_PACKAGES,
  'mf-review': CLIENT_PACKAGES,
  'mf-billing': CLIENT_PACKAGES,
  // The minimal federation host of the slices' smoke tests.
  'slice-host': CLIENT_PACKAGES,
}

/**
 * Inside the server, platform services (mail, storage, logging, security) sit under the features:
 * modules, realtime, the proxy, pages and jobs use them, never the other way round. Tests may reach up.
 */
const SERVER_ABOVE_PLATFORM =
  /^server\/src\/(modules|realtime|proxy|pages|jobs|policy|fuzz)\/|^server\/src\/(app|index)\.ts$/
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

describe('layers', () => {
  const graph = importGraph()

  test('every area of the workspace has a rule', () => {
    const areas = new Set([...graph.keys()].map(area))
    for (const tool of ['e2e', 'bench', 'scripts']) areas.delete(tool)
    expect([...areas].filter((name) => !(name in MAY_IMPORT))).toEqual([])
  })

  test('no import runs back up the layers', () => {
    const wrong: string[] = []
    for (const [file, targets] of graph) {
      const allowed = MAY_IMPORT[area(file)]
      if (!allowed) continue
      for (const target of targets) {
        const to = area(target)
        if (to !== area(file) && !allowed.includes(to)) wrong.push(`${file} -> ${target}`)
      }
    }
    expect(wrong).toEqual([])
  })

  test('server platform services import no feature', () => {
    const wrong: string[] = []
    for (const [file, targets] of graph) {
      if (!file.startsWith('server/src/platform/') || isTest(file)) continue
      for (const target of targets) if (SERVER_ABOVE_PLATFORM.test(target)) wrong.push(`${file} -> ${target}`)
    }
    expect(wrong).toEqual([])
  })

  test('the rules see a wrong import', () => {
    // The same check on a made-up edge, so a rule table that allowed everything would be caught.
    expect(MAY_IMPORT[area('packages/domain/src/x.ts')]).not.toContain(area('server/src/app.ts'))
    expect(MAY_IMPORT[area('shell/src/x.tsx')]).not.toContain(area('db/src/index.ts'))
    expect(SERVER_ABOVE_PLATFORM.test('server/src/modules/auth/plugin.ts')).toBe(true)
  })
})
