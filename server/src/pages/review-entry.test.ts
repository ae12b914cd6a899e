import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { defaultRemotes, pagesModule } from './index'
import type { PageSession } from './session'

const SHELL = '<!doctype html><html><head></head><body>shell</body></html>'
const REVIEW =
  '<!doctype html><html><head><link rel="icon" href="data:image/svg+xml,x"><script defer src="assets/main.abc.js"></script></head><body><div id="root"></div></body></html>'

let root: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pinpoint-review-entry-'))
  for (const [path, content] of [
    ['shell/dist/index.html', SHELL],
    ['mf-review/dist/app/index.html', REVIEW],
  ] as const) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

function visitor(loggedIn: boolean, user: unknown = null): PageSession {
  return {
    loggedIn,
    bootstrap: { user, loginStatus: user ? 'guest' : null, impersonatedUserId: null },
    staleCookies: [],
  }
}

const get = (path: string, session: PageSession) =>
  pagesModule({ rootDir: root, remotes: defaultRemotes, session: async () => session }).handle(
    new Request(`http://localhost${path}`),
  )

describe('feedback link pages', () => {
  test.each(['/link/acme/', '/link?subdomain=acme', '/link/acme/comment/a1/', '/link/acme/v/2/'])(
    '%s serves the standalone review page to visitors who are not members',
    async (path) => {
      const response = await get(path, visitor(false, { id: 'g1', name: 'Guest', isGuest: true }))
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toContain('src="/mf/review/app/assets/main.abc.js"')
      expect(html).toContain('href="data:image/svg+xml,x"')
      expect(html).toContain('<script id="pinpoint-bootstrap" type="application/json">{"user":{"id":"g1"')
      expect(html).not.toContain('shell')
      expect(response.headers.get('cache-control')).toBe('private, no-cache')
    },
  )

  test('members get the shell, which loads the review screen as a remote', async () => {
    const response = await get('/link/acme/', visitor(true, { id: 'u1' }))
    expect(await response.text()).toContain('shell')
  })

  test('other pages keep the shell', async () => {
    const response = await get('/linked-page', visitor(false))
    expect(await response.text()).toContain('shell')
  })
})
