import { addToastAtom, type ToastInput } from '@pinpoint/state'
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'

/** `toast({ type, message })`: shows a toast through the shared toasts atoms. */
export function useToast() {
  const add = useSetAtom(addToastAtom)
  return useCallback((input: ToastInput) => add(input), [add])
}
