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
import { useReselectAfterRemoteDelete } from './remote-delete'

/**
 * In the top bar from tablet width up; on a phone, whose top bar has no room left, in the comments sheet's
 * header (`place`), like the phone's zoom, which moved to the page bar.
 */
export function FilesButton({ place }: { place: 'top-bar' | 'sheet' }) {
  const { canvas, abilities } = useReview()
  const [open, setOpen] = useState(false)
  // The top bar's copy is always mounted, so it watches for a file deleted elsewhere (any viewer, any role).
  useReselectAfterRemoteDelete(place === 'top-bar')
  if (!abilities.editCanvas || abilities.readOnly || !managesFiles(canvas.type)) return null
  return (
    <>
      <Button
        variant={place === 'sheet' ? 'secondary' : 'ghost'}
        size={place === 'sheet' ? 'sm' : 'icon-sm'}
        className={place === 'sheet' ? 'md:hidden' : 'max-md:hidden'}
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
