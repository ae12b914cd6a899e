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
   * Records, under `name`, the React context values the element at `selector` renders under: the
   * Jotai store (an object with get/set/sub) and the QueryClient (getQueryCache), found by walking
   * React's fiber tree up from the element, plus react-dom's per-instance fiber key. Kept on
   * `window.__providers` so later checks compare object identity across remotes.
   */
  recordProviders(selector: string, name: string) {
    return this.page.evaluate(
      ({ selector, name }) => {
        const element = document.querySelector(selector)
        if (!element) throw new Error(`nothing matches ${selector}`)
        const fiberKey = Object.keys(element).find((key) => key.startsWith('__reactFiber$'))
        if (!fiberKey) throw new Error(`${selector} was not rendered by react-dom`)
        type Fiber = { return: Fiber | null; memoizedProps?: { value?: unknown } }
        let store: unknown = null
        let client: unknown = null
        for (
          let fiber = (element as unknown as Record<string, Fiber>)[fiberKey] ?? null;
          fiber;
          fiber = fiber.return
        ) {
          const value = fiber.memoizedProps?.value as Record<string, unknown> | undefined
          if (!value || typeof value !== 'object') continue
          if (!client && typeof value.getQueryCache === 'function') client = value
          if (!store && ['get', 'set', 'sub'].every((key) => typeof value[key] === 'function')) store = value
        }
        const host = window as unknown as { __providers?: Record<string, unknown> }
        host.__providers = { ...host.__providers, [name]: { store, client, fiberKey } }
        return { store: store !== null, client: client !== null }
      },
      { selector, name },
    )
  }

  /** How the recorded providers compare: distinct stores, clients and react-dom instances. */
  recordedProviders() {
    return this.page.evaluate(() => {
      type Recorded = { store: unknown; client: unknown; fiberKey: string }
      const all = (window as unknown as { __providers: Record<string, Recorded> }).__providers
      const entries = Object.values(all)
      return {
        names: Object.keys(all),
        stores: new Set(entries.map((entry) => entry.store)).size,
        clients: new Set(entries.map((entry) => entry.client)).size,
        reactDoms: new Set(entries.map((entry) => entry.fiberKey)).size,
      }
    })
  }

  /** The query keys holding data in the query client recorded under `name`. */
  cachedQueryKeys(name: string) {
    return this.page.evaluate((name) => {
      type Client = { getQueryCache(): { getAll(): { queryKey: unknown; state: { data: unknown } }[] } }
      const all = (window as unknown as { __providers: Record<string, { client: Client }> }).__providers
      return all[name]?.client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined && query.state.data !== null)
        .map((query) => JSON.stringify(query.queryKey))
    }, name)
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
