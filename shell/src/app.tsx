import { PAGE_ROUTES, type PageRoute, pageRouteFor, routerPath } from '@pinpoint/domain'
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router'
import { Guard } from './guard'
import { AppLayout } from './layout/app-layout'
import { AuthLayout } from './layout/auth-layout'
import { RootLayout } from './layout/root-layout'
import { LazyPage } from './lazy-page'
import { NotFoundPage, PAGE_ELEMENTS, type PageLayout } from './routes'

/**
 * The client side of the page guard: the flags of the table's route for the current path, applied before
 * the frame renders (a logged-out visitor never mounts the signed-in app's layout). The server answers the
 * same table with a 307 at page load; this redirects in-app moves.
 */
function TableGuard({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation()
  const route = pageRouteFor(pathname)
  if (!route) return children
  return (
    <Guard access={route.access} sendToSignup={route.sendToSignup}>
      {children}
    </Guard>
  )
}

function routesIn(layout: PageLayout) {
  return (PAGE_ROUTES as readonly PageRoute[])
    .filter((route) => PAGE_ELEMENTS[route.path as keyof typeof PAGE_ELEMENTS].layout === layout)
    .map((route) => {
      const page: { element: React.ReactNode; children?: React.ReactNode } =
        PAGE_ELEMENTS[route.path as keyof typeof PAGE_ELEMENTS]
      if (route.path === '/') return <Route key={route.path} index element={page.element} />
      // A page with child routes owns the paths under it through them, not through a splat.
      const path = page.children ? route.path.slice(1) : routerPath(route)
      return (
        <Route key={route.path} path={path} element={page.element}>
          {page.children}
        </Route>
      )
    })
}

/**
 * The router, built from the page table (SPEC section 2). Declarative routes (no data router): the shell
 * needs no loaders, and the data router is ~20 KB gzip more.
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route
            element={
              <TableGuard>
                <Outlet />
              </TableGuard>
            }
          >
            {routesIn('bare')}
            <Route element={<AuthLayout />}>{routesIn('auth')}</Route>
            <Route element={<AppLayout />}>{routesIn('app')}</Route>
          </Route>
          <Route path="*" element={<LazyPage page={NotFoundPage} />} />
        </Route>
      </Routes>
    </BrowserRouter>
  )
}
