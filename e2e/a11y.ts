/**
 * Accessibility checks shared by the journeys: an axe-core audit of the app's own document (WCAG 2.0/2.1
 * A and AA), the phone profile, and tap-target measurement.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

/** The phone profile of issue 19: an iPhone-sized screen that sends touch events. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
} as const

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Runs axe-core on the page and fails on any violation of serious or critical impact, naming the rule
 * and the elements so the failure says what to fix. A proxied site's or an e-mail's frame is the
 * customer's document, not ours: it is left out.
 */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .exclude('[data-testid=review-frame]')
    .analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious, `axe on ${screen}`).toEqual([])
}

/** The smallest side of each visible, enabled control inside `scope`, with a label to report it by. */
export async function smallTapTargets(scope: Locator, minimum = 24): Promise<string[]> {
  return scope.evaluate((element, min) => {
    const controls = element.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=menuitem], [role=switch], [role=checkbox], [role=combobox]',
    )
    const small: string[] = []
    for (const control of controls) {
      const rect = control.getBoundingClientRect()
      const style = getComputedStyle(control)
      // Not on screen, or visually hidden until focused (a skip link): nothing to tap.
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue
      if (control.closest('[aria-hidden=true], [inert]')) continue
      // WCAG 2.5.8: an inline link inside a sentence is exempt (its size is set by the text around it).
      const inSentence =
        (control.parentElement?.textContent?.trim().length ?? 0) > (control.textContent?.trim().length ?? 0)
      if (control.tagName === 'A' && style.display === 'inline' && inSentence) continue
      if (rect.width < min || rect.height < min) {
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName
        small.push(`${name.slice(0, 40)} (${Math.round(rect.width)}×${Math.round(rect.height)})`)
      }
    }
    return small
  }, minimum)
}

/** Fails when a control on the page is smaller than 24 × 24 CSS px (WCAG 2.5.8, and the rule). */
export async function expectTapTargets(scope: Locator, screen: string): Promise<void> {
  expect(await smallTapTargets(scope), `tap targets under 24 px on ${screen}`).toEqual([])
}
