import { expect, type Locator, type Page } from '@playwright/test'

/** The shell: its header, and client-side navigation that keeps the loaded remotes. */
export class ShellPage {
  readonly header: Locator

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner')
  }

  /** Navigates inside the single-page app (no reload), as a link click would. */
  async navigate(path: string) {
    await this.page.evaluate((to) => {
      history.pushState({}, '', to)
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    }, path)
    await expect(this.page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
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
