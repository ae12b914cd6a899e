/**
 * Every environment variable the server reads, parsed and validated once at start.
 *
 * Nothing else in the server reads `process.env`: modules receive the typed `Config`
 * object. A bad value stops the start with one clear message naming the variable,
 * instead of failing later in the middle of a request.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { deriveSessionKey, parseSecretKeys, type SecretKey } from './platform/security/secret-box'

export interface S3Config {
  bucket: string
  endpoint?: string
  region?: string
  accessKeyId?: string
  secretAccessKey?: string
}

/** Base URLs of the task tools' APIs (each configurable so tests and staging talk to fakes). */
export interface IntegrationsConfig {
  /** TRELLO_API_URL, default https://api.trello.com */
  trelloApiUrl: string
  /** TRELLO_API_KEY: the server's Trello app key, sent with each user's token. */
  trelloApiKey: string
  /** MONDAY_API_URL, default https://api.monday.com/v2 (the GraphQL endpoint). */
  mondayApiUrl: string
  /** ASANA_API_URL, default https://app.asana.com/api/1.0 */
  asanaApiUrl: string
  /** CLICKUP_API_URL, default https://api.clickup.com/api/v2 */
  clickupApiUrl: string
  /** OUTBOUND_TIMEOUT_MS: how long a tool or webhook receiver may take to answer (default 10 000). */
  timeoutMs: number
}

export interface Config {
  /** Port of the app origin (API, pages, WebSocket). */
  port: number
  /** Host name the servers bind to. */
  host: string
  /** Port of the separate proxy origin that serves proxied websites and e-mails. */
  proxyPort: number
  /** Public URL of the app origin, used in e-mails and redirects. */
  publicUrl: string
  /** Public URL of the proxy origin; a different site from `publicUrl` so app cookies never reach it. */
  proxyOrigin: string
  /**
   * Host names or IP addresses the proxy may fetch even though they are loopback, link-local or private
   * (`PROXY_ALLOW_HOSTS`, comma-separated). Empty by default: such targets are refused (SSRF).
   */
  proxyAllowHosts: string[]
  /**
   * Host names or IP addresses of identity providers the server may call for single sign-on although they
   * are loopback or private (`SSO_ALLOW_HOSTS`, comma-separated): an on-premises provider, or the test
   * provider on 127.0.0.1. Separate from `proxyAllowHosts`, so allowing one never opens the other.
   */
  ssoAllowHosts: string[]
  /** Task tools' API base URLs and the outbound timeout. */
  integrations: IntegrationsConfig
  /** PostgreSQL connection string; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl?: string
  /** Folder for the embedded database, uploaded files and the generated session secret. */
  dataDir: string
  /** Secret used to sign cookies and upload signatures. */
  sessionSecret: string
  /**
   * Keys that encrypt stored secrets (`SECRETS_KEYS`, `id:base64-32-bytes`, first one current); without it,
   * one key derived from the session secret. See platform/security/secret-box.ts for rotation.
   */
  secretKeys: SecretKey[]
  /** SMTP connection URL; when absent e-mail goes to the outbox table. */
  smtpUrl?: string
  /** Sender address of outgoing e-mail. */
  mailFrom: string
  s3?: S3Config
  /** Stripe secret key (`STRIPE_SECRET_KEY`); when set, billing goes through Stripe instead of the local engine. */
  stripeSecretKey?: string
  /** Base URL of the Stripe API (`STRIPE_API_URL`); set only to point the SDK at a fake server in tests. */
  stripeApiUrl?: string
  /** Signing secret of the Stripe webhook endpoint (`STRIPE_WEBHOOK_SECRET`). */
  stripeWebhookSecret?: string
  /** Publishable key for Stripe Elements in the billing screen (`STRIPE_PUBLISHABLE_KEY`). */
  stripePublishableKey?: string
  /**
   * Which billing provider runs: 'stripe' when STRIPE_SECRET_KEY is set, 'disabled' with BILLING_DISABLED=1
   * (private installs: every customer counts as active and the billing calls say billing is off), else 'local'.
   */
  billingProvider: 'local' | 'stripe' | 'disabled'
  /** BILLING_TEST_CLOCK=1: loopback callers may move the server clock through /api/v1/dev/clock (tests, e2e). */
  billingTestClock: boolean
  /** Remote name -> URL of its mf-manifest.json; lets a remote redeploy without a shell rebuild. */
  remotes: Record<string, string>
  /** Root of the repository, where the front-end `dist` folders live. */
  rootDir: string
  isProduction: boolean
  /** Request log on stdout. */
  logRequests: boolean
  /**
   * Behind a reverse proxy: take the client address from the last `X-Forwarded-For` entry (the one our
   * proxy appended). Off by default, because a client can send any X-Forwarded-For it likes.
   */
  trustProxy: boolean
  /**
   * The development outbox page (`/api/v1/dev/outbox`): 'loopback' (default outside production) answers
   * only requests whose socket address, and every forwarded address, is loopback; 'any' answers everyone
   * (a developer reaching a container from their host); 'off' (always in production) removes it.
   */
  devOutbox: 'off' | 'loopback' | 'any'
  /**
   * Where analytics events go (`ANALYTICS_URL`, a plain HTTP endpoint taking JSON batches). Unset (the
   * default): no event is recorded, on the server or in the browser.
   */
  analyticsUrl?: string
  /** Sent to the sink as `Authorization: Bearer …` (`ANALYTICS_WRITE_KEY`). */
  analyticsWriteKey?: string
  /**
   * `TRACKING_COOKIES` (default 1): the initial-visit cookie (stored at sign-up) and the user-info cookie
   * of SPEC 9. 0 stops both: the browser writes no initial visit, sign-up stores none, no user-info cookie.
   */
  trackingCookies: boolean
  /**
   * `TOURS_AUTOSTART` (default 1): guided tours start by themselves on a user's first visit of a screen.
   * 0 leaves them to the help menu's "Restart tour" (kiosks, demos, automated browser journeys).
   */
  toursAutostart: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

const repoRoot = resolve(import.meta.dir, '..', '..')

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be a port number between 0 and 65535 (got "${raw}").`)
  }
  return value
}

function readUrl(env: Env, name: string, fallback?: string): string | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  try {
    return new URL(raw).toString().replace(/\/$/, '')
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (got "${raw}").`)
  }
}

function readDatabaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL
  if (raw === undefined || raw === '') return undefined
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.')
  }
  return raw
}

function readRemotes(env: Env, defaults: Record<string, string>): Record<string, string> {
  const raw = env.REMOTES
  if (raw === undefined || raw === '') return defaults
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new ConfigError('REMOTES must be a JSON object mapping a remote name to its mf-manifest.json URL.')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('REMOTES must be a JSON object mapping a remote name to its mf-manifest.json URL.')
  }
  const remotes: Record<string, string> = { ...defaults }
  for (const [name, url] of Object.entries(parsed)) {
    if (typeof url !== 'string' || url === '') {
      throw new ConfigError(`REMOTES.${name} must be a URL string.`)
    }
    remotes[name] = url
  }
  return remotes
}

function readS3(env: Env): S3Config | undefined {
  const bucket = env.S3_BUCKET
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name])
    if (stray.length > 0) throw new ConfigError(`${stray.join(', ')} set without S3_BUCKET.`)
    return undefined
  }
  return {
    bucket,
    endpoint: readUrl(env, 'S3_ENDPOINT'),
    region: env.S3_REGION || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  }
}

/**
 * The session secret must survive restarts (or every user is logged out), so when it is not
 * configured a random one is generated once and kept in the data folder.
 */
function readSessionSecret(env: Env, dataDir: string, isProduction: boolean): string {
  const raw = env.SESSION_SECRET
  if (raw) {
    if (raw.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters long.')
    return raw
  }
  if (isProduction && env.DATABASE_URL) {
    throw new ConfigError(
      'SESSION_SECRET is required in production with DATABASE_URL (all processes must share it).',
    )
  }
  const file = join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export const defaultRemotes: Record<string, string> = {
  dashboard: '/mf/dashboard/mf-manifest.json',
  review: '/mf/review/mf-manifest.json',
  billing: '/mf/billing/mf-manifest.json',
}

/** Parses and validates the environment. Throws `ConfigError` with a message naming the bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const isProduction = env.NODE_ENV === 'production'
  const port = readPort(env, 'PORT', 3000)
  // The embedded first run (no DATABASE_URL) is one person trying the product: listen on loopback only,
  // so a laptop on a café network does not serve its demo account and dev outbox to the room.
  const host = env.HOST || (env.DATABASE_URL ? '0.0.0.0' : '127.0.0.1')
  const proxyPort = readPort(env, 'PROXY_PORT', port === 0 ? 0 : port + 1)
  const rawDataDir = env.DATA_DIR || './data'
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(repoRoot, rawDataDir)
  const publicUrl = readUrl(env, 'PUBLIC_URL', `http://localhost:${port}`) as string
  // localhost and 127.0.0.1 are different sites, so by default the app's cookies never reach proxied pages.
  const proxyOrigin = readUrl(env, 'PROXY_ORIGIN', `http://127.0.0.1:${proxyPort}`) as string
  if (new URL(proxyOrigin).origin === new URL(publicUrl).origin) {
    throw new ConfigError('PROXY_ORIGIN must be a different origin from PUBLIC_URL.')
  }
  const smtpUrl = readUrl(env, 'SMTP_URL')
  const sessionSecret = readSessionSecret(env, dataDir, isProduction)
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.')
  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined
  if (stripeSecretKey && !/^(sk|rk)_/.test(stripeSecretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_... or rk_...).')
  }
  return {
    port,
    host,
    proxyPort,
    publicUrl,
    proxyOrigin,
    proxyAllowHosts: readHostList(env, 'PROXY_ALLOW_HOSTS'),
    ssoAllowHosts: readHostList(env, 'SSO_ALLOW_HOSTS'),
    integrations: readIntegrations(env),
    databaseUrl: readDatabaseUrl(env),
    dataDir,
    sessionSecret,
    secretKeys: readSecretKeys(env, sessionSecret),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Pinpoint <no-reply@pinpoint.local>',
    s3: readS3(env),
    stripeSecretKey,
    stripeApiUrl: readUrl(env, 'STRIPE_API_URL'),
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePublishableKey: readPublishableKey(env),
    billingProvider: readBillingProvider(env, stripeSecretKey),
    billingTestClock: readFlag(env, 'BILLING_TEST_CLOCK') && !isProduction,
    remotes: readRemotes(env, defaultRemotes),
    rootDir: repoRoot,
    isProduction,
    logRequests: env.LOG_REQUESTS !== 'false',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    devOutbox: readDevOutbox(env, isProduction),
    analyticsUrl: readUrl(env, 'ANALYTICS_URL'),
    analyticsWriteKey: env.ANALYTICS_WRITE_KEY || undefined,
    toursAutostart:
      env.TOURS_AUTOSTART === undefined || env.TOURS_AUTOSTART === '' || readFlag(env, 'TOURS_AUTOSTART'),
    trackingCookies:
      env.TRACKING_COOKIES === undefined || env.TRACKING_COOKIES === '' || readFlag(env, 'TRACKING_COOKIES'),
  }
}

/** A comma-separated list of host names or IP literals, lower case, IPv6 without brackets. */
function readHostList(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean)
}

function readIntegrations(env: Env): IntegrationsConfig {
  const timeout = env.OUTBOUND_TIMEOUT_MS ? Number(env.OUTBOUND_TIMEOUT_MS) : 10_000
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 120_000) {
    throw new ConfigError('OUTBOUND_TIMEOUT_MS must be a number of milliseconds between 100 and 120000.')
  }
  return {
    trelloApiUrl: readUrl(env, 'TRELLO_API_URL', 'https://api.trello.com') as string,
    trelloApiKey: env.TRELLO_API_KEY ?? '',
    mondayApiUrl: readUrl(env, 'MONDAY_API_URL', 'https://api.monday.com/v2') as string,
    asanaApiUrl: readUrl(env, 'ASANA_API_URL', 'https://app.asana.com/api/1.0') as string,
    clickupApiUrl: readUrl(env, 'CLICKUP_API_URL', 'https://api.clickup.com/api/v2') as string,
    timeoutMs: timeout,
  }
}

function readSecretKeys(env: Env, sessionSecret: string): SecretKey[] {
  const raw = env.SECRETS_KEYS?.trim()
  if (!raw) return [deriveSessionKey(sessionSecret)]
  try {
    const keys = parseSecretKeys(raw)
    if (keys.length === 0) throw new ConfigError('SECRETS_KEYS is set but names no key.')
    return keys
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
}

function readDevOutbox(env: Env, isProduction: boolean): Config['devOutbox'] {
  const raw = env.DEV_OUTBOX?.trim().toLowerCase() || 'loopback'
  if (raw !== 'off' && raw !== 'loopback' && raw !== 'any') {
    throw new ConfigError(`DEV_OUTBOX must be off, loopback or any (got "${env.DEV_OUTBOX}").`)
  }
  return isProduction ? 'off' : raw
}

function readFlag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false
  if (raw === '1' || raw === 'true') return true
  throw new ConfigError(`${name} must be 1 or 0 (got "${env[name]}").`)
}

function readPublishableKey(env: Env): string | undefined {
  const raw = env.STRIPE_PUBLISHABLE_KEY || undefined
  if (raw && !raw.startsWith('pk_')) {
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...).')
  }
  return raw
}

function readBillingProvider(env: Env, stripeSecretKey: string | undefined): Config['billingProvider'] {
  const disabled = readFlag(env, 'BILLING_DISABLED')
  if (disabled && stripeSecretKey) {
    throw new ConfigError('BILLING_DISABLED=1 and STRIPE_SECRET_KEY are both set; choose one.')
  }
  if (disabled) return 'disabled'
  return stripeSecretKey ? 'stripe' : 'local'
}
