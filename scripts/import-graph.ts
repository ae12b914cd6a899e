/**
 * The workspace's import graph, read with TypeScript's own pre-processor (so `import type`, `export … from`
 * and `import()` all count: a reader follows a type import as far as a value import). Used by the
 * import-cycle and layer tests; it resolves relative paths and `@pinpoint/*` workspace packages and
 * leaves third-party modules out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import ts from 'typescript'

export const root = join(import.meta.dir, '..')

/** Folders that hold TypeScript sources (the tsconfig's `include`). */
const SOURCE_ROOTS = [
  'packages',
  'db',
  'server',
  'shell',
  'mf-dashboard',
  'mf-review',
  'mf-billing',
  'slice-host',
  'e2e',
  'bench',
  'scripts',
]
const SKIP = new Set(['node_modules', 'dist', '.tmp', 'data', 'migrations'])
const SOURCE = /\.(ts|tsx|mts)$/

function walk(dir: string, accept: RegExp, out: string[]) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, accept, out)
    else if (accept.test(name)) out.push(path)
  }
}

/** Files of the workspace's source folders whose name matches `accept`, as repository-relative paths with `/`. */
export function workspaceFiles(accept: RegExp): string[] {
  const out: string[] = []
  for (const top of SOURCE_ROOTS) if (existsSync(join(root, top))) walk(join(root, top), accept, out)
  return out.map(toRel).sort()
}

/** Every TypeScript source of the workspace (declaration files aside). */
export function sourceFiles(): string[] {
  return workspaceFiles(SOURCE).filter((file) => !file.endsWith('.d.ts'))
}

const toRel = (path: string) => relative(root, path).split(sep).join('/')

/** `@pinpoint/name` and `@pinpoint/name/sub` → file, from each workspace package's `exports`. */
function workspaceExports(): Map<string, string> {
  const map = new Map<string, string>()
  for (const dir of ['db', 'server', ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}`)]) {
    const file = join(root, dir, 'package.json')
    if (!existsSync(file)) continue
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
      name: string
      main?: string
      exports?: Record<string, string>
    }
    const exportsMap = pkg.exports ?? (pkg.main ? { '.': pkg.main } : {})
    for (const [key, target] of Object.entries(exportsMap)) {
      if (typeof target !== 'string' || !SOURCE.test(target)) continue
      map.set(key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, toRel(join(root, dir, target)))
    }
  }
  return map
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function resolveRelative(from: string, spec: string): string | undefined {
  const base = join(root, dirname(from), spec)
  for (const suffix of CANDIDATES) {
    const path = base + suffix
    if (existsSync(path) && statSync(path).isFile() && SOURCE.test(path)) return toRel(path)
  }
  return undefined
}

export type ImportGraph = Map<string, Set<string>>

/** file → the workspace files it imports (types included). */
export function importGraph(files = sourceFiles()): ImportGraph {
  const exportsMap = workspaceExports()
  const graph: ImportGraph = new Map()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
    const targets = new Set<string>()
    for (const { fileName: spec } of info.importedFiles) {
      const target = spec.startsWith('.') ? resolveRelative(file, spec) : exportsMap.get(spec)
      if (target && target !== file) targets.add(target)
    }
    graph.set(file, targets)
  }
  return graph
}

/** The strongly connected components with more than one file (Tarjan): each is an import circle. */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    indices.set(node, index)
    low.set(node, index)
    index++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!))
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) cycles.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return cycles
}
