import type { Canvas, Folder } from '@pinpoint/api'
import type { CanvasDialog } from '../../components/canvas-card'

export type CanvasDialogsProps = {
  canvas: Canvas
  dialog: CanvasDialog
  folders: Folder[]
  onClose: () => void
}
