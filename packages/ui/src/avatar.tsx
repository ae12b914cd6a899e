import { Avatar as RadixAvatar } from 'radix-ui'
import { avatarHue, initials } from './avatar-logic'
import { cn } from './cn'

export type AvatarProps = {
  name: string
  src?: string | null
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
  className?: string
  /** Next to the person's written name (a button, a list row): hidden from screen readers, said once. */
  decorative?: boolean
}

const sizes = {
  xs: 'size-5 text-[9px]',
  sm: 'size-7 text-2xs',
  md: 'size-8 text-xs',
  lg: 'size-10 text-sm',
  xl: 'size-16 text-xl',
}

/** A person's picture, or their initials on a colour derived from the name. */
export function Avatar({ name, src, size = 'md', className, decorative = false }: AvatarProps) {
  const hue = avatarHue(name)
  return (
    <RadixAvatar.Root
      aria-hidden={decorative || undefined}
      className={cn(
        'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full align-middle ring-2 ring-surface',
        sizes[size],
        className,
      )}
    >
      {src ? <RadixAvatar.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <RadixAvatar.Fallback
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center font-semibold"
        style={{ backgroundColor: `oklch(0.9 0.06 ${hue})`, color: `oklch(0.38 0.12 ${hue})` }}
        aria-label={src ? undefined : name}
        role={src ? undefined : 'img'}
      >
        {initials(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  )
}
