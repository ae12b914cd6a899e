/**
 * The compare screen's overlay (decision 047), driven as a person does it: Overlay, the top revision's
 * opacity, then the swipe handle moved by keyboard.
 */
import { expect, type Page } from '@playwright/test'

export async function overlayAndSwipe(
  page: Page,
  {
    opacity,
    key,
    swipedTo,
    overlaid,
  }: { opacity: string; key: string; swipedTo: string; overlaid?: () => Promise<void> },
) {
  await page.getByRole('button', { name: 'Overlay' }).click()
  await expect(page.getByTestId('compare-stage')).toHaveAttribute('data-mode', 'overlay')
  // What the caller checks of the overlay itself, before anything is moved.
  await overlaid?.()
  await page.getByLabel('Opacity of v2').fill(opacity)
  const handle = page.getByRole('slider', { name: 'Swipe between v1 and v2' })
  await handle.focus()
  await page.keyboard.press(key)
  await expect(handle).toHaveAttribute('aria-valuenow', swipedTo)
}
