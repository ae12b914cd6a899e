/**
 * Phone guest benchmark (issue 19 target), printed, never asserted: a client opens the feedback link on a
 * phone (390×844, touch, device scale 3) with the CPU slowed 4× and a 1.6 Mbit/s, 150 ms network
 * (Chromium DevTools throttling over CDP, the "slow 4G" of Lighthouse), and the same on the desktop
 * profile without throttling. For a website and a PDF canvas, median of RUNS cold loads (cache cleared):
 * - ready: from navigation until a pin can be placed: for a website, the page's bridge has answered and
 *   comment mode is on (the keyboard layer over the page is there); for a PDF, its first page is on
 *   screen (the stored thumbnail pdf.js draws over, or the drawn page);
 * - placed: from navigation until a tap (a click on the desktop) at that moment has opened the comment box.
 * The visitor is a returning guest (signed in as a guest), so the "Who is reviewing?" prompt does not
 * stand between the load and the tap. Goal on the phone: under 3 s.
 *
 * Run: `bun bench/phone-guest.ts` (front ends built; PostgreSQL at TEST_DATABASE_URL or the local default).
 */
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from '@playwright/test'
import { printTable } from './lib'
import { createWorld, type ReviewWorld } from './review-setup'

const RUNS = Number(process.env.RUNS ?? 5)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

interface Profile {
  name: string
  options: BrowserContextOptions
  /** CDP throttling: CPU slowdown and network (bytes per second, round trip in ms); none on the desktop. */
  throttle: { cpu: number; downBps: number; upBps: number; latencyMs: number } | null
}

const PROFILES: Profile[] = [
  {
    name: 'phone (4× CPU, 1.6 Mbit/s, 150 ms)',
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    throttle: { cpu: 4, downBps: (1.6 * 1024 * 1024) / 8, upBps: (750 * 1024) / 8, latencyMs: 150 },
  },
  { name: 'desktop (no throttling)', options: { viewport: { width: 1440, height: 900 } }, throttle: null },
]

interface Target {
  name: string
  subdomain: string
  /** Resolves when a pin can be placed; returns what to tap. */
  ready(page: Page): Promise<Locator>
}

function targets(world: ReviewWorld): Target[] {
  return [
    {
      name: 'website',
      subdomain: world.canvases.website.subdomain,
      async ready(page) {
        await page.getByTestId('frame-keyboard').waitFor({ state: 'attached', timeout: 60_000 })
        return page.frameLocator('[data-testid=review-frame]').locator('h2').first()
      },
    },
    {
      name: 'pdf',
      subdomain: world.canvases.pdf.subdomain,
      async ready(page) {
        // The page is on screen: its stored thumbnail (shown while pdf.js draws) or the drawn page.
        await page.waitForFunction(
          () => {
            const box = document.querySelector('[data-testid=viewer-box]')
            const image = box?.querySelector('img')
            const drawn = box?.querySelector('[data-testid=pdf-canvas]:not(.opacity-0)')
            return !!drawn || (!!image && image.complete && image.naturalWidth > 0)
          },
          null,
          { timeout: 60_000, polling: 50 },
        )
        return page.getByTestId('viewer-box')
      },
    },
  ]
}

async function measure(browser: Browser, world: ReviewWorld, profile: Profile, target: Target) {
  const ctx = await browser.newContext({ ...profile.options, baseURL: world.appUrl })
  // A returning guest: signed in as a guest, so no name prompt comes up over the canvas.
  const guest = await ctx.request.post('/api/v1/guests', {
    data: { name: 'Bench Guest', email: `bench-guest-${Date.now()}@example.com` },
  })
  if (guest.status() >= 300) throw new Error(`guest sign-in: ${guest.status()} ${await guest.text()}`)
  const page = await ctx.newPage()
  const cdp = await ctx.newCDPSession(page)
  await cdp.send('Network.enable')
  if (profile.throttle) {
    const { cpu, downBps, upBps, latencyMs } = profile.throttle
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: downBps,
      uploadThroughput: upBps,
    })
  }
  const ready: number[] = []
  const placed: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    await cdp.send('Network.clearBrowserCache')
    await page.goto('about:blank')
    const started = performance.now()
    await page.goto(`/link/${target.subdomain}/`, { waitUntil: 'commit' })
    const spot = await target.ready(page)
    ready.push(performance.now() - started)
    if (profile.options.hasTouch) await spot.tap()
    else await spot.click()
    await page.getByTestId('composer').waitFor({ state: 'visible', timeout: 30_000 })
    placed.push(performance.now() - started)
  }
  await ctx.close()
  return { ready: median(ready), placed: median(placed) }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const world = await createWorld(browser)
try {
  const rows: Record<string, string | number>[] = []
  for (const target of targets(world)) {
    for (const profile of PROFILES) {
      const { ready, placed } = await measure(browser, world, profile, target)
      rows.push({
        canvas: target.name,
        profile: profile.name,
        [`ready (median of ${RUNS})`]: seconds(ready),
        [`composer open after a tap (median of ${RUNS})`]: seconds(placed),
      })
    }
  }
  printTable('Guest link: time until a pin can be placed (goal on the phone: < 3 s)', rows)
} finally {
  await world.stop()
  await browser.close()
}
