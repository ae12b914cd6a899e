import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { defaultRemotes, pagesModule } from './index'

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>'
const BIG_JS = `console.log(${JSON.stringify('pinpoint '.repeat(400))})`

let root: string
let emptyRoot: string

function write(path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), content)
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pinpoint-pages-'))
  emptyRoot = mkdtempSync(join(tmpdir(), 'pinpoint-pages-empty-'))
  write('shell/dist/index.html', INDEX_HTML)
  write('shell/dist/assets/main.0123456789.js', BIG_JS)
  write('mf-dashboard/dist/mf-manifest.json', '{"name":"dashboard"}')
  write('mf-dashboard/dist/remoteEntry.js', 'var dashboard;')
  write('mf-dashboard/dist/assets/12.abcdef0123.css', '.a{color:red}')
  write('mf-review/dist/mf-manifest.json', '{"name":"review"}')
  write('secret.txt', 'do not serve')
})

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
  rmSync(emptyRoot, { recursive: true, force: true })
})

const app = () => pagesModule({ rootDir: root, remotes: defaultRemotes })
const get = (path: string, headers: Record<string, string> = {}, rootDir = root) =>
  pagesModule({ rootDir, remotes: defaultRemotes }).handle(
    new Request(`http://localhost${path}`, { headers }),
  )

describe('remotes.json', () => {
  test('answers the configured map, never cached', async () => {
    const remotes = { dashboard: 'https://cdn.example.com/dashboard/mf-manifest.json' }
    const res = await pagesModule({ rootDir: root, remotes }).handle(
      new Request('http://localhost/remotes.json'),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toEqual(remotes)
  })

  test('default map points at the builds this server serves', () => {
    expect(defaultRemotes).toEqual({
      dashboard: '/mf/dashboard/mf-manifest.json',
      review: '/mf/review/mf-manifest.json',
      billing: '/mf/billing/mf-manifest.json',
    })
  })
})

describe('shell page', () => {
  test.each(['/', '/dashboard', '/login', '/link/acme/v/2/', '/link?subdomain=acme'])(
    '%s answers index.html',
    async (path) => {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toBe(INDEX_HTML)
    },
  )

  test('may be framed by the app only (never by a proxied page on the proxy origin)', async () => {
    for (const path of ['/', '/dashboard', '/link/acme/v/2/']) {
      const res = await get(path)
      expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'")
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    }
    // Scripts and styles need no framing policy.
    expect((await get('/assets/main.0123456789.js')).headers.get('x-frame-options')).toBeNull()
  })

  test('hashed shell assets are cached for a year', async () => {
    const res = await get('/assets/main.0123456789.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('javascript')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe(BIG_JS)
  })

  test('API paths, remote paths and file-like paths never fall back to the page', async () => {
    for (const path of [
      '/api/nope',
      '/api/v2/x',
      '/mf/',
      '/favicon.ico',
      '/assets/missing.js',
      '/robots.txt',
    ]) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Not found.', error: 'NotFound', status: 404, meta: {} })
    }
  })
})

describe('remotes', () => {
  test('manifest and remoteEntry revalidate, hashed chunks are immutable', async () => {
    const manifest = await get('/mf/dashboard/mf-manifest.json')
    expect(manifest.status).toBe(200)
    expect(manifest.headers.get('content-type')).toContain('application/json')
    expect(manifest.headers.get('cache-control')).toBe('no-cache')
    expect(await manifest.json()).toEqual({ name: 'dashboard' })

    const entry = await get('/mf/dashboard/remoteEntry.js')
    expect(entry.headers.get('cache-control')).toBe('no-cache')
    expect(entry.headers.get('content-type')).toContain('javascript')

    const css = await get('/mf/dashboard/assets/12.abcdef0123.css')
    expect(css.headers.get('content-type')).toContain('text/css')
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('unknown remotes, missing files and path traversal answer 404', async () => {
    for (const path of [
      '/mf/nope/mf-manifest.json',
      '/mf/dashboard/missing.js',
      '/mf/dashboard/assets',
      '/mf/dashboard/..%2f..%2fsecret.txt',
      '/mf/dashboard/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2f..%2fsecret.txt',
    ]) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('do not serve')
    }
  })

  test('a remote that is not built answers 503 FrontendNotBuilt', async () => {
    const res = await get('/mf/billing/mf-manifest.json')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      message: 'Front end not built: run npm start',
      error: 'FrontendNotBuilt',
      status: 503,
      meta: {},
    })
  })
})

describe('nothing built', () => {
  test.each(['/', '/dashboard', '/assets/main.0123456789.js', '/mf/review/mf-manifest.json'])(
    '%s answers a JSON 503 instead of crashing',
    async (path) => {
      const res = await get(path, {}, emptyRoot)
      expect(res.status).toBe(503)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(((await res.json()) as { error: string }).error).toBe('FrontendNotBuilt')
    },
  )

  test('remotes.json still answers', async () => {
    expect((await get('/remotes.json', {}, emptyRoot)).status).toBe(200)
  })
})

describe('transfer', () => {
  test('text assets are gzipped for clients that accept it', async () => {
    const res = await get('/assets/main.0123456789.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('accept-encoding')
    const body = new Uint8Array(await res.arrayBuffer())
    expect(body.length).toBeLessThan(BIG_JS.length / 4)
    expect(new TextDecoder().decode(Bun.gunzipSync(body))).toBe(BIG_JS)
  })

  test('an unchanged file answers 304 to its ETag', async () => {
    const first = await app().handle(new Request('http://localhost/'))
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const second = await get('/', { 'if-none-match': etag as string })
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
  })
})
