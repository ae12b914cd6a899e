import { ApiError, type Canvas, type Folder } from '@pinpoint/api'
import { Button, Card, EmptyState, ErrorState, Field, Input, Logo, Spinner } from '@pinpoint/ui'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ArrowRight, Lock } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'react-router'
import { endpoints } from '../../api'
import { errorMessage } from '../../lib/errors'
import { canvasKindLabel, feedbackLinkPath } from './project-links'

type Shared = { folder: Folder; canvases: Canvas[] }

/**
 * A project shared by link (`/projects/{shareableId}`, SPEC 7 GET /folders?shareableId=): its name,
 * description and the canvases open by link, each leading to its feedback link. Public: a client opens it
 * without an account. A password set on the project is asked for first and checked by the server; it is
 * kept in this page's memory only. Feedback links are full page loads, so a visitor gets the review screen
 * alone and never the dashboard.
 */
export function ProjectPage() {
  const { shareableId = '' } = useParams()
  const [unlocked, setUnlocked] = useState<Shared | null>(null)
  const first = useQuery({
    queryKey: ['shared-project', shareableId],
    queryFn: () => endpoints.folders.shared(shareableId),
    retry: false,
  })
  const needsPassword = first.error instanceof ApiError && first.error.error === 'PasswordRequired'
  const shared = unlocked ?? first.data ?? null
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="border-b border-line bg-surface px-4 py-3 sm:px-6">
        <Link to="/" className="inline-flex w-fit rounded-control">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {shared ? (
          <ProjectContents shared={shared} />
        ) : needsPassword ? (
          <PasswordForm shareableId={shareableId} onUnlocked={setUnlocked} />
        ) : first.isPending ? (
          <div className="grid place-items-center py-16">
            <Spinner label="Loading the project…" />
          </div>
        ) : (
          <ErrorState
            title="This project is not available"
            message={
              first.error instanceof ApiError && first.error.status === 404
                ? 'The link may be mistyped, or the project is no longer shared. Ask the person who sent it.'
                : errorMessage(first.error)
            }
          />
        )}
      </main>
    </div>
  )
}

function PasswordForm({
  shareableId,
  onUnlocked,
}: {
  shareableId: string
  onUnlocked: (shared: Shared) => void
}) {
  const [password, setPassword] = useState('')
  const unlock = useMutation({
    mutationFn: () => endpoints.folders.shared(shareableId, password),
    onSuccess: onUnlocked,
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (password) unlock.mutate()
  }
  return (
    <Card className="mx-auto max-w-md p-6">
      <div className="mb-4 flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">This project is protected</h1>
      </div>
      <p className="mb-4 text-sm text-ink-muted">Enter the password you were given to see its canvases.</p>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field
          label="Password"
          error={
            unlock.isError ? errorMessage(unlock.error, 'The password could not be checked.') : undefined
          }
        >
          <Input
            type="password"
            autoComplete="off"
            autoFocus
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" loading={unlock.isPending} disabled={!password}>
          Open project
        </Button>
      </form>
    </Card>
  )
}

function ProjectContents({ shared: { folder, canvases } }: { shared: Shared }) {
  return (
    <>
      <p className="text-sm font-medium text-ink-muted">Shared project</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance">{folder.name}</h1>
      {folder.description ? (
        <p className="mt-3 whitespace-pre-line text-ink-muted">{folder.description}</p>
      ) : null}
      <h2 className="mt-8 mb-3 text-base font-semibold">
        {canvases.length === 1 ? '1 canvas' : `${canvases.length} canvases`}
      </h2>
      {canvases.length === 0 ? (
        <EmptyState
          title="No canvases to review yet"
          description="Canvases appear here once they are shared with anyone who has the link."
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {canvases.map((canvas) => (
            <li key={canvas.id}>
              <a
                href={feedbackLinkPath(canvas.subdomain)}
                className="flex items-center gap-3 rounded-card border border-line bg-surface px-4 py-3 hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{canvas.title || 'Untitled canvas'}</span>
                  <span className="block text-sm text-ink-muted">{canvasKindLabel(canvas.type)}</span>
                </span>
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  Give feedback
                  <ArrowRight className="size-4" aria-hidden="true" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
