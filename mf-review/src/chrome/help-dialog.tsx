/** The keyboard shortcuts, listed (press ? anywhere on the screen). */
import { Dialog } from '@pinpoint/ui'
import { useAtom } from 'jotai'
import { useReviewAtoms } from '../state'
import { SHORTCUTS } from './shortcuts'

export function HelpDialog() {
  const [open, setOpen] = useAtom(useReviewAtoms().helpOpen)
  if (!open) return null
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Keyboard shortcuts"
      description="They work anywhere on the screen, except while typing."
      size="md"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.label} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-6 rounded border border-line-strong bg-surface-sunken px-1.5 text-center font-mono text-xs leading-6"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-ink-muted">{shortcut.label}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
