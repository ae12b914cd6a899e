import { navigatorAtom } from '@pinpoint/state'
import { useAtomValue } from 'jotai'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }

/**
 * A link to another page of the app. Inside the shell a plain left click navigates with the
 * shell's router (no reload); modified clicks (new tab, download) and the standalone page keep the
 * browser's own behaviour.
 */
export function AppLink({ to, onClick, target, ...props }: AppLinkProps) {
  const navigator = useAtomValue(navigatorAtom)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      !navigator ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (target && target !== '_self')
    )
      return
    event.preventDefault()
    navigator.navigate(to)
  }
  return <a href={to} target={target} onClick={handleClick} {...props} />
}
