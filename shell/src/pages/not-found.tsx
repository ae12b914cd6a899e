import { buttonClasses, Logo } from '@pinpoint/ui'
import { Link } from 'react-router'

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col px-5 py-6">
      <Link to="/" className="w-fit rounded-control">
        <Logo />
      </Link>
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 text-center">
        <p className="font-mono text-sm font-semibold text-brand-600">404</p>
        <h1 className="text-3xl font-semibold tracking-tight">This page does not exist</h1>
        <p className="text-ink-muted">The link may be old, or the page may have moved.</p>
        <Link to="/" className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}>
          Back to Pinpoint
        </Link>
      </div>
    </div>
  )
}
