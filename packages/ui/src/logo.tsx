import { cn } from './cn'

/** The Pinpoint mark: a map pin with a focus ring. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7', className)}>
      <defs>
        <linearGradient id="pp-logo" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="oklch(0.62 0.22 285)" />
          <stop offset="1" stopColor="oklch(0.5 0.23 265)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#pp-logo)" />
      <path fill="white" d="M16 6.5a7 7 0 0 0-7 7c0 5.1 7 12 7 12s7-6.9 7-12a7 7 0 0 0-7-7Z" />
      <circle cx="16" cy="13.5" r="2.6" fill="oklch(0.52 0.23 275)" />
    </svg>
  )
}

/** Mark and word. */
export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-[15px] font-semibold tracking-tight text-ink',
        className,
      )}
    >
      <LogoMark />
      Pinpoint
    </span>
  )
}
