/**
 * Every page of the app and how its guard treats visitors (SPEC 2, "Page guard"). One table for both
 * sides: the server answers it with a 307 at page load (server/src/pages/guard.ts), the shell builds its
 * router from it (shell/src/routes.tsx) and redirects in-app moves with the same flags. A page missing here
 * is a page the shell answers with its 404, so the two can no longer disagree about a route.
 */

/** How a page treats visitors. Guests count as not logged in. */
export type PageAccess = 'public' | 'login-required' | 'logged-out-only'

export interface PageRoute {
  /** The path as the router writes it, from the root: `/login`, `/projects/:shareableId`. */
  path: string
  access: PageAccess
  /** The paths under it are the same page (the dashboard's folders, the settings tabs, /link/...). */
  nested?: boolean
  /** A login-required page for someone who has no account yet: logged-out visitors go to /signup. */
  sendToSignup?: boolean
}

/**
 * The table. Routes the SPEC leaves unnamed are ours: settings, team and billing need a login; /profile,
 * /team and /plans are older addresses the shell forwards to settings and billing (choosing a plan is
 * flagged to send visitors to sign-up, since someone picking a plan has no account yet). The feedback
 * link (/link/...) and a shared project (/projects/{shareableId}) are open to everyone. The settings tabs
 * (/settings/notifications, /security, /team, /labels) are pages under the nested /settings entry: one
 * guard for all of them (scripts/page-guards.test.ts checks each tab resolves to it).
 */
export const PAGE_ROUTES = [
  { path: '/', access: 'public' },
  { path: '/login', access: 'logged-out-only' },
  { path: '/signup', access: 'logged-out-only' },
  { path: '/sso', access: 'logged-out-only' },
  { path: '/forgot-password', access: 'logged-out-only' },
  { path: '/reset-password', access: 'public' },
  { path: '/login-link', access: 'public' },
  { path: '/guest', access: 'public' },
  { path: '/invite', access: 'public' },
  { path: '/invites', access: 'public' },
  { path: '/dashboard', access: 'login-required', nested: true },
  // Before /billing, which would otherwise claim it: one invoice, a page of its own (printable).
  { path: '/billing/invoices/:invoiceId', access: 'login-required' },
  { path: '/billing', access: 'login-required', nested: true },
  { path: '/settings', access: 'login-required', nested: true },
  { path: '/profile', access: 'login-required' },
  { path: '/team', access: 'login-required', nested: true },
  { path: '/plans', access: 'login-required', nested: true, sendToSignup: true },
  { path: '/link', access: 'public', nested: true },
  { path: '/projects/:shareableId', access: 'public' },
  // Staff tools (decision 043): a login; the page itself tells anyone who is not staff that it is not theirs.
  { path: '/staff', access: 'login-required' },
  // The front-end release registry (decision 051), staff only like the page above.
  { path: '/staff/releases', access: 'login-required' },
] as const satisfies readonly PageRoute[]

/** One of the table's paths: the shell must give each a page (checked by the type of its route map). */
export type PagePath = (typeof PAGE_ROUTES)[number]['path']

function segments(path: string): string[] {
  return path.split('/').filter(Boolean)
}

/** Whether `pathname` is this route's page: `:name` stands for one segment; a trailing slash is allowed. */
export function routeMatches(route: PageRoute, pathname: string): boolean {
  const want = segments(route.path)
  const got = segments(pathname)
  if (got.length < want.length || (got.length > want.length && !route.nested)) return false
  return want.every((part, index) => (part.startsWith(':') ? !!got[index] : part === got[index]))
}

/** The table's route for a path, or null for a page the app does not have (the shell's 404). */
export function pageRouteFor(pathname: string): PageRoute | null {
  return (PAGE_ROUTES as readonly PageRoute[]).find((route) => routeMatches(route, pathname)) ?? null
}

/** The route path as react-router writes it under the root route: `login`, `dashboard/*`. */
export function routerPath(route: PageRoute): string {
  const relative = route.path.slice(1)
  return route.nested ? `${relative}/*` : relative
}
