import { describe, expect, test } from 'bun:test'
import { PAGE_ROUTES, pageRouteFor, routerPath } from './page-routes'

describe('the page route table', () => {
  test('paths are unique and start at the root', () => {
    const paths = PAGE_ROUTES.map((route) => route.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) expect(path.startsWith('/')).toBe(true)
  })

  test('matching: exact pages, nested pages, parameters, trailing slashes, no prefix look-alikes', () => {
    expect(pageRouteFor('/')?.path).toBe('/')
    expect(pageRouteFor('/login')?.access).toBe('logged-out-only')
    expect(pageRouteFor('/login/')?.path).toBe('/login')
    expect(pageRouteFor('/login/extra')).toBeNull()
    expect(pageRouteFor('/dashboard/folders/1')?.path).toBe('/dashboard')
    expect(pageRouteFor('/dashboards-are-not-pages')).toBeNull()
    expect(pageRouteFor('/link/acme/v/2/')?.access).toBe('public')
    expect(pageRouteFor('/projects/abc123')?.path).toBe('/projects/:shareableId')
    expect(pageRouteFor('/projects')).toBeNull()
    expect(pageRouteFor('/projects/abc/more')).toBeNull()
    expect(pageRouteFor('/plans/team49')?.sendToSignup).toBe(true)
  })

  test('router paths are relative and nested pages take the rest', () => {
    expect(routerPath({ path: '/login', access: 'logged-out-only' })).toBe('login')
    expect(routerPath({ path: '/dashboard', access: 'login-required', nested: true })).toBe('dashboard/*')
    expect(routerPath({ path: '/projects/:shareableId', access: 'public' })).toBe('projects/:shareableId')
  })
})
