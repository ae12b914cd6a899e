/**
 * The card form when the server runs the Stripe provider: Stripe Elements collects the card, Stripe turns
 * it into a token, and only the token reaches our server. Loaded (with Stripe's script) only when
 * /billing/config gives a publishable key, so the local provider never downloads any of it.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { type FormEvent, useMemo, useState } from 'react'

const stripes = new Map<string, Promise<Stripe | null>>()

function stripeFor(key: string) {
  let stripe = stripes.get(key)
  if (!stripe) {
    stripe = loadStripe(key)
    stripes.set(key, stripe)
  }
  return stripe
}

type FormProps = { formId: string; onToken: (token: string) => void }

function CardFields({ formId, onToken }: FormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const card = elements?.getElement(CardElement)
    if (!stripe || !card) return
    const result = await stripe.createToken(card)
    if (result.error) setError(result.error.message ?? 'The card could not be read.')
    else {
      setError(null)
      onToken(result.token.id)
    }
  }

  return (
    <form id={formId} className="flex flex-col gap-2" onSubmit={(e) => void submit(e)}>
      <span className="text-sm font-medium text-ink">Card</span>
      <div className="rounded-md border border-line bg-surface px-3 py-2.5">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </form>
  )
}

export default function StripeCardForm({ publishableKey, ...props }: FormProps & { publishableKey: string }) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey])
  return (
    <Elements stripe={stripe}>
      <CardFields {...props} />
    </Elements>
  )
}
