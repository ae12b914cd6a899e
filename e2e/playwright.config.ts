import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${PORT}`

// One fresh embedded database per run. The config is evaluated again in every worker: the
// folder made by the main process is handed down through the environment.
process.env.PINPOINT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pinpoint-e2e-'))
const dataDir = process.env.PINPOINT_E2E_DATA_DIR

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'results.json' }]],
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The real server (API, pages, the built front ends) on a fresh database: a clone of the migrated
    // template on E2E_DATABASE_URL, or PGlite in a temporary folder; serve.ts seeds the fixtures.
    command: 'bun serve.ts',
    url: `${baseURL}/api/v1/health`,
    timeout: 120_000,
    // Never reuse: the fixtures live in this run's database.
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      E2E_DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // serve.ts sets the clone's URL; empty means "embedded PGlite" even when the outer shell has one.
      DATABASE_URL: '',
      LOG_REQUESTS: 'false',
      // The review journeys proxy corpus sites served from 127.0.0.1 (refused by default: SSRF guard).
      PROXY_ALLOW_HOSTS: '127.0.0.1',
      // The SSO journey's identity provider (oidc-provider) listens on 127.0.0.1 (refused by default).
      SSO_ALLOW_HOSTS: '127.0.0.1',
      // Journeys that play many clients (distributed login guessing) name their address in
      // X-Forwarded-For; without the header the socket address is used, as before.
      TRUST_PROXY: 'true',
      // The billing journey moves the server's clock past a trial's end (POST /api/v1/dev/clock, loopback only).
      BILLING_TEST_CLOCK: '1',
      // Guided tours would cover the screens every other journey drives; tours.spec.ts runs its own
      // server with them on (and with analytics sent to a local sink).
      TOURS_AUTOSTART: '0',
    },
  },
})
