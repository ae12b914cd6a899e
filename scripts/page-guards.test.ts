/**
 * The page guard of SPEC 2 is one table (PAGE_ROUTES, @pinpoint/domain). This checks that both sides use
 * all of it and decide alike: the shell has a page for every route and no route outside the table, and
 * for every route and every kind of visitor the server's 307 (server/src/pages/guard.ts) and the shell's
 * in-app redirect (@pinpoint/state pageGuardRedirect) agree. The server's answers over real HTTP are in
 * server/src/pages/guard.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PAGE_ROUTES, type PageRoute, pageRouteFor } from '@pinpoint/domain'
import { pageGuardRedirect } from '@pinpoint/state'
import { guardRedirect } from '../server/src/pages/guard'
import { PAGE_ELEMENTS } from '../shell/src/routes'

const root = join(import.meta.dirname, '..')

/** A concrete address of the route (`:shareableId` filled in), and one under it when it is nested. */
function samplePaths(route: PageRoute): string[] {
  const path = route.path.replace(/:[^/]+/g, 'sample1')
  return route.nested ? [path, `${path === '/' ? '' : path}/deeper/page`] : [path]
}

const visitors = [
  { name: 'anonymous', user: null },
  { name: 'guest', user: { isGuest: true } },
  { name: 'member', user: { isGuest: false } },
] as const

describe('one page table for the shell and the server', () => {
  test('the shell has a page for every route of the table, and no other', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(PAGE_ROUTES.map((route) => route.path).sort())
  })

  test('the shell router declares no route path of its own outside the table', () => {
    const app = readFileSync(join(root, 'shell/src/app.tsx'), 'utf8')
    // Only the catch-all (the 404 page) is written out; every page comes from PAGE_ROUTES.
    expect([...app.matchAll(/path="([^"]*)"/g)].map((match) => match[1])).toEqual(['*'])
    expect(app).toContain('PAGE_ROUTES')
    const routes = readFileSync(join(root, 'shell/src/routes.tsx'), 'utf8')
    // Child routes exist only inside /settings and /billing, which the table marks nested.
    expect(pageRouteFor('/settings/security')?.path).toBe('/settings')
    expect(pageRouteFor('/billing/plans')?.path).toBe('/billing')
    for (const [, path] of routes.matchAll(/path="([^"]*)"/g)) {
      const child = path === '*' ? 'other' : path
      expect(pageRouteFor(`/settings/${child}`)?.path).toBe('/settings')
      expect(pageRouteFor(`/billing/${child}`)?.path).toBe('/billing')
    }
  })

  test('for every route and every visitor, the server and the shell make the same decision', () => {
    for (const route of PAGE_ROUTES) {
      for (const path of samplePaths(route)) {
        expect(pageRouteFor(path)?.path).toBe(route.path)
        for (const visitor of visitors) {
          const server = guardRedirect(new URL(path, 'http://app.test'), visitor.name === 'member')
          const shell = pageGuardRedirect({
            access: route.access,
            sendToSignup: 'sendToSignup' in route ? route.sendToSignup : false,
            user: visitor.user,
            from: path,
          })
          const where = `${path} for ${visitor.name}`
          expect(server === null, where).toBe(shell === null)
          // Same destination page; the server keeps the whole path as ?next=, the shell too (but not for /).
          expect(server?.split('?')[0], where).toBe(shell?.split('?')[0])
        }
      }
    }
  })
})
