/**
 * Opens the file list of the shown revision, next to the file switcher: for those who may edit the canvas,
 * on design and PDF canvases (a video or e-mail revision has one file, replaced by a new version).
 */
import { Button } from '@pinpoint/ui'
import { Files } from 'lucide-react'
import { useState } from 'react'
import { useReview } from '../model'
import { FilesDialog } from './files-dialog'
import { managesFiles } from './manages-files'

export function FilesButton() {
  const { canvas, abilities } = useReview()
  const [open, setOpen] = useState(false)
  if (!abilities.editCanvas || abilities.readOnly || !managesFiles(canvas.type)) return null
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Files of this revision"
        title="Files of this revision: add, replace, delete, reorder"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="files-button"
      >
        <Files aria-hidden="true" />
      </Button>
      {open ? <FilesDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}
