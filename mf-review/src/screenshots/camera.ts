/**
 * The frame viewer's camera (shots.ts): asks the bridge in the page for a picture ('capture') and matches
 * its answer ('captured') by request id. A bridge that never answers (an old page, a navigation) gives
 * null after a while, so nothing waits for ever.
 */
import type { BridgeMessage, ParentMessage } from '@pinpoint/anchoring/protocol'
import { useCallback, useEffect, useRef } from 'react'
import { setCamera } from './shots'

type Outgoing = ParentMessage extends infer M ? (M extends { ns: string } ? Omit<M, 'ns'> : never) : never

/** A capture of a large page can take seconds; past this the picture is given up. */
const ANSWER_WAIT_MS = 30_000

export function useCamera(post: (message: Outgoing) => void, ready: boolean, path: string | null) {
  const waiting = useRef(new Map<string, (image: Blob | null) => void>())
  useEffect(() => {
    if (!ready) return
    setCamera({
      path,
      capture(anchors) {
        const requestId = crypto.randomUUID()
        return new Promise<Blob | null>((resolve) => {
          const timer = window.setTimeout(() => {
            waiting.current.delete(requestId)
            resolve(null)
          }, ANSWER_WAIT_MS)
          waiting.current.set(requestId, (image) => {
            window.clearTimeout(timer)
            resolve(image)
          })
          post({ type: 'capture', requestId, anchors })
        })
      },
    })
    return () => setCamera(null)
  }, [ready, path, post])
  return useCallback((message: Extract<BridgeMessage, { type: 'captured' }>) => {
    const answer = waiting.current.get(message.requestId)
    waiting.current.delete(message.requestId)
    answer?.(message.image instanceof Blob ? message.image : null)
  }, [])
}
