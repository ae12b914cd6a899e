/**
 * Billing targets of issue 10, printed, never asserted:
 * - JavaScript (gzip) a signed-in member downloads before /dashboard is interactive: shell + dashboard,
 *   and proof that none of it comes from the billing remote (target <= 220 KB gzip);
 * - the billing route's time to interactive on loopback (target < 1 s): a cold page load of /billing
 *   until the billing page shows the plan, and the in-app move from the dashboard (the remote fetched on
 *   demand), median of 5 fresh browser contexts each.
 * Starts its own server on PGlite (local billing provider).
 *
 * Run: `bun bench/billing.ts` (front ends built first).
 */
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { startServer, tempDir, waitHealthy } from './lib'

const ROUNDS = 5
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

type Scripts = { gzip: number; files: number; billing: number }

/** Counts the scripts the page downloads until `ready` resolves. */
async function scriptsUntil(page: Page, go: () => Promise<unknown>, ready: () => Promise<unknown>) {
  const tally: Scripts = { gzip: 0, files: 0, billing: 0 }
  const pending: Promise<void>[] = []
  let counting = true
  page.on('response', (response) => {
    if (!counting || response.request().resourceType() !== 'script') return
    if (response.url().includes('/mf/billing/')) tally.billing += 1
    pending.push(
      response
        .body()
        .then((body) => {
          tally.files += 1
          tally.gzip += Bun.gzipSync(new Uint8Array(body), { level: 9 }).byteLength
        })
        .catch(() => {}),
    )
  })
  const started = performance.now()
  await go()
  await ready()
  const ms = performance.now() - started
  counting = false
  await Promise.all(pending)
  return { ...tally, ms }
}

const server = await startServer({ DATA_DIR: tempDir('pinpoint-bench-billing-'), DATABASE_URL: '' })
try {
  await waitHealthy(`${server.url}/api/v1/health`)
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  const login = await browser.newContext()
  const signup = await login.request.post(`${server.url}/api/v1/users`, {
    data: {
      email: `bench${Date.now()}@bench.test`,
      name: 'Bench Mark',
      password: 'bench-password-1',
      teamName: 'Bench',
      plan: 'team49',
    },
  })
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`)
  const storageState = await login.storageState()
  await login.close()

  const fresh = (): Promise<BrowserContext> => browser.newContext({ storageState })
  const dashboards: Awaited<ReturnType<typeof scriptsUntil>>[] = []
  const cold: number[] = []
  const inApp: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const context = await fresh()
    const page = await context.newPage()
    dashboards.push(
      await scriptsUntil(
        page,
        () => page.goto(`${server.url}/dashboard`),
        () => page.getByTestId('dashboard-heading').waitFor({ state: 'visible' }),
      ),
    )
    // In-app: the header menu's Billing entry, as a member would (the remote is fetched now).
    const move = await scriptsUntil(
      page,
      async () => {
        await page.getByTestId('header-user').click()
        await page.getByRole('menuitem', { name: 'Billing' }).click()
      },
      () => page.getByTestId('billing-plan-name').waitFor({ state: 'visible' }),
    )
    inApp.push(move.ms)
    await context.close()

    const coldContext = await fresh()
    const coldPage = await coldContext.newPage()
    const load = await scriptsUntil(
      coldPage,
      () => coldPage.goto(`${server.url}/billing`),
      () => coldPage.getByTestId('billing-plan-name').waitFor({ state: 'visible' }),
    )
    cold.push(load.ms)
    await coldContext.close()
  }
  await browser.close()

  const first = dashboards[0]
  console.log('Billing (issue 10 targets; printed, not asserted)')
  console.log(
    `  shell + dashboard JS before interactive   ${first?.files} files  gzip ${kb(first?.gzip ?? 0)}  (target <= 220 KB)  billing remote scripts: ${Math.max(...dashboards.map((d) => d.billing))}`,
  )
  console.log(
    `  /billing time to interactive, cold load   median ${median(cold).toFixed(0)} ms  (max ${Math.max(...cold).toFixed(0)})  (target < 1000 ms)`,
  )
  console.log(
    `  dashboard -> billing, in app               median ${median(inApp).toFixed(0)} ms  (max ${Math.max(...inApp).toFixed(0)})`,
  )
  console.log(`  ${ROUNDS} rounds on loopback, a fresh browser context each`)
} finally {
  await server.stop()
}
