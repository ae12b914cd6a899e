/**
 * The new-comment box, next to the spot that was clicked (a sheet at the bottom on phones). Visitors who
 * are not signed in give their name and e-mail here, in the same step (guest login). Also confirms the
 * re-attachment of an inactive comment to a new spot.
 */
import { INACTIVE_REASON_TEXT } from '@pinpoint/anchoring'
import { loginAtom } from '@pinpoint/state'
import { Button, cn, Input, Switch } from '@pinpoint/ui'
import { useAtom, useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useCanvasUsers, useReviewApi } from '../data/queries'
import type { Annotation } from '../data/types'
import { useReview } from '../model'
import { takeDraftShot } from '../screenshots/shots'
import type { Draft } from '../state'
import { useReviewAtoms } from '../state'
import { AttachButton, UploadList, useUploads } from './attachments'
import { type Mentioned, MentionTextarea, toMarkup } from './mention-textarea'

const WIDTH = 320

function position(screen: Draft['screen']) {
  const left = Math.min(Math.max(8, screen.x + 20), window.innerWidth - WIDTH - 8)
  const top = Math.min(Math.max(8, screen.y - 24), window.innerHeight - 320)
  return { left, top: Math.max(8, top) }
}

export function ComposerLayer() {
  const atoms = useReviewAtoms()
  const [draft, setDraft] = useAtom(atoms.draft)
  const setReattach = useSetAtom(atoms.reattachId)
  const setWritten = useSetAtom(atoms.draftText)
  useEffect(() => {
    if (!draft) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setDraft(null)
      setWritten({ text: '', mentions: [] })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [draft, setDraft, setWritten])
  if (!draft) return null
  const close = () => {
    setDraft(null)
    setReattach(null)
    setWritten({ text: '', mentions: [] })
  }
  return <Composer key={`${draft.screen.x},${draft.screen.y}`} draft={draft} onClose={close} />
}

function Composer({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const model = useReview()
  const { canvas, abilities, actions, numbers, annotations, select } = model
  const api = useReviewApi()
  const login = useSetAtom(loginAtom)
  const users = useCanvasUsers(canvas.id, abilities.mention)
  const uploads = useUploads()
  const [written, setWritten] = useAtom(useReviewAtoms().draftText)
  const { text, mentions } = written
  const setText = (next: string) => setWritten((current) => ({ ...current, text: next }))
  const setMentions = (update: (list: readonly Mentioned[]) => Mentioned[]) =>
    setWritten((current) => ({ ...current, mentions: update(current.mentions) }))
  const [isPrivate, setPrivate] = useState(false)
  const [guest, setGuest] = useState({ name: '', email: '' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const reattaching = draft.reattachId ? annotations.find((a) => a.id === draft.reattachId) : undefined
  const needsName = !abilities.signedIn
  const canPost =
    (!!text.trim() || !!draft.textAfter) &&
    !uploads.busy &&
    (!needsName || (guest.name.trim() && guest.email.trim()))

  const submit = async () => {
    if (!canPost || busy) return
    setBusy(true)
    setError(null)
    try {
      if (needsName)
        login((await api.guestLogin({ name: guest.name.trim(), email: guest.email.trim() })).user)
      // The picture of the spot, started when the pin was placed, follows the comment (never delays it).
      const shot = draft.anchor && !draft.reattachId ? takeDraftShot(draft.anchor) : null
      const created = await actions.create({
        CanvasId: canvas.id,
        CanvasRevisionId: model.revisionId,
        CanvasAssetId: draft.assetId,
        canvasAssetPageIndex: draft.pageIndex,
        x: draft.x,
        y: draft.y,
        videoTime: draft.videoTime,
        path: draft.path,
        isPrivate,
        comment: toMarkup(text.trim(), mentions),
        textContentBefore: draft.textBefore,
        textContentAfter: draft.textAfter,
        fileAttachmentIds: uploads.ids,
        metadata: {
          // SPEC 4: the window decides the view (mobile or desktop) the comment reopens in.
          window: { width: window.innerWidth, height: window.innerHeight },
          ...(draft.anchor ? { anchor: { ...draft.anchor } } : {}),
        },
        ...(shot !== null ? { screenshotPending: true } : {}),
      })
      if (created && shot !== null) void actions.attachScreenshot(created.id, 'screenshot', shot)
      if (created) {
        setWritten({ text: '', mentions: [] })
        onClose()
        select(created.id)
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The comment could not be posted.')
    } finally {
      setBusy(false)
    }
  }

  const style = window.innerWidth < 640 ? undefined : position(draft.screen)
  return (
    <section
      role="dialog"
      aria-label={reattaching ? 'Re-attach comment' : 'New comment'}
      className={cn(
        'fixed z-40 space-y-3 border border-line bg-surface-raised p-3 shadow-pop animate-pop-in',
        style ? 'w-80 rounded-card' : 'inset-x-0 bottom-0 rounded-t-2xl pb-5',
      )}
      style={style}
      data-testid="composer"
    >
      {reattaching ? (
        <Reattach
          annotation={reattaching}
          number={numbers.get(reattaching.id)}
          draft={draft}
          onClose={onClose}
        />
      ) : (
        <>
          {needsName ? (
            <div className="grid grid-cols-2 gap-2">
              <Input
                aria-label="Your name"
                placeholder="Your name"
                autoComplete="name"
                value={guest.name}
                onChange={(e) => setGuest({ ...guest, name: e.target.value })}
              />
              <Input
                aria-label="Your e-mail"
                placeholder="Your e-mail"
                type="email"
                autoComplete="email"
                value={guest.email}
                onChange={(e) => setGuest({ ...guest, email: e.target.value })}
              />
            </div>
          ) : null}
          {draft.textAfter !== null ? (
            <div
              className="rounded-md border border-line bg-surface-sunken p-2 text-xs"
              data-testid="copy-change"
            >
              <p className="text-ink-subtle line-through">{draft.textBefore}</p>
              <p className="mt-1 font-medium text-ink">{draft.textAfter}</p>
            </div>
          ) : null}
          <MentionTextarea
            ref={field}
            autoFocus={!needsName}
            value={text}
            onChange={setText}
            mentions={mentions}
            onMention={(mention) => setMentions((list) => [...list, mention])}
            users={users.data ?? []}
            label="Comment"
            placeholder={abilities.mention ? 'Add a comment… @ to mention someone' : 'Add a comment…'}
            onSubmit={() => void submit()}
          />
          <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
          {abilities.privateComments ? (
            <Switch
              checked={isPrivate}
              onCheckedChange={setPrivate}
              label="Private"
              description="Only your team sees it"
            />
          ) : null}
          {error ? (
            <p className="text-sm text-danger-700" role="alert">
              {error}
            </p>
          ) : null}
          <div className="flex items-center gap-2">
            {abilities.attach ? <AttachButton onFiles={uploads.add} /> : null}
            <span className="ml-auto" />
            <Button variant="ghost" size="sm" onClick={onClose}>
              Cancel
            </Button>
            <Button size="sm" loading={busy} disabled={!canPost} onClick={() => void submit()}>
              {needsName ? 'Post as guest' : 'Post'}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}

function Reattach({
  annotation,
  number,
  draft,
  onClose,
}: {
  annotation: Annotation
  number: number | undefined
  draft: Draft
  onClose: () => void
}) {
  const { actions, select } = useReview()
  const [busy, setBusy] = useState(false)
  const reason = annotation.inactiveReason as keyof typeof INACTIVE_REASON_TEXT | null
  return (
    <>
      <p className="text-sm">
        Move comment <strong>#{number}</strong> here?{' '}
        <span className="text-ink-muted">{reason ? (INACTIVE_REASON_TEXT[reason] ?? reason) : ''}</span>
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button
          size="sm"
          loading={busy}
          onClick={async () => {
            setBusy(true)
            const ok = await actions.update(annotation.id, {
              inactiveReason: null,
              path: draft.path ?? annotation.path,
              metadata: { ...annotation.metadata, ...(draft.anchor ? { anchor: { ...draft.anchor } } : {}) },
              ...(draft.x !== null ? { x: draft.x, y: draft.y } : {}),
              // On a design or PDF, the new spot may be on another file or page than the old one.
              ...(draft.assetId && draft.x !== null
                ? { CanvasAssetId: draft.assetId, canvasAssetPageIndex: draft.pageIndex }
                : {}),
            })
            setBusy(false)
            if (ok) {
              onClose()
              select(annotation.id)
            }
          }}
        >
          Re-attach
        </Button>
      </div>
    </>
  )
}
