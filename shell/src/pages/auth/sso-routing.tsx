import { ApiError } from '@pinpoint/api'
import { buttonClasses } from '@pinpoint/ui'
import { KeyRound } from 'lucide-react'
import { useCallback, useRef, useState } from 'react'
import { endpoints } from '../../api'

export interface SsoRoute {
  domain: string
  url: string
  /** The team allows only SSO: the password field is hidden. */
  required: boolean
}

/** The domain of a typed address, or null while it does not look like one yet. */
export function domainOf(email: string): string | null {
  const match = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/.exec(email.trim().toLowerCase())
  return match?.[1] ?? null
}

/**
 * E-mail domain routing (SPEC 7 GET /sso-login-url): asks once per domain whether it signs in through a
 * team's identity provider. `check` answers the route, or null when the domain has none (404).
 */
export function useSsoRouting(next: string) {
  const [route, setRoute] = useState<SsoRoute | null>(null)
  const asked = useRef(new Map<string, SsoRoute | null>())
  const check = useCallback(
    async (email: string): Promise<SsoRoute | null> => {
      const domain = domainOf(email)
      if (!domain) {
        setRoute(null)
        return null
      }
      let found = asked.current.get(domain)
      if (found === undefined) {
        try {
          const { url, required } = await endpoints.session.ssoLoginUrl(domain, next)
          found = { domain, url, required }
          asked.current.set(domain, found)
        } catch (error) {
          // 404: this domain has no SSO (remembered). Anything else (offline): asked again next time, and
          // the password login still works meanwhile.
          found = null
          if (error instanceof ApiError && error.status === 404) asked.current.set(domain, null)
        }
      }
      setRoute(found)
      return found
    },
    [next],
  )
  return { route, check }
}

/** "acme.test signs in with single sign-on" and the way there (a full page load to the provider). */
export function SsoNotice({ route }: { route: SsoRoute }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-control border border-brand-600/20 bg-brand-50 px-3 py-3 text-sm text-ink"
      data-testid="sso-notice"
    >
      <p>
        <strong className="font-semibold">{route.domain}</strong> signs in with single sign-on
        {route.required ? '. Your team does not use passwords here.' : '.'}
      </p>
      <a href={route.url} className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}>
        <KeyRound />
        Continue with single sign-on
      </a>
    </div>
  )
}
