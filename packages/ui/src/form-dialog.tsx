import type { ReactNode } from 'react'
import { Button, type ButtonVariant } from './button'
import { Dialog, type DialogProps } from './dialog'

export type DialogFooterProps = {
  /** Closes the dialog without doing anything. */
  onCancel: () => void
  cancelLabel?: ReactNode
  /** Text (and icon) of the confirming button. */
  confirmLabel: ReactNode
  /** Id of the form the confirming button submits; without it the button calls `onConfirm`. */
  form?: string
  onConfirm?: () => void
  /** The action is running: spinner, aria-busy, and the button is disabled. */
  pending?: boolean
  disabled?: boolean
  variant?: ButtonVariant
}

/** The Cancel / confirm row every dialog ends with (stacked on narrow screens by the dialog). */
export function DialogFooter({
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  form,
  onConfirm,
  pending,
  disabled,
  variant = 'primary',
}: DialogFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        variant={variant}
        loading={pending}
        disabled={disabled}
        onClick={form ? undefined : onConfirm}
      >
        {confirmLabel}
      </Button>
    </>
  )
}

export type FormDialogProps = Omit<DialogProps, 'open' | 'onOpenChange' | 'footer' | 'trigger'> &
  Omit<DialogFooterProps, 'onCancel' | 'confirmLabel'> & {
    /** Called by Cancel, Escape, the close button and a click outside. */
    onClose: () => void
    /** Without it the dialog has no footer (it acts through its own controls). */
    confirmLabel?: ReactNode
  }

/**
 * A dialog that is open while it is rendered: the parent unmounts it through `onClose`. It ends
 * with the shared Cancel / confirm footer, so every dialog closes and confirms the same way.
 */
export function FormDialog({
  onClose,
  cancelLabel,
  confirmLabel,
  form,
  onConfirm,
  pending,
  disabled,
  variant,
  ...dialog
}: FormDialogProps) {
  return (
    <Dialog
      {...dialog}
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      footer={
        confirmLabel === undefined ? undefined : (
          <DialogFooter
            onCancel={onClose}
            cancelLabel={cancelLabel}
            confirmLabel={confirmLabel}
            form={form}
            onConfirm={onConfirm}
            pending={pending}
            disabled={disabled}
            variant={variant}
          />
        )
      }
    />
  )
}
