/**
 * The viewer for the canvas type: website and e-mail frames, design images, and PDF and video players,
 * which are loaded only for their canvas types (pdf.js alone is larger than the rest of the screen).
 */
import { EmptyState, Spinner } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { FileQuestion } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useProxyBase } from '../data/queries'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { useFilePicture } from '../thumbnails/use-revision-picture'
import { FrameViewer } from './frame-viewer'
import { ImageViewer } from './image-viewer'

const PdfViewer = lazy(() => import('./pdf-viewer'))
const VideoViewer = lazy(() => import('./video-viewer'))

function WebsiteViewer() {
  const { canvas, route, loading, revisionNumber, latestRevisionNumber } = useReview()
  const framePath = useAtomValue(useReviewAtoms().framePath)
  // An earlier revision is reviewed at its own address (decision 047).
  const proxy = useProxyBase(
    canvas.subdomain,
    true,
    revisionNumber !== latestRevisionNumber ? revisionNumber : null,
    canvas.localUrl ?? null,
  )
  // Asked for before a link password was given, the address may have been refused: ask once more now.
  const retried = useRef(false)
  useEffect(() => {
    if (!proxy.isError || retried.current) return
    retried.current = true
    void proxy.refetch()
  }, [proxy])
  if (proxy.error && retried.current && !proxy.isFetching) {
    return (
      <EmptyState
        className="m-auto"
        icon={<FileQuestion />}
        title="This website cannot be shown"
        description={proxy.error.message}
      />
    )
  }
  // A link to a comment waits for it, to load its page once rather than the home page first.
  if (!proxy.data || (route.annotationId && loading))
    return <Spinner className="m-auto" label="Opening the website…" />
  const site = new URL(proxy.data.siteUrl)
  const path = framePath?.path ?? `${site.pathname}${site.search}`
  return (
    <FrameViewer
      kind="website"
      src={`${proxy.data.base}${path}`}
      frameKey={String(framePath?.seq ?? 0)}
      assetId={null}
    />
  )
}

export function Viewer() {
  const { viewer, asset } = useReview()
  useFilePicture()
  if (viewer === 'website') return <WebsiteViewer />
  if (!asset?.url) {
    return (
      <EmptyState
        className="m-auto"
        icon={<FileQuestion />}
        title={asset ? 'This file is still being processed' : 'Nothing to review yet'}
        description={asset ? 'It shows here as soon as it is ready.' : 'This revision has no files.'}
      />
    )
  }
  const fallback = <Spinner className="m-auto" label="Loading the viewer…" />
  switch (viewer) {
    case 'email':
      return <FrameViewer kind="email" src={asset.url} frameKey={asset.id} assetId={asset.id} />
    case 'pdf':
      return (
        <Suspense fallback={fallback}>
          <PdfViewer key={asset.id} asset={asset} />
        </Suspense>
      )
    case 'video':
      return (
        <Suspense fallback={fallback}>
          <VideoViewer key={asset.id} asset={asset} />
        </Suspense>
      )
    default:
      return <ImageViewer key={asset.id} asset={asset} />
  }
}
