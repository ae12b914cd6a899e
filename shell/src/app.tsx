import { createBrowserRouter, RouterProvider } from 'react-router'
import { AppLayout } from './layout/app-layout'
import { HomePage } from './pages/home'
import { NotFoundPage } from './pages/not-found'

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])

export function App() {
  return <RouterProvider router={router} />
}
