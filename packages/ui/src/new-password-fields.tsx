import { Field } from './field'
import { Input } from './input'
import { newPasswordCheck } from './new-password'

export type NewPasswordFieldsProps = {
  password: string
  repeat: string
  onPasswordChange: (value: string) => void
  onRepeatChange: (value: string) => void
  minLength: number
  autoFocus?: boolean
}

/**
 * "New password" and "Repeat new password", with the length hint and the errors shown while typing.
 * Password reset and the security settings use the same pair, so they say the same thing.
 */
export function NewPasswordFields({
  password,
  repeat,
  onPasswordChange,
  onRepeatChange,
  minLength,
  autoFocus,
}: NewPasswordFieldsProps) {
  const { tooShort, mismatch } = newPasswordCheck(password, repeat, minLength)
  return (
    <>
      <Field
        label="New password"
        hint={`At least ${minLength} characters.`}
        error={tooShort ? `Use at least ${minLength} characters.` : undefined}
      >
        <Input
          type="password"
          autoComplete="new-password"
          required
          autoFocus={autoFocus}
          minLength={minLength}
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
        />
      </Field>
      <Field label="Repeat new password" error={mismatch ? 'The passwords do not match.' : undefined}>
        <Input
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => onRepeatChange(e.target.value)}
        />
      </Field>
    </>
  )
}
