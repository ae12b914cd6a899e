/** The error line under a billing form: the server's message (a declined card, an invalid coupon). */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback
}

export function InlineError({ error, id }: { error: unknown; id?: string }) {
  if (!error) return null
  return (
    <p id={id} role="alert" className="mt-3 text-sm text-danger-600" data-testid="billing-error">
      {errorText(error)}
    </p>
  )
}
