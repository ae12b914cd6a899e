import { expect, type Locator, type Page } from '@playwright/test'

export type RemoteName = 'dashboard' | 'review' | 'billing'

/** The shell's home page: header plus one panel per micro-frontend. */
export class ShellPage {
  readonly header: Locator
  readonly dashboard: Locator
  readonly review: Locator
  readonly billing: Locator

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner')
    this.dashboard = page.getByTestId('dashboard-home')
    this.review = page.getByTestId('review-screen')
    this.billing = page.getByTestId('billing-summary')
  }

  async goto(path = '/') {
    await this.page.goto(path)
  }

  panel(name: RemoteName): Locator {
    return this.page.getByTestId(`panel-${name}`)
  }

  /** Waits until every remote rendered its component. */
  async expectRemotesLoaded() {
    await expect(this.dashboard).toContainText('Dashboard ready')
    await expect(this.review).toContainText('Review ready')
    await expect(this.billing).toContainText('Billing ready')
  }

  /**
   * The federation runtime's share scopes, reduced to: share key -> versions -> who provided it
   * and which containers use it.
   */
  sharedModules() {
    return this.page.evaluate(() => {
      type ShareInfo = { from: string; useIn?: string[]; loaded?: boolean }
      const federation = (
        globalThis as {
          __FEDERATION__?: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>
          }
        }
      ).__FEDERATION__
      const result: Record<string, Record<string, { from: string; useIn: string[]; loaded: boolean }>> = {}
      for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
        for (const packages of Object.values(scopes)) {
          for (const [key, versions] of Object.entries(packages)) {
            result[key] ??= {}
            for (const [version, info] of Object.entries(versions)) {
              result[key][version] = {
                from: info.from,
                useIn: info.useIn ?? [],
                loaded: info.loaded === true,
              }
            }
          }
        }
      }
      return result
    })
  }
}
