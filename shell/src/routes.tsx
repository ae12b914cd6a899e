import type { PagePath } from '@pinpoint/domain'
import { authAtom, isLoggedInAtom } from '@pinpoint/state'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { Navigate, Route, useLocation } from 'react-router'
import { SplashScreen } from './guard'
import { LazyPage, lazyNamed } from './lazy-page'
import {
  BillingLayout,
  BillingOverviewPage,
  DashboardPage,
  InvoicePage,
  PlanSelectionPage,
  ReviewPage,
} from './pages/remote-pages'

// Loaded on first visit of their route: a signed-in member opening the dashboard downloads none.
const LoginPage = lazyNamed(
  () => import('./pages/auth/login'),
  (m) => m.LoginPage,
)
const LoginLinkPage = lazyNamed(
  () => import('./pages/auth/login-link'),
  (m) => m.LoginLinkPage,
)
const SignupPage = lazyNamed(
  () => import('./pages/auth/signup'),
  (m) => m.SignupPage,
)
const ForgotPasswordPage = lazyNamed(
  () => import('./pages/auth/password-reset'),
  (m) => m.ForgotPasswordPage,
)
const ResetPasswordPage = lazyNamed(
  () => import('./pages/auth/password-reset'),
  (m) => m.ResetPasswordPage,
)
const GuestLoginPage = lazyNamed(
  () => import('./pages/auth/guest'),
  (m) => m.GuestLoginPage,
)
const InvitePage = lazyNamed(
  () => import('./pages/auth/invite'),
  (m) => m.InvitePage,
)
const SettingsLayout = lazyNamed(
  () => import('./pages/settings/settings-layout'),
  (m) => m.SettingsLayout,
)
const ProfilePage = lazyNamed(
  () => import('./pages/settings/profile'),
  (m) => m.ProfilePage,
)
const NotificationSettingsPage = lazyNamed(
  () => import('./pages/settings/profile'),
  (m) => m.NotificationSettingsPage,
)
const SecuritySettingsPage = lazyNamed(
  () => import('./pages/settings/profile'),
  (m) => m.SecuritySettingsPage,
)
const LabelSettingsPage = lazyNamed(
  () => import('./pages/settings/labels'),
  (m) => m.LabelSettingsPage,
)
const IntegrationSettingsPage = lazyNamed(
  () => import('./pages/settings/integrations'),
  (m) => m.IntegrationSettingsPage,
)
const TeamSettingsPage = lazyNamed(
  () => import('./pages/settings/team'),
  (m) => m.TeamSettingsPage,
)
export const NotFoundPage = lazyNamed(
  () => import('./pages/not-found'),
  (m) => m.NotFoundPage,
)

const StaffPage = lazyNamed(
  () => import('./pages/staff/staff-page'),
  (m) => m.StaffPage,
)

const ReleasesPage = lazyNamed(
  () => import('./pages/staff/releases-page'),
  (m) => m.ReleasesPage,
)

const ProjectPage = lazyNamed(
  () => import('./pages/projects/project-page'),
  (m) => m.ProjectPage,
)

/** `/`: members go to their dashboard, everyone else to log in. */
function Home() {
  const { loaded } = useAtomValue(authAtom)
  const loggedIn = useAtomValue(isLoggedInAtom)
  if (!loaded) return <SplashScreen />
  return <Navigate to={loggedIn ? '/dashboard' : '/login'} replace />
}

/** An older address kept working: sent on to its page, with its query string. */
function Forward({ to }: { to: string }) {
  const { search } = useLocation()
  return <Navigate to={`${to}${search}`} replace />
}

/** Which frame a page sits in: the sign-in pages' (auth), the signed-in app's (app), or none (bare). */
export type PageLayout = 'auth' | 'app' | 'bare'

export interface PageElement {
  layout: PageLayout
  element: ReactNode
  /** Child routes (the settings tabs); the page then renders an <Outlet />. */
  children?: ReactNode
}

/**
 * The page of every route of the table (PAGE_ROUTES in @pinpoint/domain): its type makes a route without
 * a page, or a page without a route, a type error. App builds the router from it; the guard flags come
 * from the table, never from here.
 */
export const PAGE_ELEMENTS = {
  '/': { layout: 'bare', element: <Home /> },
  '/login': { layout: 'auth', element: <LazyPage page={LoginPage} /> },
  '/signup': { layout: 'auth', element: <LazyPage page={SignupPage} /> },
  // Single sign-on is not offered until its OIDC flow exists (decision 037): the old address logs in.
  '/sso': { layout: 'auth', element: <Forward to="/login" /> },
  '/forgot-password': { layout: 'auth', element: <LazyPage page={ForgotPasswordPage} /> },
  '/reset-password': { layout: 'auth', element: <LazyPage page={ResetPasswordPage} /> },
  '/login-link': { layout: 'auth', element: <LazyPage page={LoginLinkPage} /> },
  '/guest': { layout: 'auth', element: <LazyPage page={GuestLoginPage} /> },
  '/invite': { layout: 'auth', element: <LazyPage page={InvitePage} /> },
  '/invites': { layout: 'auth', element: <LazyPage page={InvitePage} /> },
  '/dashboard': { layout: 'app', element: <DashboardPage /> },
  '/billing': {
    layout: 'app',
    element: <BillingLayout />,
    children: (
      <>
        <Route index element={<BillingOverviewPage />} />
        <Route path="plans" element={<PlanSelectionPage />} />
        <Route path="*" element={<Navigate to="/billing" replace />} />
      </>
    ),
  },
  '/billing/invoices/:invoiceId': { layout: 'app', element: <InvoicePage /> },
  '/settings': {
    layout: 'app',
    element: <LazyPage page={SettingsLayout} />,
    children: (
      <>
        <Route index element={<LazyPage page={ProfilePage} />} />
        <Route path="notifications" element={<LazyPage page={NotificationSettingsPage} />} />
        <Route path="security" element={<LazyPage page={SecuritySettingsPage} />} />
        <Route path="team" element={<LazyPage page={TeamSettingsPage} />} />
        <Route path="labels" element={<LazyPage page={LabelSettingsPage} />} />
        <Route path="integrations" element={<LazyPage page={IntegrationSettingsPage} />} />
        <Route path="*" element={<Navigate to="/settings" replace />} />
      </>
    ),
  },
  '/profile': { layout: 'app', element: <Forward to="/settings" /> },
  '/team': { layout: 'app', element: <Forward to="/settings/team" /> },
  '/plans': { layout: 'app', element: <Forward to="/billing" /> },
  '/link': { layout: 'bare', element: <ReviewPage /> },
  // A shared project: the shell's own page, so a client opening it never loads the dashboard remote.
  '/projects/:shareableId': { layout: 'bare', element: <LazyPage page={ProjectPage} /> },
  '/staff/releases': { layout: 'app', element: <LazyPage page={ReleasesPage} /> },
  '/staff': { layout: 'app', element: <LazyPage page={StaffPage} /> },
} satisfies Record<PagePath, PageElement>
