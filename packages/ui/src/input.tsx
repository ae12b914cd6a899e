import {
  forwardRef,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from './cn'
import { useFieldControl } from './field'

const control = cn(
  'w-full min-w-0 rounded-control border border-line-strong/80 bg-surface text-ink shadow-[0_1px_2px_rgb(0_0_0/0.03)]',
  'placeholder:text-ink-subtle transition-[border-color,box-shadow] duration-150',
  'hover:border-line-strong focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/20',
  'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted',
  'aria-invalid:border-danger-600 aria-invalid:focus-visible:ring-danger-600/20',
)

export type InputProps = InputHTMLAttributes<HTMLInputElement>

/** A text input. Inside a <Field> it takes the field's id, description and error wiring. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...props }, ref) {
  const field = useFieldControl(props)
  return (
    <input
      ref={ref}
      className={cn(control, 'h-9 px-3 text-base sm:text-sm', className)}
      {...props}
      {...field}
    />
  )
})

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, ...props },
  ref,
) {
  const field = useFieldControl(props)
  return (
    <textarea
      ref={ref}
      className={cn(control, 'min-h-20 px-3 py-2 text-base sm:text-sm', className)}
      {...props}
      {...field}
    />
  )
})

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>

/** A native select: fully keyboard and screen-reader friendly, styled like the inputs. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, ...props },
  ref,
) {
  const field = useFieldControl(props)
  return (
    <select
      ref={ref}
      className={cn(
        control,
        'h-9 appearance-none bg-[length:16px] bg-[position:right_0.6rem_center] bg-no-repeat pr-8 pl-3 text-base sm:text-sm',
        "bg-[url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m7 10 5 5 5-5'/%3E%3C/svg%3E\")]",
        className,
      )}
      {...props}
      {...field}
    />
  )
})
