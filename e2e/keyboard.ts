/**
 * Keyboard helpers of the journeys: reach a control with Tab only, and check that the focus is on it
 * and visible (a ring the eye can find), as WCAG 2.4.7 asks.
 */
import { expect, type Locator, type Page } from '@playwright/test'

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
  }
  throw new Error(`${max} presses of Tab never reached ${target}`)
}

/** `target` has the focus, and it shows: :focus-visible matches and an outline or a ring is drawn. */
export async function expectFocusVisible(target: Locator) {
  await expect(target).toBeFocused()
  const shown = await target.evaluate((element) => {
    const style = getComputedStyle(element)
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    const ring = style.boxShadow !== 'none'
    return element.matches(':focus-visible') && (outline || ring)
  })
  expect(shown, 'the focused control shows a focus ring').toBe(true)
}
