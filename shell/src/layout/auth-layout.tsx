import { Logo } from '@pinpoint/ui'
import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, Outlet } from 'react-router'

const POINTS = [
  'Pin comments on live websites, e-mails, images, PDFs and video',
  'Share one link: clients review without creating an account',
  'Turn feedback into tasks in the tools your team already uses',
]

/** Sign-in pages: the form on the right, the product's promise on the left (wide screens). */
export function AuthLayout() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-[oklch(0.22_0.06_275)] p-12 text-white lg:flex lg:flex-col">
        <div
          aria-hidden="true"
          className="absolute -top-40 -right-32 size-[32rem] rounded-full bg-[radial-gradient(circle,oklch(0.6_0.22_285/0.55),transparent_65%)]"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-48 -left-24 size-[28rem] rounded-full bg-[radial-gradient(circle,oklch(0.7_0.16_220/0.35),transparent_65%)]"
        />
        <Link to="/" className="relative w-fit rounded-control [&_span]:text-white">
          <Logo />
        </Link>
        <div className="relative mt-auto max-w-md">
          <p className="text-3xl font-semibold leading-tight tracking-tight text-balance">
            Feedback that lands exactly where it belongs.
          </p>
          <ul className="mt-8 space-y-3.5">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3 text-[15px] text-white/80">
                <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-white/15">
                  <Check className="size-3" strokeWidth={3} />
                </span>
                {point}
              </li>
            ))}
          </ul>
          <FakeCanvasPreview />
        </div>
        <p className="relative mt-12 text-xs text-white/50">
          © Pinpoint · Visual feedback for teams and their clients
        </p>
      </aside>
      <main className="flex flex-col px-5 py-8 sm:px-10">
        <Link to="/" className="w-fit rounded-control lg:hidden">
          <Logo />
        </Link>
        <div className="mx-auto flex w-full max-w-[25rem] flex-1 flex-col justify-center py-10">
          <Outlet />
        </div>
      </main>
    </div>
  )
}

/** A small illustration: a page with two pinned comments. Decorative. */
function FakeCanvasPreview() {
  return (
    <div
      aria-hidden="true"
      className="relative mt-10 rounded-xl border border-white/10 bg-white/5 p-4 backdrop-blur"
    >
      <div className="flex gap-1.5">
        <span className="size-2 rounded-full bg-white/25" />
        <span className="size-2 rounded-full bg-white/25" />
        <span className="size-2 rounded-full bg-white/25" />
      </div>
      <div className="mt-4 grid grid-cols-[2fr_1fr] gap-3">
        <div className="space-y-2">
          <div className="h-3 w-3/4 rounded bg-white/25" />
          <div className="h-2 w-full rounded bg-white/10" />
          <div className="h-2 w-5/6 rounded bg-white/10" />
          <div className="mt-3 h-16 rounded-lg bg-white/10" />
        </div>
        <div className="h-full rounded-lg bg-white/10" />
      </div>
      <span className="absolute top-9 left-[38%] grid size-6 place-items-center rounded-full rounded-bl-none bg-[oklch(0.72_0.18_55)] text-[11px] font-bold shadow-lg">
        1
      </span>
      <span className="absolute right-[20%] bottom-8 grid size-6 place-items-center rounded-full rounded-bl-none bg-brand-500 text-[11px] font-bold shadow-lg">
        2
      </span>
    </div>
  )
}

/** Title block of an auth page. */
export function AuthHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-7">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
      {description ? <p className="mt-1.5 text-base text-ink-muted">{description}</p> : null}
    </div>
  )
}

/** A form-level error (wrong password, taken e-mail...). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="rounded-control border border-danger-600/20 bg-danger-50 px-3 py-2 text-sm text-danger-700"
    >
      {message}
    </p>
  )
}

/** "or" between the form and alternative sign-in ways. */
export function Divider({ label = 'or' }: { label?: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wider text-ink-subtle">
      <span className="h-px flex-1 bg-line" />
      {label}
      <span className="h-px flex-1 bg-line" />
    </div>
  )
}
