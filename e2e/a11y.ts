/**
 * Accessibility checks the journeys share: an axe-core audit of the app's own document (WCAG 2.1 A and
 * AA rules; a proxied customer page in an iframe is not ours to audit) that must find nothing serious or
 * critical, and the phone-width check that a screen does not scroll sideways.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
}

/** Runs axe on the page as it is now; fails on any serious or critical violation, listing them. */
export async function expectNoSeriousAxe(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid=review-frame]')
    .analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious, `axe on ${where}`).toEqual([])
  // The audit ran rules, so an empty list means they passed, not that nothing was checked.
  expect(results.passes.length, `axe on ${where} checked nothing`).toBeGreaterThan(0)
}

/** The document is no wider than the viewport (nothing cut off or scrolling sideways on a phone). */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }))
  expect(widths.scroll).toBeLessThanOrEqual(widths.view)
}
