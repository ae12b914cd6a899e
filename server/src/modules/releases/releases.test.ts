import { expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import contract from '@pinpoint/state/contract.json'
import { createApp } from '../../app'
import { createTestContext } from '../../testing/harness'
import { TestClient } from '../../testing/http'

// A served shell of its own: the registry checks every slice against shell/dist/mf-manifest.json.
const rootDir = mkdtempSync(join(tmpdir(), 'pinpoint-releases-root-'))
const dataDir = mkdtempSync(join(tmpdir(), 'pinpoint-releases-data-'))
const shellShared = {
  react: { version: '19.3.1', requiredVersion: '^19.3.1' },
  jotai: { version: '3.0.1', requiredVersion: '^3.0.1' },
}
mkdirSync(join(rootDir, 'shell', 'dist'), { recursive: true })
writeFileSync(
  join(rootDir, 'shell', 'dist', 'mf-manifest.json'),
  JSON.stringify({
    id: 'shell',
    pinpoint: { contract: contract.version, shared: shellShared, exposes: [], mount: contract.mount },
  }),
)

const base = await createTestContext()
const context = { ...base, config: { ...base.config, rootDir, dataDir } }
const app = createApp(context)
const client = () => new TestClient(app)

const staffUser = await buildUser(context.database.db, { isStaff: true })
const staff = client()
await staff.post('/api/v1/sessions', { email: staffUser.email, password: DEFAULT_PASSWORD })

function build(text: string, pinpoint: object = {}) {
  const manifest = {
    id: 'dashboard',
    pinpoint: { contract: contract.version, shared: shellShared, exposes: ['DashboardApp'], ...pinpoint },
  }
  const file = (path: string, content: string) => ({ path, content: Buffer.from(content).toString('base64') })
  return [
    file('mf-manifest.json', JSON.stringify(manifest)),
    file('remoteEntry.js', `/* entry */`),
    file('assets/main.0123456789.js', `console.log(${JSON.stringify(text)})`),
    file('assets/__federation_expose_DashboardApp.0123456789.js', 'export {}'),
  ]
}

test('remotes.json is the configured builds while the registry is empty', async () => {
  const res = await client().get<Record<string, unknown>>('/remotes.json')
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-cache')
  expect(res.body).toEqual(context.config.remotes)
})

test('only staff publish, switch and list releases', async () => {
  const member = client()
  const user = await buildUser(context.database.db)
  await member.post('/api/v1/sessions', { email: user.email, password: DEFAULT_PASSWORD })
  expect(
    (await member.post('/api/v1/releases/dashboard', { version: '1.0.0', files: build('x') })).status,
  ).toBe(403)
  expect((await member.put('/api/v1/releases/dashboard/live', { version: '1.0.0' })).status).toBe(403)
  expect((await client().get('/api/v1/releases')).status).toBe(401)
})

test('a release is stored immutably, switched live, served with the right caching, and rolled back', async () => {
  const first = await staff.post('/api/v1/releases/dashboard', { version: '1.0.0', files: build('one') })
  expect(first.status).toBe(200)
  expect(existsSync(join(dataDir, 'releases', 'dashboard', '1.0.0', 'assets', 'main.0123456789.js'))).toBe(
    true,
  )
  // A version never changes.
  const again = await staff.post<{ message: string }>('/api/v1/releases/dashboard', {
    version: '1.0.0',
    files: build('changed'),
  })
  expect(again.status).toBe(409)
  expect(again.body.message).toContain('already published')
  expect(
    (await staff.post('/api/v1/releases/dashboard', { version: '1.1.0', files: build('two') })).status,
  ).toBe(200)

  expect((await staff.put('/api/v1/releases/dashboard/live', { version: '1.0.0' })).status).toBe(200)
  expect((await staff.put('/api/v1/releases/dashboard/live', { version: '1.1.0' })).status).toBe(200)
  const remotes = await client().get<Record<string, unknown>>('/remotes.json')
  expect(remotes.body.dashboard).toEqual({
    entry: '/releases/dashboard/1.1.0/mf-manifest.json',
    version: '1.1.0',
    fallbacks: ['/releases/dashboard/1.0.0/mf-manifest.json', context.config.remotes.dashboard],
  })
  expect(remotes.body.review).toBe(context.config.remotes.review)

  const chunk = await client().get('/releases/dashboard/1.1.0/assets/main.0123456789.js')
  expect(chunk.status).toBe(200)
  expect(chunk.text).toBe('console.log("two")')
  expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  const manifest = await client().get('/releases/dashboard/1.1.0/mf-manifest.json')
  expect(manifest.headers.get('cache-control')).toBe('no-cache')
  const etag = manifest.headers.get('etag') ?? ''
  expect(
    (await client().get('/releases/dashboard/1.1.0/mf-manifest.json', { headers: { 'if-none-match': etag } }))
      .status,
  ).toBe(304)
  expect((await client().get('/releases/dashboard/9.9.9/mf-manifest.json')).status).toBe(404)
  expect((await client().get('/releases/dashboard/1.1.0/..%2F1.0.0%2FremoteEntry.js')).status).toBe(404)

  const list = await staff.get<{
    slices: { slice: string; live: { version: string; switchedBy: string }; versions: unknown[] }[]
  }>('/api/v1/releases')
  const dashboard = list.body.slices.find((entry) => entry.slice === 'dashboard')
  expect(dashboard?.live).toMatchObject({ version: '1.1.0', switchedBy: staffUser.email })
  expect(dashboard?.versions).toHaveLength(2)

  expect((await staff.post('/api/v1/releases/dashboard/rollback')).status).toBe(200)
  const after = await client().get<Record<string, { entry: string }>>('/remotes.json')
  expect(after.body.dashboard?.entry).toBe('/releases/dashboard/1.0.0/mf-manifest.json')
  // The rolled-back version's files stay, for pages that already loaded it.
  expect((await client().get('/releases/dashboard/1.1.0/assets/main.0123456789.js')).status).toBe(200)
})

test('a build that does not fit the live shell is refused with the mismatch named, unless forced live', async () => {
  const refused = await staff.post<{ message: string; meta: { mismatches: string[] } }>(
    '/api/v1/releases/dashboard',
    {
      version: '2.0.0',
      files: build('bad', {
        shared: { ...shellShared, jotai: { version: '4.0.0', requiredVersion: '^4.0.0' } },
      }),
    },
  )
  expect(refused.status).toBe(422)
  expect(refused.body.message).toContain('shared jotai: dashboard requires ^4.0.0, the shell provides 3.0.1')
  expect(refused.body.meta.mismatches).toHaveLength(1)
  const noContract = await staff.post<{ message: string }>('/api/v1/releases/billing', {
    version: '1.0.0',
    files: build('x', { contract: '2.0' }),
  })
  expect(noContract.status).toBe(422)
  expect(noContract.body.message).toContain('contract: billing needs 2.0, the shell implements')
  expect(noContract.body.message).toContain('mount: the shell mounts billing/BillingOverview')

  // Forced (to see the shell refuse it at run time): published and live, and never a fallback later.
  const bad = build('bad', { contract: '9.0' })
  expect(
    (await staff.post('/api/v1/releases/review', { version: '9.0.0', files: bad, force: true })).status,
  ).toBe(200)
  const unforced = await staff.put<{ message: string }>('/api/v1/releases/review/live', { version: '9.0.0' })
  expect(unforced.status).toBe(422)
  expect(unforced.body.message).toContain('contract: review needs 9.0')
  expect((await staff.put('/api/v1/releases/review/live', { version: '9.0.0', force: true })).status).toBe(
    200,
  )
  const remotes = await client().get<Record<string, unknown>>('/remotes.json')
  expect(remotes.body.review).toEqual({
    entry: '/releases/review/9.0.0/mf-manifest.json',
    version: '9.0.0',
    fallbacks: [context.config.remotes.review],
  })
  expect((await staff.put('/api/v1/releases/review/live', { version: null })).status).toBe(200)
  expect((await client().get('/remotes.json')).body).toMatchObject({ review: context.config.remotes.review })
})

test('switching to a version never published is a 404; rollback with nothing live a 409', async () => {
  expect((await staff.put('/api/v1/releases/billing/live', { version: '7.0.0' })).status).toBe(404)
  expect((await staff.post('/api/v1/releases/billing/rollback')).status).toBe(409)
  expect((await staff.put('/api/v1/releases/nope/live', { version: null })).status).toBe(404)
})
