/**
 * Toast rules (SPEC 3, 4, 5): creation needs a type and a message; a toast goes through four phases.
 */
import { isOneOf, TOAST_TIMEOUT_MS, TOAST_TYPES, type ToastType } from './constants'

/** The phases of a toast, in order. */
export const TOAST_PHASES = ['animating-in', 'visible', 'animating-out', 'removed'] as const
export type ToastPhase = (typeof TOAST_PHASES)[number]

/** An optional button on a toast (e.g. Undo). */
export interface ToastAction {
  label: string
}

/** What a caller passes to create a toast. */
export interface ToastInput {
  type?: string | null
  message?: string | null
  title?: string | null
  /** Milliseconds on screen; defaults to TOAST_TIMEOUT_MS. */
  timeout?: number | null
  action?: ToastAction | null
}

/** A validated toast. */
export interface Toast {
  type: ToastType
  message: string
  title: string | null
  timeout: number
  action: ToastAction | null
}

/**
 * Checks and normalizes a toast. Throws `Error('Missing toast type!')` or `Error('Missing toast message!')`
 * (SPEC 8) when either is missing or empty. Decision: a type outside info/success/error/warning also
 * throws, since it could not be styled.
 */
export function validateToast(input: ToastInput): Toast {
  if (!input.type) throw new Error('Missing toast type!')
  if (!input.message) throw new Error('Missing toast message!')
  if (!isOneOf(TOAST_TYPES, input.type)) throw new Error(`Unknown toast type: ${input.type}!`)
  const timeout =
    typeof input.timeout === 'number' && Number.isFinite(input.timeout) && input.timeout > 0
      ? input.timeout
      : TOAST_TIMEOUT_MS
  return {
    type: input.type,
    message: input.message,
    title: input.title || null,
    timeout,
    action: input.action ?? null,
  }
}

/** The phase after `phase`; `removed` is final and stays `removed`. */
export function nextToastPhase(phase: ToastPhase): ToastPhase {
  const index = TOAST_PHASES.indexOf(phase)
  return TOAST_PHASES[Math.min(index + 1, TOAST_PHASES.length - 1)] ?? 'removed'
}
