import { expect, type Locator, type Page } from '@playwright/test'

/** The dashboard micro-frontend as a user sees it. */
export class DashboardPage {
  readonly heading: Locator
  readonly sidebar: Locator
  readonly grid: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByTestId('dashboard-heading')
    this.sidebar = page.getByTestId('folder-sidebar')
    this.grid = page.getByTestId('canvas-grid')
  }

  async goto() {
    await this.page.goto('/dashboard')
    await expect(this.heading).toBeVisible()
  }

  card(title: string): Locator {
    return this.page
      .getByTestId('canvas-card')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) })
  }

  folder(name: string): Locator {
    return this.sidebar.getByRole('button', { name, exact: true })
  }

  folderCount(name: string): Locator {
    return this.sidebar
      .locator('li', { has: this.page.getByRole('button', { name, exact: true }) })
      .getByTestId(/folder-count-/)
      .first()
  }

  async createFolder(name: string) {
    await this.sidebar.getByRole('button', { name: 'New project' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'New project' })
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByRole('button', { name: 'Create project' }).click()
    await expect(dialog).toBeHidden()
    await expect(this.folder(name)).toBeVisible()
  }

  async openNewCanvas(tab: 'Website' | 'Images & PDF' | 'Video' | 'E-mail') {
    await this.page.getByRole('button', { name: 'New canvas' }).first().click()
    const dialog = this.page.getByRole('dialog', { name: 'New canvas' })
    await dialog.getByRole('tab', { name: tab }).click()
    return dialog
  }

  async cardMenu(title: string) {
    await this.card(title)
      .getByRole('button', { name: `Actions for ${title}` })
      .click()
    return this.page.getByRole('menu')
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByTestId('toast').filter({ hasText: text })
  }
}
