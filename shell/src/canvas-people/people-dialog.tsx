import { isIndividualPlan } from '@pinpoint/domain'
import { type CanvasPeopleRequest, currentUserAtom } from '@pinpoint/state'
import { Button, Dialog, ErrorState, Skeleton } from '@pinpoint/ui'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { errorMessage } from '../lib/errors'
import { canvasKey, people } from './api'
import { TransferOwnership } from './ownership'
import { AddPersonForm, PeopleList } from './people-list'
import { PremiumSetting } from './premium'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      {children}
    </section>
  )
}

/**
 * The People dialog of a canvas (SPEC 7 canvas users, SPEC 4 ownership and premium): who can open it and
 * with which role, adding and removing people, handing the canvas to a teammate, and on solo plans whether
 * it is premium. Only someone who may change the canvas gets the controls; the server checks each call.
 */
export function CanvasPeopleDialog({
  request,
  onClose,
}: {
  request: CanvasPeopleRequest
  onClose: () => void
}) {
  const user = useAtomValue(currentUserAtom)
  const canvas = useQuery({
    queryKey: canvasKey(request.canvasId),
    queryFn: ({ signal }) => people.canvas(request.canvasId, { signal }),
    select: (data) => data.canvas,
  })
  const editable = canvas.data?.editable === true
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      size="lg"
      title={`People of “${canvas.data?.title ?? request.title}”`}
      description="Who can open this canvas, and what they can do there."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {canvas.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading the canvas">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : canvas.isError ? (
        <ErrorState
          title="The canvas could not be loaded"
          message={errorMessage(canvas.error)}
          onRetry={() => void canvas.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6" data-testid="canvas-people-dialog">
          {editable ? (
            <AddPersonForm canvasId={canvas.data.id} />
          ) : (
            <p className="text-sm text-ink-muted">
              Only the canvas owner or a team admin can change who has access.
            </p>
          )}
          <Section title="People with access">
            <PeopleList canvasId={canvas.data.id} selfId={user?.id ?? null} editable={editable} />
          </Section>
          {editable ? (
            <Section title="Owner">
              <TransferOwnership canvas={canvas.data} onTransferred={() => void canvas.refetch()} />
            </Section>
          ) : null}
          {editable && isIndividualPlan(canvas.data.Customer?.planId) ? (
            <Section title="Premium">
              <PremiumSetting canvas={canvas.data} />
            </Section>
          ) : null}
        </div>
      )}
    </Dialog>
  )
}
