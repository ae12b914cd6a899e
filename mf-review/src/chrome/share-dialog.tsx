/**
 * Share from the review screen (issue 19 item 11: the owner had to go back to the dashboard's card menu
 * to share the canvas being reviewed). The feedback link to copy and invites by e-mail
 * (POST /canvases/{id}/share), offered to whoever may edit the canvas, as the server requires. The dialog
 * is the dashboard's, from @pinpoint/ui, loaded on the first click: guests never see the button, so the
 * guest entry does not carry the dialog.
 */
import { parseEmailList } from '@pinpoint/domain'
import { addToastAtom } from '@pinpoint/state'
import { Button } from '@pinpoint/ui'
import { useSetAtom } from 'jotai'
import { Share2 } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useReviewApi } from '../data/queries'
import { useReview } from '../model'

const ShareDialog = lazy(() => import('@pinpoint/ui/share-dialog').then((m) => ({ default: m.ShareDialog })))

export function ShareButton() {
  const { abilities, canvas } = useReview()
  const api = useReviewApi()
  const toast = useSetAtom(addToastAtom)
  const [open, setOpen] = useState(false)
  if (!abilities.member || !abilities.editCanvas) return null
  return (
    <>
      {/* Not on a phone, like People: with two revisions the bar ran past a 390 px screen (compare
          journey); there the dashboard card's Share entry opens the same dialog. */}
      <Button variant="secondary" size="sm" className="max-sm:hidden" onClick={() => setOpen(true)}>
        <Share2 />
        Share
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog
            title={canvas.title}
            link={new URL(`/link/${canvas.subdomain}/`, location.origin).toString()}
            formId="review-share"
            parseEmails={parseEmailList}
            send={(invite) => api.shareCanvas(canvas.id, invite)}
            notify={(type, message) => toast({ type, message })}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
