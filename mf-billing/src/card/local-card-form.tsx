import { Field, Input } from '@pinpoint/ui'
import { type FormEvent, useState } from 'react'
import { cardToken, formatCardNumber } from './test-cards'

type Errors = Partial<Record<'number' | 'expiry' | 'cvc', string>>

/**
 * The local provider's card form: number, expiry and security code, turned into a test token here
 * (the local provider never receives card numbers). `onToken` sends it to the server.
 */
export function LocalCardForm({ formId, onToken }: { formId: string; onToken: (token: string) => void }) {
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')
  const [errors, setErrors] = useState<Errors>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const check = cardToken({ number, expiry, cvc }, new Date())
    if ('token' in check) {
      setErrors({})
      onToken(check.token)
    } else setErrors({ [check.field]: check.message })
  }

  return (
    <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <Field
        label="Card number"
        error={errors.number}
        hint="Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined."
        required
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Expiry (MM/YY)" error={errors.expiry} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </Field>
        <Field label="Security code" error={errors.cvc} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
    </form>
  )
}
