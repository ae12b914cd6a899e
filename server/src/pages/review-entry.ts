/**
 * The feedback link pages (`/link...`) for visitors who are not members (guests and anonymous reviewers):
 * mf-review's standalone page instead of the shell, so a client opening a link downloads the review screen
 * only, nothing of the dashboard, billing or the shell. Members get the shell (their notifications and
 * account menu come with it), which loads the same screen as a remote.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { injectBootstrap, type PageBootstrap } from './bootstrap'

/** Where the standalone build is served (its folder is `mf-review/dist/app`). */
export const REVIEW_APP_PATH = '/mf/review/app/'

export function isReviewPath(pathname: string): boolean {
  return pathname === '/link' || pathname.startsWith('/link/')
}

/**
 * The standalone review page with the visitor's bootstrap data, or null when it has not been built. Its
 * relative asset addresses (`assets/main.js`) are made absolute, since the page is served at /link/....
 */
export async function reviewEntryPage(
  rootDir: string,
  bootstrap: PageBootstrap,
  headers: Headers,
): Promise<Response | null> {
  const path = join(rootDir, 'mf-review', 'dist', 'app', 'index.html')
  if (!existsSync(path)) return null
  const html = (await Bun.file(path).text()).replace(
    /(\s(?:src|href)=["'])(?!\/|[a-z]+:|#)/g,
    `$1${REVIEW_APP_PATH}`,
  )
  headers.set('content-type', 'text/html; charset=utf-8')
  headers.set('x-content-type-options', 'nosniff')
  return new Response(injectBootstrap(html, bootstrap), { headers })
}
