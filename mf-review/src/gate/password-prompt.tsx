/** A password-protected feedback link asks for its password before showing the canvas. */
import { Button, Card, Field, Input } from '@pinpoint/ui'
import { LockKeyhole } from 'lucide-react'
import { useState } from 'react'

export function PasswordPrompt({
  wrong,
  checking,
  onSubmit,
}: {
  wrong: boolean
  checking: boolean
  onSubmit: (password: string) => void
}) {
  const [value, setValue] = useState('')
  return (
    <div className="m-auto w-[min(24rem,calc(100%-2rem))]">
      <Card className="p-6">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (value) onSubmit(value)
          }}
        >
          <div className="flex items-center gap-3">
            <span className="grid size-10 place-items-center rounded-full bg-brand-50 text-brand-600">
              <LockKeyhole className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-lg font-semibold">This link is protected</h1>
              <p className="text-sm text-ink-muted">Enter the password you were given to see the canvas.</p>
            </div>
          </div>
          <Field label="Password" error={wrong && !checking ? 'That password is not correct.' : undefined}>
            <Input
              type="password"
              autoComplete="current-password"
              autoFocus
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </Field>
          <Button type="submit" className="w-full" loading={checking} disabled={!value}>
            Open the canvas
          </Button>
        </form>
      </Card>
    </div>
  )
}
