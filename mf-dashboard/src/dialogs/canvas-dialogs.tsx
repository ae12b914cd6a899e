import { CanvasSettingsDialog } from './canvas/canvas-settings-dialog'
import { DeleteCanvasDialog } from './canvas/delete-canvas-dialog'
import { EditCanvasDialog } from './canvas/edit-canvas-dialog'
import { ExpiryDialog } from './canvas/expiry-dialog'
import { ExportDialog } from './canvas/export-dialog'
import { MoveCanvasDialog } from './canvas/move-canvas-dialog'
import { NewRevisionDialog } from './canvas/new-revision-dialog'
import { RemindersDialog } from './canvas/reminders-dialog'
import { ShareCanvasDialog } from './canvas/share-canvas-dialog'
import type { CanvasDialogsProps } from './canvas/types'

export type { CanvasDialogsProps } from './canvas/types'

/** The canvas dialogs of SPEC section 2 whose calls exist. */
export function CanvasDialogs(props: CanvasDialogsProps) {
  switch (props.dialog) {
    case 'edit':
      return <EditCanvasDialog {...props} />
    case 'move':
      return <MoveCanvasDialog {...props} />
    case 'share':
      return <ShareCanvasDialog {...props} />
    case 'expiry':
      return <ExpiryDialog {...props} />
    case 'reminders':
      return <RemindersDialog {...props} />
    case 'revision':
      return <NewRevisionDialog {...props} />
    case 'settings':
      return <CanvasSettingsDialog {...props} />
    case 'export':
      return <ExportDialog {...props} />
    case 'delete':
      return <DeleteCanvasDialog {...props} />
  }
}
