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
 * Swapping in a library's trigger mounts it anew, and a removed element takes the focus with it to the
 * body: a trigger reached by Tab (which is what loads the code) would lose its focus (issue 19 item 5).
 * The new trigger takes it back before the next paint. `usingImpl`: the library's trigger is in; `arm`
 * runs when the focus reaches the light trigger. Spread the handlers on the wrapper of the light trigger.
 */
export function useFocusKeptOverSwap(usingImpl: boolean, arm: () => void) {
  const wrapper = useRef<HTMLSpanElement>(null)
  const focusedInside = useRef(false)
  useLayoutEffect(() => {
    if (!usingImpl || !focusedInside.current) return
    focusedInside.current = false
    if (document.activeElement && document.activeElement !== document.body) return
    wrapper.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus()
  }, [usingImpl])
  return {
    wrapper,
    onFocusCapture: () => {
      focusedInside.current = true
      arm()
    },
    onBlurCapture: (event: FocusEvent) => {
      // Focus moving to another element; a blur with no next element may be the removal itself.
      if (event.relatedTarget) focusedInside.current = false
    },
  }
}

/**
 * For a component whose library code (Radix with floating-ui, its focus and dismiss machinery) must not
 * cost the first screen: until the code is here, the caller renders its trigger as is inside
 * `<span {...triggerProps}>`; the pointer or focus reaching it fetches the code, `onActivate` (a click,
 * which keyboards make too) asks for the open state meanwhile. The focus survives the swap
 * (useFocusKeptOverSwap, shared with the design system's Menu).
 */
export function useDeferredSwap<T>(module: Deferred<T>, onActivate?: () => void, wantedNow = false) {
  // The swap is a state of its own, not "the code is here": code fetched by another trigger (or by
  // preloadOverlays) must not swap this trigger on some unrelated re-render, in the middle of a press.
  const [swapped, setSwapped] = useState(module.current !== null)
  const [armed, setWanted] = useState(false)
  // wantedNow: the caller needs the library at once (a popover opened from outside, not by its trigger).
  const wanted = armed || wantedNow
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
  const arm = () => setWanted(true)
  const { wrapper, onFocusCapture, onBlurCapture } = useFocusKeptOverSwap(impl !== null, arm)
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
    onFocusCapture,
    onBlurCapture,
  }
  if (onActivate)
    triggerProps.onClickCapture = () => {
      arm()
      onActivate()
    }
  return { impl, wrapper, triggerProps }
}
