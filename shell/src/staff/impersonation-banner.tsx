import { authAtom } from '@pinpoint/state'
import { Button } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { UserRoundCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '../lib/errors'
import { stopImpersonating } from './api'

/**
 * Shown on every page of the shell, the review screen too, while a staff member acts as someone else
 * (decision 043): whose account this is, and the way back. Not dismissible: forgetting that every click
 * acts as a customer is the mistake it exists to prevent.
 */
export function ImpersonationBanner() {
  const { user, impersonatedUserId } = useAtomValue(authAtom)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const shown = !!user && !!impersonatedUserId && impersonatedUserId === user.id
  const ref = useRef<HTMLElement>(null)
  // Both this banner and the app's header stick to the top: the header sits below the banner's height
  // (--impersonation-offset), so scrolling never hides the account menu behind it.
  useEffect(() => {
    const element = ref.current
    if (!shown || !element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--impersonation-offset', `${element.offsetHeight}px`),
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--impersonation-offset')
    }
  }, [shown])
  if (!shown || !user) return null
  const stop = async () => {
    setPending(true)
    setError(null)
    try {
      await stopImpersonating()
    } catch (failure) {
      setError(errorMessage(failure))
      setPending(false)
    }
  }
  return (
    <section
      ref={ref}
      aria-label="Impersonation"
      data-testid="impersonation-banner"
      data-print="hide"
      className="sticky top-0 z-50 flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-950 sm:px-5"
    >
      <UserRoundCheck className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        You are acting as <strong className="font-semibold">{user.name}</strong>{' '}
        <span className="break-all">({user.email})</span>. Everything you do is done as them.
      </p>
      {error ? (
        <p role="alert" className="w-full text-red-800 sm:order-last">
          {error}
        </p>
      ) : null}
      <Button size="sm" variant="secondary" loading={pending} onClick={() => void stop()}>
        Stop impersonating
      </Button>
    </section>
  )
}
