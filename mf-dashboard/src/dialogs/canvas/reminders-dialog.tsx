import type { DeadlineReminder } from '@pinpoint/api'
import { parseEmailList } from '@pinpoint/domain'
import { Button, Field, FormDialog, Input, Skeleton } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Bell, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { endpoints } from '../../api'
import { InlineError, submit } from './form'
import type { CanvasDialogsProps } from './types'
import { fromLocalInput } from './values'

/** Deadline reminders: the scheduled ones, and a form to add one. */
export function RemindersDialog({ canvas, onClose }: CanvasDialogsProps) {
  const queryClient = useQueryClient()
  const key = ['canvas', canvas.id, 'reminders']
  const reminders = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => endpoints.canvases.reminders(canvas.id, { signal }),
    select: (data): DeadlineReminder[] => data.deadlineReminders ?? [],
  })
  const [date, setDate] = useState('')
  const [emails, setEmails] = useState('')
  const add = useMutation({
    mutationFn: () => {
      const at = fromLocalInput(date)
      if (!at) throw new Error('Choose when to send the reminder.')
      return endpoints.canvases.addReminders(canvas.id, {
        emails: parseEmailList(emails),
        reminderDates: [at],
      })
    },
    onSuccess: async () => {
      setDate('')
      setEmails('')
      await queryClient.invalidateQueries({ queryKey: key })
    },
  })
  const remove = useMutation({
    mutationFn: (id: string) => endpoints.canvases.removeReminder(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  })
  return (
    <FormDialog
      onClose={onClose}
      title="Reminders"
      description="E-mail reviewers before the feedback deadline."
      size="lg"
    >
      <div className="flex flex-col gap-5">
        {reminders.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : reminders.isError ? (
          <InlineError error={reminders.error} />
        ) : reminders.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-5 text-center text-sm text-ink-muted">
            No reminders scheduled.
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line">
            {reminders.data.map((reminder) => (
              <li key={reminder.id} className="flex items-center gap-3 px-3 py-2.5 text-sm">
                <Bell className="size-4 text-ink-subtle" />
                <span className="flex-1">
                  {new Date(reminder.reminderDate).toLocaleString()}
                  <span className="block text-xs text-ink-muted">
                    {(reminder as DeadlineReminder & { recipientEmail?: string }).recipientEmail ??
                      reminder.email ??
                      'Team member'}
                    {reminder.status ? ` · ${reminder.status}` : ''}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label="Delete reminder"
                  onClick={() => remove.mutate(reminder.id)}
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={submit(() => add.mutate())}
        >
          <Field label="Send at">
            <Input type="datetime-local" value={date} onChange={(e) => setDate(e.target.value)} required />
          </Field>
          <Field label="To">
            <Input
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              placeholder="reviewer@company.com"
              required
            />
          </Field>
          <Button type="submit" loading={add.isPending}>
            Add
          </Button>
        </form>
        <InlineError error={add.error ?? remove.error} />
      </div>
    </FormDialog>
  )
}
