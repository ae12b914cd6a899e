/**
 * One revision of a website or e-mail in the compare view: the page in a frame from the proxy origin at
 * the width given, its comments as pins (drawn by the bridge), commenting off. It reports its scroll and
 * follows the other side's (zoom and scroll locked together), and carries pins of an earlier revision
 * onto its page when asked (the bridge's 'carry').
 */
import type { Anchor, InactiveReason } from '@pinpoint/anchoring'
import type { PinInput } from '@pinpoint/anchoring/protocol'
import { Spinner } from '@pinpoint/ui'
import { type CSSProperties, useEffect, useRef, useState } from 'react'
import { useBridge } from '../viewers/bridge'

export interface CarryResult {
  id: string
  status: 'reanchored' | 'needs-new-spot'
  anchor?: Anchor
  reason?: InactiveReason
}

export interface FrameHandle {
  scrollTo(x: number, y: number): void
  carry(pins: { id: string; anchor: unknown }[]): Promise<CarryResult[]>
}

export function CompareFrame({
  src,
  kind,
  title,
  pins,
  width,
  style,
  testId,
  onScroll,
  onHandle,
}: {
  src: string
  kind: 'website' | 'email'
  title: string
  pins: PinInput[]
  width: number
  style?: CSSProperties
  testId: string
  onScroll(x: number, y: number): void
  onHandle(handle: FrameHandle | null): void
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [ready, setReady] = useState(false)
  const pending = useRef(new Map<string, (results: CarryResult[]) => void>())
  const targetOrigin = kind === 'email' ? '*' : new URL(src, location.href).origin
  const post = useBridge(frame, targetOrigin, (message) => {
    if (message.type === 'ready') setReady(true)
    else if (message.type === 'scroll') onScroll(message.x, message.y)
    else if (message.type === 'carried') {
      pending.current.get(message.requestId)?.(message.results)
      pending.current.delete(message.requestId)
    }
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is a new page to wait for
  useEffect(() => setReady(false), [src])
  useEffect(() => {
    if (!ready) return
    post({ type: 'mode', commenting: false, textEdit: false })
    post({ type: 'pins', pins })
  }, [ready, pins, post])
  useEffect(() => {
    if (!ready) return onHandle(null)
    onHandle({
      scrollTo: (x, y) => post({ type: 'scroll-to', x, y }),
      carry: (list) =>
        new Promise((resolve) => {
          const requestId = `${Date.now()}-${Math.random().toString(36).slice(2)}`
          pending.current.set(requestId, resolve)
          post({ type: 'carry', requestId, pins: list })
        }),
    })
  }, [ready, post, onHandle])
  return (
    <div className="absolute inset-0 flex justify-center" style={style}>
      <iframe
        ref={frame}
        key={src}
        src={src}
        title={title}
        sandbox={
          kind === 'email'
            ? 'allow-scripts allow-popups allow-popups-to-escape-sandbox'
            : 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox'
        }
        referrerPolicy="no-referrer"
        className="block h-full bg-white"
        style={{ width: Math.max(0, Math.round(width)) }}
        data-testid={testId}
        data-ready={ready ? 'true' : 'false'}
      />
      {!ready ? (
        <div className="absolute inset-0 grid place-items-center bg-surface/70">
          <Spinner label={kind === 'email' ? 'Loading the e-mail…' : 'Loading the page…'} />
        </div>
      ) : null}
    </div>
  )
}
