/** Small pieces the canvas dialogs share: a submit handler and the inline error line. */
import type { FormEvent } from 'react'

function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback
}

/** A form submit handler that stays on the page and runs `action`. */
export function submit(action: () => void) {
  return (event: FormEvent) => {
    event.preventDefault()
    action()
  }
}

/** The error of a failed call, announced, under the form. */
export function InlineError({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p role="alert" className="mt-3 text-sm text-danger-600">
      {errorText(error)}
    </p>
  )
}
