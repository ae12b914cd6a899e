import type { Folder } from '@pinpoint/api'
import { addToastAtom, currentUserAtom, toDomainUser } from '@pinpoint/state'
import { Field, FormDialog, Input, Select, Tabs, Textarea } from '@pinpoint/ui'
import { useAtomValue, useSetAtom } from 'jotai'
import { Globe, Image as ImageIcon, Mail, UploadCloud, Video } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useCreateCanvas } from '../lib/create'
import { emailReviewUnavailableReason } from '../lib/email-review'
import { flattenFolders } from '../lib/folders'
import { FilePicker } from './file-picker'

export type NewCanvasTab = 'website' | 'files' | 'video' | 'email'

function errorText(error: unknown) {
  return error instanceof Error && error.message ? error.message : 'The canvas could not be created.'
}

/** Create a canvas of any type, into the current project by default. */
export function NewCanvasDialog({
  folders,
  folderId,
  initialTab = 'website',
  onClose,
}: {
  folders: Folder[]
  folderId: string | null
  initialTab?: NewCanvasTab
  onClose: () => void
}) {
  const [tab, setTab] = useState<NewCanvasTab>(initialTab)
  const [target, setTarget] = useState(folderId ?? '')
  const [title, setTitle] = useState('')
  const [url, setUrl] = useState('')
  const [images, setImages] = useState<File[]>([])
  const [video, setVideo] = useState<File[]>([])
  const [emailFile, setEmailFile] = useState<File[]>([])
  const [html, setHtml] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const create = useCreateCanvas()
  const toast = useSetAtom(addToastAtom)
  // The e-mail type stays listed so its absence is explained, not silent (SPEC 6 beta flag).
  const emailUnavailable = emailReviewUnavailableReason(toDomainUser(useAtomValue(currentUserAtom)))

  const ready =
    (tab === 'website' && url.trim().length > 0) ||
    (tab === 'files' && images.length > 0) ||
    (tab === 'video' && video.length > 0) ||
    (tab === 'email' && !emailUnavailable && (emailFile.length > 0 || html.trim().length > 0))

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!ready) return
    setPending(true)
    setError(null)
    const folder = target || null
    try {
      if (tab === 'website') await create.createWebsite({ url, title, folderId: folder })
      else if (tab === 'files') await create.createDesign({ files: images, title, folderId: folder })
      else if (tab === 'email')
        await create.createEmailFromHtml({ html: emailFile[0] ?? html, title, folderId: folder })
      else {
        // The video keeps uploading in the tray after the dialog closes.
        const file = video[0] as File
        onClose()
        await create.createVideo({ file, title, folderId: folder })
        toast({ type: 'success', message: `“${title.trim() || file.name}” is uploaded` })
        return
      }
      toast({ type: 'success', message: 'Canvas created' })
      onClose()
    } catch (err) {
      if (tab === 'video') toast({ type: 'error', message: errorText(err) })
      else setError(errorText(err))
    } finally {
      setPending(false)
    }
  }

  const titleField = (placeholder: string) => (
    <Field label="Title" hint="Optional: we suggest one from the address or file name.">
      <Input
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder={placeholder}
        maxLength={200}
      />
    </Field>
  )

  return (
    <FormDialog
      onClose={onClose}
      title="New canvas"
      description="Collect feedback on a live website, an e-mail, designs, PDFs or a video."
      size="lg"
      confirmLabel="Create canvas"
      form="new-canvas"
      pending={pending}
      disabled={!ready}
    >
      <form id="new-canvas" onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
        <Tabs
          label="Canvas type"
          value={tab}
          onValueChange={(value) => setTab(value as NewCanvasTab)}
          tabs={[
            {
              value: 'website',
              label: (
                <>
                  <Globe className="size-4" /> Website
                </>
              ),
              content: (
                <div className="flex flex-col gap-4">
                  <Field label="Website address">
                    <Input
                      type="text"
                      inputMode="url"
                      value={url}
                      onChange={(e) => setUrl(e.target.value)}
                      placeholder="https://example.com"
                      autoFocus
                    />
                  </Field>
                  {titleField('Homepage redesign')}
                </div>
              ),
            },
            {
              value: 'files',
              label: (
                <>
                  <ImageIcon className="size-4" /> Images & PDF
                </>
              ),
              content: (
                <div className="flex flex-col gap-4">
                  <FilePicker
                    accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf"
                    multiple
                    files={images}
                    onFiles={setImages}
                    label="Choose images or PDFs"
                    hint="PNG, JPEG, GIF, WebP, SVG or PDF. Several files become pages of one canvas."
                    icon={<UploadCloud />}
                  />
                  {titleField('Brand guidelines')}
                </div>
              ),
            },
            {
              value: 'video',
              label: (
                <>
                  <Video className="size-4" /> Video
                </>
              ),
              content: (
                <div className="flex flex-col gap-4">
                  <FilePicker
                    accept="video/*"
                    files={video}
                    onFiles={setVideo}
                    label="Choose a video"
                    hint="MP4, MOV or WebM. Large files upload in the background and resume if interrupted."
                    icon={<Video />}
                  />
                  {titleField('Product teaser')}
                </div>
              ),
            },
            {
              value: 'email',
              label: (
                <>
                  <Mail className="size-4" /> E-mail
                </>
              ),
              content: emailUnavailable ? (
                <div
                  className="rounded-control border border-line bg-surface-sunken px-4 py-3 text-sm"
                  data-testid="email-review-unavailable"
                >
                  <p className="font-medium text-ink">E-mail canvases are not available</p>
                  <p className="mt-1 text-ink-muted">{emailUnavailable}</p>
                </div>
              ) : (
                <div className="flex flex-col gap-4">
                  <FilePicker
                    accept=".html,.htm,text/html"
                    files={emailFile}
                    onFiles={setEmailFile}
                    label="Upload an HTML file"
                    hint="The e-mail’s HTML, as exported by your e-mail tool."
                    icon={<Mail />}
                  />
                  {emailFile.length === 0 ? (
                    <Field label="…or paste the HTML">
                      <Textarea
                        value={html}
                        onChange={(e) => setHtml(e.target.value)}
                        rows={4}
                        className="font-mono text-xs"
                        placeholder="<html>…</html>"
                      />
                    </Field>
                  ) : null}
                  {titleField('Newsletter — March')}
                </div>
              ),
            },
          ]}
        />
        <Field label="Project">
          <Select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">No project</option>
            {flattenFolders(folders).map(({ folder, depth }) => (
              <option key={folder.id} value={folder.id}>
                {`${'\u00a0\u00a0'.repeat(depth)}${folder.name}`}
              </option>
            ))}
          </Select>
        </Field>
        {error ? (
          <p
            role="alert"
            className="rounded-control border border-danger-600/20 bg-danger-50 px-3 py-2 text-sm text-danger-700"
          >
            {error}
          </p>
        ) : null}
      </form>
    </FormDialog>
  )
}
