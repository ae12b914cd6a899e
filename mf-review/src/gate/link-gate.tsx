/**
 * Opening a feedback link: the canvas behind the subdomain, or the reason it cannot be shown (no such
 * link, a password to give, a failure to retry). While it loads, the outline of the review screen shows,
 * so the page does not jump when the canvas arrives.
 */
import { ApiError } from '@pinpoint/api'
import type { DomainUser } from '@pinpoint/domain'
import { EmptyState, ErrorState, Skeleton } from '@pinpoint/ui'
import { Link2Off } from 'lucide-react'
import { useState } from 'react'
import { SignedInAs } from '../chrome/reviewer'
import { useCanvasLink, useProxyBase } from '../data/queries'
import type { ReviewRoute } from '../lib/route'
import { Workspace } from '../workspace'
import { PasswordPrompt } from './password-prompt'

export function LinkGate({
  route,
  user,
  userName,
}: {
  route: ReviewRoute
  user: DomainUser | null
  userName: string | null
}) {
  const [password, setPassword] = useState('')
  const link = useCanvasLink(route.subdomain, password)
  // Only once the canvas is known to be a website: asked for in parallel, every PDF, image, video and
  // e-mail link logged a 404 in the console and the server log (issue 19 item 14).
  useProxyBase(
    route.subdomain,
    link.data?.canvas.type === 'website',
    null,
    link.data?.canvas.localUrl ?? null,
  )
  if (!route.subdomain) {
    return (
      <div className="m-auto">
        <EmptyState
          icon={<Link2Off />}
          title="Open a feedback link"
          description="This page shows a canvas shared through its link. Ask the person who shared it for the full address."
        />
        <SignedInAs name={userName} />
      </div>
    )
  }
  const error = link.error instanceof ApiError ? link.error : null
  if (error && (error.error === 'PasswordRequired' || error.error === 'WrongPassword')) {
    return (
      <PasswordPrompt
        wrong={error.error === 'WrongPassword'}
        checking={link.isFetching}
        onSubmit={(value) => setPassword(value)}
      />
    )
  }
  if (error?.status === 404) {
    return (
      <div className="m-auto">
        <EmptyState
          icon={<Link2Off />}
          title="This link does not lead anywhere"
          description="The canvas may have been deleted, or it is not shared with you. Check the address, or sign in with the account it was shared with."
        />
        <SignedInAs name={userName} />
      </div>
    )
  }
  if (link.error) {
    return (
      <ErrorState
        className="m-auto w-[min(32rem,calc(100%-2rem))]"
        title="The canvas could not be loaded"
        message="Check your connection and try again."
        details={link.error.message}
        onRetry={() => void link.refetch()}
      />
    )
  }
  if (!link.data) return <ReviewSkeleton />
  return (
    <Workspace
      key={link.data.canvas.id}
      canvas={link.data.canvas}
      route={route}
      user={user}
      userName={userName}
    />
  )
}

export function ReviewSkeleton() {
  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      role="status"
      aria-busy="true"
      aria-label="Loading the canvas"
    >
      <div className="flex h-14 items-center gap-3 border-b border-line bg-surface px-4">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="ml-auto h-8 w-48" />
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="flex-1 p-6">
          <Skeleton className="mx-auto h-full max-w-4xl rounded-card" />
        </div>
        <div className="hidden w-[22rem] space-y-3 border-l border-line bg-surface p-4 md:block">
          <Skeleton className="h-9 w-full" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      </div>
    </div>
  )
}
