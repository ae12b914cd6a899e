import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as domain from './index'

describe('package entry', () => {
  test('exports the public API', () => {
    const expected = [
      'isCustomerActive',
      'isTrialingUser',
      'canEditCanvas',
      'canSeePrivateComments',
      'canViewBilling',
      'getCanvasState',
      'isPdfDesign',
      'viewForCommentWindow',
      'onCanvasMoved',
      'parseMentions',
      'validateToast',
      'notificationText',
      'countByDevice',
      'toErrorBody',
    ]
    for (const name of expected) expect(typeof (domain as Record<string, unknown>)[name]).toBe('function')
    expect(domain.FREE_PLAN_ID).toBe('free0')
    expect(new domain.NotFound()).toBeInstanceOf(domain.AppError)
  })

  test('does not expose test factories', () => {
    expect('buildUser' in domain).toBe(false)
  })
})

describe('purity', () => {
  // The package runs in browsers and on the server: sources may import only each other and use no
  // runtime-specific globals. Test files are exempt (they run under Bun only).
  const dir = import.meta.dir
  const sources = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))

  test('found the sources', () => {
    expect(sources).toContain('index.ts')
    expect(sources.length).toBeGreaterThan(10)
  })

  for (const file of sources) {
    test(`${file} imports only relative modules and touches no runtime APIs`, () => {
      const text = readFileSync(join(dir, file), 'utf8')
      const specifiers = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1])
      for (const specifier of specifiers) expect(specifier?.startsWith('./')).toBe(true)
      expect(text).not.toMatch(/\b(process|Bun|Deno|require|localStorage|document|fetch)\s*[.(]/)
      expect(text).not.toMatch(/Date\.now\(|new Date\(\)/)
      expect(text.split('\n').length).toBeLessThan(300)
    })
  }
})
