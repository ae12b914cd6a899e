import type { Canvas, PremiumLimitMeta } from '@pinpoint/api'
import { premiumCanvasLimit } from '@pinpoint/domain'
import { Button, Switch } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../lib/errors'
import { useToast } from '../lib/use-toast'
import { people, refreshAfterChange } from './api'
import { premiumLimitOf } from './premium-limit'

/**
 * Premium canvases of solo plans (SPEC 4 and 6): one stays open for feedback after its expiry date. At the
 * plan's limit, upgrading asks which premium canvas to downgrade in its place (the "replaced canvas").
 */
export function PremiumSetting({ canvas }: { canvas: Canvas }) {
  const limit = premiumCanvasLimit(canvas.Customer?.planId) ?? 0
  const [limitReached, setLimitReached] = useState<PremiumLimitMeta | null>(null)
  const [replace, setReplace] = useState('')
  const toast = useToast()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: ({ on, replaced }: { on: boolean; replaced?: string }) =>
      people.setPremium(canvas.id, on, replaced),
    onSuccess: async ({ canvas: updated }, { replaced }) => {
      const was = limitReached?.premiumCanvases.find((c) => c.id === replaced)?.title
      toast({
        type: 'success',
        message: updated.isPremium
          ? `“${updated.title}” is premium${was ? `; “${was}” is not any more` : ''}`
          : `“${updated.title}” is no longer premium`,
      })
      setLimitReached(null)
      setReplace('')
      await refreshAfterChange(queryClient, canvas.id)
    },
    onError: (failure) => {
      const reached = premiumLimitOf(failure)
      if (reached) setLimitReached(reached)
      else toast({ type: 'error', message: errorMessage(failure) })
    },
  })
  return (
    <div className="flex flex-col gap-3">
      <Switch
        checked={canvas.isPremium === true}
        disabled={change.isPending || !!limitReached}
        onCheckedChange={(on) => change.mutate({ on })}
        label="Premium canvas"
        description={`A premium canvas stays open for feedback after its expiry date. Your plan includes ${limit} premium ${limit === 1 ? 'canvas' : 'canvases'}.`}
      />
      {limitReached ? (
        <fieldset className="flex flex-col gap-2 rounded-control border border-line p-3">
          <legend className="px-1 text-sm font-medium">
            {limitReached.limit === 1
              ? 'Your plan’s premium canvas is in use.'
              : `All ${limitReached.limit} premium canvases of your plan are in use.`}{' '}
            Which one should stop being premium?
          </legend>
          {limitReached.premiumCanvases.map((option) => (
            <label key={option.id} className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="radio"
                name="replaced-canvas"
                value={option.id}
                checked={replace === option.id}
                onChange={() => setReplace(option.id)}
                className="size-4 accent-brand-600"
              />
              {option.title}
            </label>
          ))}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setLimitReached(null)}>
              Cancel
            </Button>
            <Button
              size="sm"
              disabled={!replace}
              loading={change.isPending}
              onClick={() => change.mutate({ on: true, replaced: replace })}
            >
              Replace and make premium
            </Button>
          </div>
        </fieldset>
      ) : null}
    </div>
  )
}
