import { authAtom, isLoggedInAtom } from '@pinpoint/state'
import { useAtomValue } from 'jotai'
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router'
import { Guard, SplashScreen } from './guard'
import { AppLayout } from './layout/app-layout'
import { AuthLayout } from './layout/auth-layout'
import { RootLayout } from './layout/root-layout'
import { GuestLoginPage } from './pages/auth/guest'
import { InvitePage } from './pages/auth/invite'
import { LoginPage } from './pages/auth/login'
import { ForgotPasswordPage, ResetPasswordPage } from './pages/auth/password-reset'
import { SignupPage } from './pages/auth/signup'
import { SsoPage } from './pages/auth/sso'
import { NotFoundPage } from './pages/not-found'
import { BillingPage, DashboardPage, ReviewPage } from './pages/remote-pages'
import { NotificationSettingsPage, ProfilePage, SecuritySettingsPage } from './pages/settings/profile'
import { SettingsLayout } from './pages/settings/settings-layout'
import { TeamSettingsPage } from './pages/settings/team'

/** `/`: members go to their dashboard, everyone else to log in. */
function Home() {
  const { loaded } = useAtomValue(authAtom)
  const loggedIn = useAtomValue(isLoggedInAtom)
  if (!loaded) return <SplashScreen />
  return <Navigate to={loggedIn ? '/dashboard' : '/login'} replace />
}

/**
 * Routes and their page-guard flags (SPEC section 2): the server answers the same flags with a
 * 307 at page load (server/src/pages), the Guard redirects in-app navigation.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Home /> },
      {
        element: <AuthLayout />,
        children: [
          {
            path: 'login',
            element: (
              <Guard access="logged-out-only">
                <LoginPage />
              </Guard>
            ),
          },
          {
            path: 'signup',
            element: (
              <Guard access="logged-out-only">
                <SignupPage />
              </Guard>
            ),
          },
          {
            path: 'sso',
            element: (
              <Guard access="logged-out-only">
                <SsoPage />
              </Guard>
            ),
          },
          {
            path: 'forgot-password',
            element: (
              <Guard access="logged-out-only">
                <ForgotPasswordPage />
              </Guard>
            ),
          },
          {
            path: 'reset-password',
            element: (
              <Guard access="public">
                <ResetPasswordPage />
              </Guard>
            ),
          },
          {
            path: 'guest',
            element: (
              <Guard access="public">
                <GuestLoginPage />
              </Guard>
            ),
          },
          {
            path: 'invite',
            element: (
              <Guard access="public">
                <InvitePage />
              </Guard>
            ),
          },
          {
            path: 'invites',
            element: (
              <Guard access="public">
                <InvitePage />
              </Guard>
            ),
          },
        ],
      },
      {
        element: (
          <Guard access="login-required">
            <AppLayout />
          </Guard>
        ),
        children: [
          { path: 'dashboard/*', element: <DashboardPage /> },
          { path: 'billing/*', element: <BillingPage /> },
          {
            path: 'settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: <ProfilePage /> },
              { path: 'notifications', element: <NotificationSettingsPage /> },
              { path: 'security', element: <SecuritySettingsPage /> },
              { path: 'team', element: <TeamSettingsPage /> },
            ],
          },
        ],
      },
      {
        path: 'link/*',
        element: (
          <Guard access="public">
            <ReviewPage />
          </Guard>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])

export function App() {
  return <RouterProvider router={router} />
}
