import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'

/** The feedback link screen: the viewer, the comment box and the comments panel. */
export class ReviewPage {
  readonly frame: FrameLocator
  readonly composer: Locator
  readonly sidebar: Locator
  readonly thread: Locator

  constructor(readonly page: Page) {
    this.frame = page.frameLocator('[data-testid=review-frame]')
    this.composer = page.getByTestId('composer')
    this.sidebar = page.getByTestId('sidebar')
    this.thread = page.getByTestId('thread')
  }

  async open(subdomain: string, suffix = '') {
    await this.page.goto(`/link/${subdomain}/${suffix}`)
    await expect(this.page.getByTestId('review-top-bar')).toBeVisible()
  }

  /** Answers the one-time "Who is reviewing?" prompt of a visitor who is not signed in. */
  async answerGuestPrompt(name: string, email: string) {
    const dialog = this.page.getByRole('dialog', { name: 'Who is reviewing?' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Your name').fill(name)
    await dialog.getByLabel('Your e-mail').fill(email)
    await dialog.getByRole('button', { name: 'Start reviewing' }).click()
    await expect(dialog).toBeHidden()
  }

  /** Clicks a spot of a design image or PDF page (fractions of its box). */
  async placeOnSurface(x: number, y: number) {
    const box = this.page.getByTestId('viewer-box')
    const rect = await box.boundingBox()
    if (!rect) throw new Error('no viewer box')
    await box.click({ position: { x: rect.width * x, y: rect.height * y } })
  }

  async placeOnVideo(x: number, y: number) {
    const frame = this.page.getByTestId('video-frame')
    const rect = await frame.boundingBox()
    if (!rect) throw new Error('no video frame')
    await frame.click({ position: { x: rect.width * x, y: rect.height * y } })
  }

  /** Clicks the element with this text inside a website or e-mail frame. */
  async placeInFrame(text: string) {
    await this.frame.getByText(text).first().click()
  }

  /** Copy change: in text-edit mode (t), replaces the text of `element` (in the frame) and confirms. */
  async editCopy(element: Locator, text: string) {
    await this.page.keyboard.press('t')
    await element.click()
    await element.press('ControlOrMeta+a')
    await element.pressSequentially(text)
    await element.press('Enter')
    await expect(this.composer.getByTestId('copy-change')).toContainText(text)
  }

  async writeComment(text: string, { isPrivate = false } = {}) {
    await expect(this.composer).toBeVisible()
    await this.composer.getByRole('combobox', { name: 'Comment' }).fill(text)
    if (isPrivate) await this.composer.getByRole('switch', { name: /Private/ }).click()
    await this.composer.getByRole('button', { name: /^Post/ }).click()
    await expect(this.composer).toBeHidden()
    await expect(this.thread).toContainText(text)
  }

  commentInList(text: string): Locator {
    return this.sidebar.locator('[data-comment-id]', { hasText: text })
  }

  async backToList() {
    await this.thread.getByRole('button', { name: 'All comments' }).click()
  }

  async reply(text: string) {
    await this.thread.getByRole('combobox', { name: 'Reply' }).fill(text)
    await this.thread.getByRole('button', { name: 'Reply', exact: true }).click()
    await expect(this.thread.locator('[data-reply-id]', { hasText: text })).toBeVisible()
  }

  async setStatus(label: string) {
    await this.thread.getByTestId('status-select').selectOption({ label })
  }
}
