import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, defaultRemotes, loadConfig } from './config'

const secret = 'x'.repeat(40)
const base = { SESSION_SECRET: secret }

describe('loadConfig', () => {
  test('defaults serve the app on 3000 with PGlite under ./data and a separate proxy origin', () => {
    const config = loadConfig({ ...base })
    expect(config.port).toBe(3000)
    expect(config.proxyPort).toBe(3001)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir.endsWith('/data')).toBe(true)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.proxyOrigin).toBe('http://127.0.0.1:3001')
    expect(config.remotes).toEqual(defaultRemotes)
  })

  test('rejects a bad port, naming the variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, PORT: '70000' })).toThrow('PORT must be a port number')
  })

  test('rejects a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL must start with postgres',
    )
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db')
  })

  test('refuses a proxy origin equal to the app origin (cookies would leak to proxied pages)', () => {
    expect(() => loadConfig({ ...base, PROXY_ORIGIN: 'http://localhost:3000' })).toThrow('PROXY_ORIGIN')
  })

  test('REMOTES overrides single remotes and must be a JSON object', () => {
    const config = loadConfig({
      ...base,
      REMOTES: '{"review":"https://cdn.example/review/mf-manifest.json"}',
    })
    expect(config.remotes.review).toBe('https://cdn.example/review/mf-manifest.json')
    expect(config.remotes.dashboard).toBe(defaultRemotes.dashboard as string)
    expect(() => loadConfig({ ...base, REMOTES: '[1]' })).toThrow('REMOTES must be a JSON object')
    expect(() => loadConfig({ ...base, REMOTES: '{"a": 3}' })).toThrow('REMOTES.a')
  })

  test('a short SESSION_SECRET is refused; a missing one is generated once and kept in the data folder', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow('at least 32')
    const dir = mkdtempSync(join(tmpdir(), 'pinpoint-config-'))
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first)
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(first)
  })

  test('production with PostgreSQL needs an explicit shared secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      'SESSION_SECRET',
    )
  })

  test('S3 settings without a bucket are refused', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://s3.local' })).toThrow('S3_BUCKET')
    expect(loadConfig({ ...base, S3_BUCKET: 'files' }).s3?.bucket).toBe('files')
  })

  test('SMTP_URL and STRIPE_SECRET_KEY are checked', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://x' })).toThrow('SMTP_URL')
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow('STRIPE_SECRET_KEY')
  })
})

describe('billing configuration', () => {
  test('local engine by default, Stripe with a secret key, disabled with BILLING_DISABLED=1', () => {
    const local = loadConfig({ ...base })
    expect(local.billingProvider).toBe('local')
    expect(local.billingTestClock).toBe(false)
    const stripe = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    })
    expect(stripe.billingProvider).toBe('stripe')
    expect(stripe.stripeApiUrl).toBe('http://127.0.0.1:12111')
    expect(stripe.stripeWebhookSecret).toBe('whsec_abc')
    expect(stripe.stripePublishableKey).toBe('pk_test_123')
    expect(loadConfig({ ...base, BILLING_DISABLED: '1' }).billingProvider).toBe('disabled')
  })

  test('the test clock only outside production; bad flags and keys name the variable', () => {
    expect(loadConfig({ ...base, BILLING_TEST_CLOCK: '1' }).billingTestClock).toBe(true)
    expect(loadConfig({ ...base, BILLING_TEST_CLOCK: '1', NODE_ENV: 'production' }).billingTestClock).toBe(
      false,
    )
    expect(() => loadConfig({ ...base, BILLING_DISABLED: 'yes' })).toThrow('BILLING_DISABLED must be 1 or 0')
    expect(() => loadConfig({ ...base, STRIPE_PUBLISHABLE_KEY: 'sk_x' })).toThrow('STRIPE_PUBLISHABLE_KEY')
    expect(() => loadConfig({ ...base, STRIPE_API_URL: 'nope' })).toThrow('STRIPE_API_URL')
    expect(() => loadConfig({ ...base, BILLING_DISABLED: '1', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'choose one',
    )
  })
})

describe('analytics and tracking cookies', () => {
  test('off by default: no sink, so no events; the tracking cookies of SPEC 9 are on', () => {
    const config = loadConfig({ ...base })
    expect(config.analyticsUrl).toBeUndefined()
    expect(config.trackingCookies).toBe(true)
  })

  test('ANALYTICS_URL turns events on; TRACKING_COOKIES=0 turns the cookies off; bad values name the variable', () => {
    const config = loadConfig({
      ...base,
      ANALYTICS_URL: 'http://127.0.0.1:3353/events',
      ANALYTICS_WRITE_KEY: 'wk',
      TRACKING_COOKIES: '0',
    })
    expect(config.analyticsUrl).toBe('http://127.0.0.1:3353/events')
    expect(config.analyticsWriteKey).toBe('wk')
    expect(config.trackingCookies).toBe(false)
    expect(() => loadConfig({ ...base, ANALYTICS_URL: 'not a url' })).toThrow(/ANALYTICS_URL/)
    expect(() => loadConfig({ ...base, TRACKING_COOKIES: 'maybe' })).toThrow(/TRACKING_COOKIES/)
  })
})
