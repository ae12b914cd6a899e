import { Link } from 'react-router'

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">This page does not exist</h1>
      <p className="text-ink-muted">The link may be old, or the page may have moved.</p>
      <Link to="/" className="mt-2 text-sm font-medium text-brand-700 underline underline-offset-4">
        Back to Pinpoint
      </Link>
    </div>
  )
}
