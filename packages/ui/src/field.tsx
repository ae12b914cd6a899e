import { createContext, type ReactNode, useContext, useId } from 'react'
import { cn } from './cn'
import { fieldAria } from './field-aria'

type FieldContextValue = { id: string; describedBy: string | undefined; invalid: boolean; required: boolean }

const FieldContext = createContext<FieldContextValue | null>(null)

/**
 * Props a control inside a <Field> receives: its id (so the label points at it), aria-describedby
 * (hint and error) and aria-invalid. Explicit props on the control win.
 */
export function useFieldControl(props: {
  id?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling'
  required?: boolean
}) {
  const field = useContext(FieldContext)
  if (!field) return {}
  return {
    id: props.id ?? field.id,
    'aria-describedby': props['aria-describedby'] ?? field.describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    required: props.required ?? (field.required || undefined),
  }
}

export type FieldProps = {
  label: ReactNode
  /** Help text under the control. */
  hint?: ReactNode
  /** Error message: shown in place of the hint, announced, and marks the control invalid. */
  error?: ReactNode
  required?: boolean
  /** Shown at the right of the label row (for example a "Forgot password?" link). */
  labelAction?: ReactNode
  className?: string
  children: ReactNode
}

/** A labelled form control with hint and error text wired for assistive technology. */
export function Field({
  label,
  hint,
  error,
  required = false,
  labelAction,
  className,
  children,
}: FieldProps) {
  const id = useId()
  const aria = fieldAria({ id, hasHint: !!hint, hasError: !!error })
  return (
    <FieldContext.Provider value={{ id, describedBy: aria.describedBy, invalid: !!error, required }}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={id} className="text-sm font-medium text-ink">
            {label}
            {required ? (
              <span aria-hidden="true" className="ml-0.5 text-ink-subtle">
                *
              </span>
            ) : null}
          </label>
          {labelAction}
        </div>
        {children}
        {error ? (
          <p
            id={aria.errorId}
            className="flex items-center gap-1 text-xs font-medium text-danger-600"
            role="alert"
          >
            {error}
          </p>
        ) : hint ? (
          <p id={aria.hintId} className="text-xs text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  )
}
