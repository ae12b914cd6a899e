import {
  type FocusEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

/** A module fetched once, on demand; `current` holds it once it is here. */
export type Deferred<T> = { current: T | null; load: () => Promise<T> }

export function deferred<T>(load: () => Promise<T>): Deferred<T> {
  let loading: Promise<T> | null = null
  const entry: Deferred<T> = {
    current: null,
    load: () => {
      loading ??= load().then((module) => {
        entry.current = module
        return module
      })
      return loading
    },
  }
  return entry
}

type TriggerProps = {
  ref: RefObject<HTMLSpanElement | null>
  className: 'contents'
  onPointerEnter: () => void
  onPointerDownCapture: () => void
  onFocusCapture: () => void
  onBlurCapture: (event: FocusEvent) => void
  onClickCapture?: (event: MouseEvent) => void
}

/**
 * For a component whose library code (Radix with floating-ui, its focus and dismiss machinery) must not
 * cost the first screen: until the code is here, the caller renders its trigger as is inside
 * `<span {...triggerProps}>`; the pointer or focus reaching it fetches the code, `onActivate` (a click,
 * which keyboards make too) asks for the open state meanwhile. Swapping in the library's trigger mounts
 * it anew, and a removed element takes the focus with it to the body, so the new trigger takes it back
 * before the next paint (the same as the design system's Menu).
 */
export function useDeferredSwap<T>(module: Deferred<T>, onActivate?: () => void, wantedNow = false) {
  // The swap is a state of its own, not "the code is here": code fetched by another trigger (or by
  // preloadOverlays) must not swap this trigger on some unrelated re-render, in the middle of a press.
  const [swapped, setSwapped] = useState(module.current !== null)
  const [armed, setWanted] = useState(false)
  // wantedNow: the caller needs the library at once (a popover opened from outside, not by its trigger).
  const wanted = armed || wantedNow
  const wrapper = useRef<HTMLSpanElement>(null)
  const focusedInside = useRef(false)
  const pressing = useRef(false)
  useEffect(() => {
    if (!wanted || swapped) return
    let active = true
    const swapOncePressIsOver = () => {
      if (!active) return
      // Swapping between a press's pointerdown and its click would remount the trigger under the
      // pointer: the pointerup lands on a new element and the browser sends no click (a lost click).
      if (pressing.current) setTimeout(swapOncePressIsOver, 30)
      else setSwapped(true)
    }
    void module.load().then(swapOncePressIsOver)
    return () => {
      active = false
    }
  }, [wanted, swapped, module])
  const impl = swapped ? module.current : null
  const usingImpl = impl !== null
  useLayoutEffect(() => {
    if (!usingImpl || !focusedInside.current) return
    focusedInside.current = false
    if (document.activeElement && document.activeElement !== document.body) return
    wrapper.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus()
  }, [usingImpl])
  const arm = () => setWanted(true)
  const triggerProps: TriggerProps = {
    ref: wrapper,
    className: 'contents',
    onPointerEnter: arm,
    onPointerDownCapture: () => {
      pressing.current = true
      const released = () => {
        window.removeEventListener('pointerup', released, true)
        window.removeEventListener('pointercancel', released, true)
        // The click follows the pointerup in the same task: the press is over after it.
        setTimeout(() => {
          pressing.current = false
        }, 0)
      }
      window.addEventListener('pointerup', released, true)
      window.addEventListener('pointercancel', released, true)
    },
    onFocusCapture: () => {
      focusedInside.current = true
      arm()
    },
    onBlurCapture: (event) => {
      // Focus moving to another element; a blur with no next element may be the removal itself.
      if (event.relatedTarget) focusedInside.current = false
    },
  }
  if (onActivate)
    triggerProps.onClickCapture = () => {
      arm()
      onActivate()
    }
  return { impl, wrapper, triggerProps }
}
