import { parseEmailList } from '@pinpoint/domain'
import { addToastAtom } from '@pinpoint/state'
import { ShareDialog } from '@pinpoint/ui/share-dialog'
import { useSetAtom } from 'jotai'
import { endpoints } from '../../api'
import type { CanvasDialogsProps } from './types'

/** The feedback link to copy, and invites by e-mail (the shared dialog of @pinpoint/ui). */
export function ShareCanvasDialog({ canvas, onClose }: CanvasDialogsProps) {
  const toast = useSetAtom(addToastAtom)
  return (
    <ShareDialog
      title={canvas.title}
      link={new URL(`/link/${canvas.subdomain}/`, location.origin).toString()}
      formId="share-canvas"
      parseEmails={parseEmailList}
      send={(invite) => endpoints.canvases.share(canvas.id, invite)}
      notify={(type, message) => toast({ type, message })}
      onClose={onClose}
    />
  )
}
