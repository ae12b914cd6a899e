/**
 * Accessibility checks the journeys share: an axe-core audit of the app's own document (WCAG 2.1 A and
 * AA rules; a proxied customer page in an iframe is not ours to audit) that must find nothing serious or
 * critical, and the phone-width check that a screen does not scroll sideways.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
}

/** Runs axe on the page as it is now; fails on any serious or critical violation, listing them. */
export async function expectNoSeriousAxe(page: Page, where: string, { soft = false } = {}) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // WCAG 2.5.3 (label in name) is an experimental rule axe leaves out unless asked: the account button
    // and the card pictures were named otherwise than they read (issue 19 item 10).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .exclude('[data-testid=review-frame]')
    // The compare view's two revisions of the customer's page.
    .exclude('[data-testid=compare-frame-left]')
    .exclude('[data-testid=compare-frame-right]')
    .analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  // Soft: an audit of many screens reports every screen's findings in one run, then fails.
  const check = soft ? expect.soft : expect
  check(serious, `axe on ${where}`).toEqual([])
  // The audit ran rules, so an empty list means they passed, not that nothing was checked.
  expect(results.passes.length, `axe on ${where} checked nothing`).toBeGreaterThan(0)
}

/**
 * The document is no wider than the screen the journey configured (nothing cut off or scrolling sideways
 * on a phone). Compared with page.viewportSize(), not window.innerWidth: on a mobile viewport the layout
 * viewport grows to fit a page that overflows, so innerWidth grows with it and could never catch it.
 * On failure it names the elements that reach past the right edge.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const viewport = page.viewportSize()
  if (!viewport) throw new Error('expectNoSidewaysScroll needs a page with a fixed viewport')
  const { scroll, past } = await page.evaluate((width) => {
    const name = (element: Element) =>
      `${element.localName}${element.id ? `#${element.id}` : ''}${
        element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''
      }.${[...element.classList].slice(0, 4).join('.')}`
    const past = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 8)
      .map((element) => `${name(element)} (right ${Math.round(element.getBoundingClientRect().right)})`)
    return { scroll: document.documentElement.scrollWidth, past }
  }, viewport.width)
  expect(scroll, `wider than the ${viewport.width} px screen: ${past.join(', ')}`).toBeLessThanOrEqual(
    viewport.width,
  )
}
/** The smallest side of each visible, enabled control inside `scope`, with a label to report it by. */
export async function smallTapTargets(scope: Locator, minimum = 24): Promise<string[]> {
  return scope.evaluate((element, min) => {
    const controls = element.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=menuitem], [role=switch], [role=checkbox], [role=combobox]',
    )
    const small: string[] = []
    for (const control of controls) {
      // A check box or radio inside its <label> is tapped through the whole label: that is its target.
      const label = control.matches('input[type=checkbox], input[type=radio]')
        ? control.closest('label')
        : null
      const rect = (label ?? control).getBoundingClientRect()
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

/** Fails when a control on the page is smaller than 24 × 24 CSS px (WCAG 2.5.8, and the issue's rule). */
export async function expectTapTargets(scope: Locator, screen: string, { soft = false } = {}) {
  const check = soft ? expect.soft : expect
  check(await smallTapTargets(scope), `tap targets under 24 px on ${screen}`).toEqual([])
}
