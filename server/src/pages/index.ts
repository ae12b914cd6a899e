/**
 * Pages: the shell (index.html at `/` and as the SPA fallback, its assets under `/assets/`),
 * each remote's build under `/mf/<name>/`, and `/remotes.json`, through which the shell finds
 * the remotes at run time (so a remote can be redeployed, or moved to a CDN, without a shell
 * rebuild). A front end that has not been built answers a JSON 503 saying so.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { injectBootstrap } from './bootstrap'
import { guardRedirect } from './guard'
import { type ReleaseFiles, serveRelease } from './release-files'
import { isReviewPath, reviewEntryPage } from './review-entry'
import type { PageSession, PageSessionResolver } from './session'
import { jsonError, notFound, REVALIDATE, safeJoin, serveFile } from './static-files'

/** Where each remote's mf-manifest.json lives when the builds are served by this server (defined with the config). */
export { defaultRemotes } from '../config'

/** Remote name -> its folder in the repository; each is served from `<folder>/dist`. */
const REMOTE_FOLDERS: Record<string, string> = {
  dashboard: 'mf-dashboard',
  review: 'mf-review',
  billing: 'mf-billing',
}

// Paths that name a file: answer 404 rather than the shell page when they are missing.
const FILE_LIKE = /\.(?:js|mjs|css|map|json|ico|png|svg|jpe?g|gif|webp|txt|xml|woff2?)$/i

export type PagesOptions = {
  /** Repository root: holds shell/dist and mf-<name>/dist. */
  rootDir: string
  /** Served as /remotes.json: remote name -> URL of its mf-manifest.json. */
  remotes: Record<string, string>
  /**
   * Reads the visitor's cookies for the page guard (SPEC section 2). When given, guarded pages answer 307
   * and the shell page embeds the current user; without it the shell is served as a static file.
   */
  session?: PageSessionResolver
  /**
   * The release registry (decision 051): remotes.json generated from it on every request (so a switch is
   * seen by the next page load), and the released files under /releases/<slice>/<version>/. Without it
   * remotes.json is the `remotes` option.
   */
  releases?: ReleaseFiles
}

const notBuilt = () =>
  jsonError({
    message: 'Front end not built: run npm start',
    error: 'FrontendNotBuilt',
    status: 503,
    meta: {},
  })

/** Expires auth cookies that no longer match a live session, so the browser stops sending them. */
function expireCookies(headers: Headers, names: string[]) {
  for (const name of names) headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; SameSite=Lax`)
}

/**
 * The app's pages may be framed by the app only. A reviewed site runs its scripts on the proxy origin,
 * inside the review screen: it must not be able to frame the dashboard or settings and steer a signed-in
 * reviewer's clicks there (clickjacking). The proxy origin is the one that lets frames in (see
 * proxy/site.ts), never the app.
 */
function framedByAppOnly(response: Response): Response {
  if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
    response.headers.set('content-security-policy', "frame-ancestors 'self'")
    response.headers.set('x-frame-options', 'SAMEORIGIN')
  }
  return response
}

export function pagesModule({ rootDir, remotes, session, releases }: PagesOptions) {
  const shellDist = join(rootDir, 'shell', 'dist')
  const remotesJson = JSON.stringify(remotes)

  async function serveFromDist(dist: string, relative: string, request: Request): Promise<Response> {
    if (!existsSync(dist)) return notBuilt()
    const path = safeJoin(dist, relative)
    if (!path) return notFound()
    const file = await serveFile(path, request)
    return file ? framedByAppOnly(file) : notFound()
  }

  async function serveGuardedShell(request: Request, visitor: PageSession): Promise<Response> {
    const headers = new Headers({ 'cache-control': 'private, no-cache', vary: 'Cookie' })
    expireCookies(headers, visitor.staleCookies)
    for (const value of visitor.setCookies ?? []) headers.append('set-cookie', value)
    const location = guardRedirect(new URL(request.url), visitor.loggedIn)
    if (location) {
      headers.set('location', location)
      return new Response(null, { status: 307, headers })
    }
    if (!visitor.loggedIn && isReviewPath(new URL(request.url).pathname)) {
      const review = await reviewEntryPage(rootDir, visitor.bootstrap, headers)
      if (review) return review
    }
    const file = Bun.file(join(shellDist, 'index.html'))
    if (!existsSync(shellDist) || !(await file.exists())) return notBuilt()
    headers.set('content-type', 'text/html; charset=utf-8')
    headers.set('x-content-type-options', 'nosniff')
    return new Response(injectBootstrap(await file.text(), visitor.bootstrap), { headers })
  }

  async function serveShellPage(request: Request): Promise<Response> {
    if (session) return framedByAppOnly(await serveGuardedShell(request, await session(request)))
    if (!existsSync(shellDist)) return notBuilt()
    const file = await serveFile(join(shellDist, 'index.html'), request, REVALIDATE)
    return file ? framedByAppOnly(file) : notBuilt()
  }

  return (
    // The seed keeps two apps with different options in one process from being deduplicated.
    new Elysia({ name: 'pages', seed: { rootDir, remotesJson, guarded: !!session } })
      .get(
        '/remotes.json',
        async () =>
          new Response(releases ? JSON.stringify(await releases.remotes()) : remotesJson, {
            headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': REVALIDATE },
          }),
      )
      .get('/releases/:slice/:version/*', ({ params, request }) =>
        releases ? serveRelease(releases, params.slice, params.version, params['*'], request) : notFound(),
      )
      .get('/mf/:remote/*', ({ params, request }) => {
        const folder = REMOTE_FOLDERS[params.remote]
        if (!folder) return notFound()
        return serveFromDist(join(rootDir, folder, 'dist'), params['*'], request)
      })
      .get('/assets/*', ({ params, request }) => serveFromDist(shellDist, `assets/${params['*']}`, request))
      .get('/', ({ request }) => serveShellPage(request))
      .get('/*', ({ request }) => {
        const { pathname } = new URL(request.url)
        if (
          pathname === '/api' ||
          pathname.startsWith('/api/') ||
          pathname === '/mf' ||
          pathname.startsWith('/mf/') ||
          pathname.startsWith('/releases/')
        ) {
          return notFound()
        }
        if (FILE_LIKE.test(pathname)) return notFound()
        return serveShellPage(request)
      })
  )
}
