import { navigatorAtom } from '@pinpoint/state'
import { buttonClasses } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  /** Styled as a button of the design system. */
  button?: 'primary' | 'secondary'
}

/** A link to another page of the app: the shell's router moves there without a reload. */
export function AppLink({ to, onClick, target, button, className, ...props }: AppLinkProps) {
  const navigator = useAtomValue(navigatorAtom)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!navigator || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (target && target !== '_self'))
      return
    event.preventDefault()
    navigator.navigate(to)
  }
  const classes = button ? buttonClasses({ variant: button, size: 'md', className }) : className
  return <a href={to} target={target} onClick={handleClick} className={classes} {...props} />
}

/** The shell's navigate function, or a full page load without a shell. */
export function useGo() {
  const navigator = useAtomValue(navigatorAtom)
  return (to: string) => (navigator ? navigator.navigate(to) : window.location.assign(to))
}
