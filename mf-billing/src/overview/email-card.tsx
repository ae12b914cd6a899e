import type { BillingData } from '@pinpoint/api'
import { Button, Card, Field, Input, Switch } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { billing, billingKeys } from '../api'
import { InlineError } from '../errors'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Where billing e-mails go (empty: the account's address) and whether a receipt follows each payment. */
export function EmailCard({ data, accountEmail }: { data: BillingData; accountEmail: string }) {
  const queryClient = useQueryClient()
  const [email, setEmail] = useState(data.customer.billingEmail ?? '')
  const [receipts, setReceipts] = useState(data.customer.shouldEmailReceipts)
  const [saved, setSaved] = useState(false)
  const invalid = email.trim() !== '' && !EMAIL.test(email.trim())
  const save = useMutation({
    mutationFn: () =>
      billing.updateMyCustomer({ billingEmail: email.trim() || null, shouldEmailReceipts: receipts }),
    onSuccess: ({ customer }) => {
      queryClient.setQueryData<BillingData>(billingKeys.data, (old) => (old ? { ...old, customer } : old))
      setSaved(true)
    },
  })
  return (
    <Card title="Billing e-mails" data-testid="billing-email">
      <form
        id="billing-email-form"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (!invalid) save.mutate()
        }}
      >
        <Field
          label="Billing e-mail"
          hint={`Receipts and billing notices go here. Empty: ${accountEmail}.`}
          error={invalid ? 'Enter an e-mail address.' : undefined}
        >
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
              setSaved(false)
            }}
          />
        </Field>
        <Switch
          label="E-mail a receipt after each payment"
          checked={receipts}
          onCheckedChange={(value) => {
            setReceipts(value)
            setSaved(false)
          }}
        />
        <div className="flex items-center justify-end gap-3">
          {saved ? (
            <span role="status" className="text-sm text-success-700">
              Saved
            </span>
          ) : null}
          <Button type="submit" variant="secondary" loading={save.isPending} disabled={invalid}>
            Save
          </Button>
        </div>
      </form>
      <InlineError error={save.error} />
    </Card>
  )
}
