/**
 * The webhook in settings: connect with a URL (the `whsec_` signing secret is shown once, to copy into the
 * receiver), send a test event, and the delivery log: each message with its tries (time, status code,
 * duration, the start of the answer).
 */
import type { ConnectedAccount, WebhookDelivery } from '@pinpoint/api'
import { Badge, Button, Card, Field, Input } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { endpoints } from '../../api'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { accountsKey, useDisconnect } from './accounts-data'

const deliveriesKey = ['users', 'me', 'accounts', 'webhook', 'deliveries'] as const

export function WebhookCard({ account }: { account: ConnectedAccount | null }) {
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const toast = useToast()
  const connect = useMutation({
    mutationFn: () => endpoints.accounts.connectWebhook(url.trim()),
    onSuccess: async (answer) => {
      setSecret(answer.secret)
      setUrl('')
      setError(null)
      await queryClient.invalidateQueries({ queryKey: accountsKey })
    },
    onError: (err) => setError(errorMessage(err)),
  })
  const test = useMutation({
    mutationFn: () => endpoints.accounts.sendTestEvent(),
    onSuccess: async ({ delivery }) => {
      toast({
        type: delivery?.status === 'delivered' ? 'success' : 'warning',
        message:
          delivery?.status === 'delivered'
            ? 'Test event delivered'
            : 'The test event was not accepted; see the delivery log',
      })
      await queryClient.invalidateQueries({ queryKey: deliveriesKey })
    },
    onError: (err) => toast({ type: 'error', message: errorMessage(err) }),
  })
  const disconnect = useDisconnect('webhook', 'Webhook')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!url.trim()) return setError('Enter the address of your webhook receiver.')
    connect.mutate()
  }
  return (
    <form onSubmit={onSubmit} aria-label="Webhook">
      <Card
        title="Webhook"
        description={
          account?.accountName
            ? `Sending to ${account.accountName}`
            : 'Send comments as signed JSON messages (Standard Webhooks) to your own address.'
        }
        actions={
          account ? (
            <Badge tone="success" dot>
              Connected
            </Badge>
          ) : (
            <Badge>Not connected</Badge>
          )
        }
        footer={
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={connect.isPending} variant={account ? 'secondary' : 'primary'}>
              {account ? 'Change address' : 'Connect webhook'}
            </Button>
            {account ? (
              <>
                <Button
                  type="button"
                  variant="secondary"
                  loading={test.isPending}
                  onClick={() => test.mutate()}
                >
                  Send test event
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  loading={disconnect.isPending}
                  onClick={() => disconnect.mutate()}
                >
                  Disconnect
                </Button>
              </>
            ) : null}
          </div>
        }
      >
        <div className="grid gap-4">
          {secret ? (
            <div className="rounded-md border border-line bg-canvas p-3 text-sm" role="status">
              <p className="font-medium">Signing secret (shown once — copy it into your receiver):</p>
              <code className="mt-1 block break-all" data-testid="webhook-secret">
                {secret}
              </code>
            </div>
          ) : null}
          <Field
            label="Receiver address"
            hint="Every message carries webhook-id, webhook-timestamp and webhook-signature headers."
            error={error}
          >
            <Input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/hooks/pinpoint"
            />
          </Field>
          {account ? <DeliveryLog /> : null}
        </div>
      </Card>
    </form>
  )
}

const STATUS_TONE = {
  delivered: 'success',
  failed: 'danger',
  retrying: 'warning',
  pending: 'neutral',
} as const

function DeliveryLog() {
  const log = useQuery({
    queryKey: deliveriesKey,
    queryFn: ({ signal }) => endpoints.accounts.deliveries({ signal }),
    select: (data) => data.deliveries,
  })
  if (!log.data || log.data.length === 0) {
    return <p className="text-sm text-ink-muted">No deliveries yet. Send a test event to try the receiver.</p>
  }
  return (
    // Scrolls sideways on a phone: focusable, so keyboard users can scroll it too (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
    <section className="overflow-x-auto" tabIndex={0} aria-label="Delivery log, scrolls sideways">
      <table className="w-full text-left text-sm" aria-label="Delivery log">
        <thead className="text-ink-muted">
          <tr>
            <th className="py-1 pr-3 font-medium">Time</th>
            <th className="py-1 pr-3 font-medium">Event</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 font-medium">Code</th>
            <th className="py-1 pr-3 font-medium">Duration</th>
            <th className="py-1 font-medium">Answer</th>
          </tr>
        </thead>
        <tbody>{log.data.flatMap((delivery) => rows(delivery))}</tbody>
      </table>
    </section>
  )
}

function rows(delivery: WebhookDelivery) {
  const tries = delivery.tries.length > 0 ? delivery.tries : [null]
  return tries.map((attempt, index) => (
    <tr key={`${delivery.id}-${attempt?.at ?? 'queued'}`} className="border-t border-line align-top">
      <td className="py-1 pr-3 whitespace-nowrap">
        {new Date(attempt?.at ?? delivery.createdAt).toLocaleString()}
      </td>
      <td className="py-1 pr-3">{delivery.eventType}</td>
      <td className="py-1 pr-3">
        {index === tries.length - 1 ? (
          <Badge tone={STATUS_TONE[delivery.status]}>{delivery.status}</Badge>
        ) : (
          'retried'
        )}
      </td>
      <td className="py-1 pr-3">{attempt?.statusCode ?? '—'}</td>
      <td className="py-1 pr-3 whitespace-nowrap">{attempt ? `${attempt.durationMs} ms` : '—'}</td>
      <td className="max-w-64 truncate py-1" title={attempt?.responseExcerpt}>
        {attempt?.responseExcerpt || '—'}
      </td>
    </tr>
  ))
}
