/**
 * The review screen's end of the bridge protocol (@pinpoint/anchoring/protocol): messages from the frame
 * are accepted only from that frame's window; messages to it go to the proxy origin (a website) or, for a
 * sandboxed e-mail whose origin is opaque, to the frame's window whatever its origin ('*'): the e-mail's
 * CSP lets only the bridge run there, and pins carry no comment text.
 */
import {
  BRIDGE_NS,
  type BridgeMessage,
  isBridgeMessage,
  type ParentMessage,
} from '@pinpoint/anchoring/protocol'
import { type RefObject, useCallback, useEffect, useRef } from 'react'

type Outgoing = ParentMessage extends infer M ? (M extends { ns: string } ? Omit<M, 'ns'> : never) : never

export function useBridge(
  frame: RefObject<HTMLIFrameElement | null>,
  targetOrigin: string,
  onMessage: (message: BridgeMessage) => void,
) {
  const handler = useRef(onMessage)
  handler.current = onMessage
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow || !isBridgeMessage(event.data))
        return
      handler.current(event.data)
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [frame])
  return useCallback(
    (message: Outgoing) =>
      frame.current?.contentWindow?.postMessage({ ns: BRIDGE_NS, ...message }, targetOrigin),
    [frame, targetOrigin],
  )
}
