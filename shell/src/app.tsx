import { authAtom, isLoggedInAtom, type PageAccess } from '@pinpoint/state'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { Guard, SplashScreen } from './guard'
import { AppLayout } from './layout/app-layout'
import { AuthLayout } from './layout/auth-layout'
import { RootLayout } from './layout/root-layout'
import { LazyPage, lazyNamed } from './lazy-page'
import { BillingPage, DashboardPage, ReviewPage } from './pages/remote-pages'

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
const SsoPage = lazyNamed(
  () => import('./pages/auth/sso'),
  (m) => m.SsoPage,
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
const TeamSettingsPage = lazyNamed(
  () => import('./pages/settings/team'),
  (m) => m.TeamSettingsPage,
)
const NotFoundPage = lazyNamed(
  () => import('./pages/not-found'),
  (m) => m.NotFoundPage,
)

/** `/`: members go to their dashboard, everyone else to log in. */
function Home() {
  const { loaded } = useAtomValue(authAtom)
  const loggedIn = useAtomValue(isLoggedInAtom)
  if (!loaded) return <SplashScreen />
  return <Navigate to={loggedIn ? '/dashboard' : '/login'} replace />
}

/**
 * Routes and their page-guard flags (SPEC section 2): the server answers the same flags with a
 * 307 at page load (server/src/pages), the Guard redirects in-app navigation. Declarative routes
 * (no data router): the shell needs no loaders, and the data router is ~20 KB gzip more.
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Home />} />
          <Route element={<AuthLayout />}>
            <Route path="login" element={guarded('logged-out-only', <LazyPage page={LoginPage} />)} />
            <Route path="signup" element={guarded('logged-out-only', <LazyPage page={SignupPage} />)} />
            <Route path="sso" element={guarded('logged-out-only', <LazyPage page={SsoPage} />)} />
            <Route
              path="forgot-password"
              element={guarded('logged-out-only', <LazyPage page={ForgotPasswordPage} />)}
            />
            <Route path="reset-password" element={guarded('public', <LazyPage page={ResetPasswordPage} />)} />
            <Route path="login-link" element={guarded('public', <LazyPage page={LoginLinkPage} />)} />
            <Route path="guest" element={guarded('public', <LazyPage page={GuestLoginPage} />)} />
            <Route path="invite" element={guarded('public', <LazyPage page={InvitePage} />)} />
            <Route path="invites" element={guarded('public', <LazyPage page={InvitePage} />)} />
          </Route>
          <Route element={guarded('login-required', <AppLayout />)}>
            <Route path="dashboard/*" element={<DashboardPage />} />
            <Route path="billing/*" element={<BillingPage />} />
            <Route path="settings" element={<LazyPage page={SettingsLayout} />}>
              <Route index element={<LazyPage page={ProfilePage} />} />
              <Route path="notifications" element={<LazyPage page={NotificationSettingsPage} />} />
              <Route path="security" element={<LazyPage page={SecuritySettingsPage} />} />
              <Route path="team" element={<LazyPage page={TeamSettingsPage} />} />
            </Route>
          </Route>
          <Route path="link/*" element={guarded('public', <ReviewPage />)} />
          <Route path="*" element={<LazyPage page={NotFoundPage} />} />
        </Route>
      </Routes>
    </BrowserRouter>
  )
}

function guarded(access: PageAccess, page: ReactNode) {
  return <Guard access={access}>{page}</Guard>
}
