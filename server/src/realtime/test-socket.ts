/**
 * A WebSocket client for tests and benchmarks: records every frame and waits for the ones a test expects.
 */
import type { ServerFrame } from './protocol'

export interface SocketOptions {
  /** Session cookie value, sent as `pinpoint_session`. */
  sessionToken?: string
  /** API token, sent as `Authorization: Bearer`. */
  bearer?: string
  origin?: string
}

type Frame = ServerFrame & Record<string, unknown>

export class TestSocket {
  readonly frames: Frame[] = []
  private waiters: { test: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = []
  private closedPromise: Promise<{ code: number }>

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as Frame
      this.frames.push(frame)
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(frame)) return true
        waiter.resolve(frame)
        return false
      })
    })
    this.closedPromise = new Promise((resolve) =>
      ws.addEventListener('close', (event) => resolve({ code: event.code })),
    )
  }

  /** Opens a socket and waits for the server's `ready` frame. */
  static async open(baseUrl: string, options: SocketOptions = {}): Promise<TestSocket> {
    const socket = TestSocket.connect(baseUrl, options)
    await Promise.race([
      socket.next((frame) => frame.type === 'ready', 5000),
      socket.closedPromise.then(({ code }) => {
        throw new Error(`socket closed before ready (code ${code})`)
      }),
    ])
    return socket
  }

  /** Starts opening a socket without waiting for anything (frames are recorded from the first one). */
  static connect(baseUrl: string, options: SocketOptions = {}): TestSocket {
    const headers: Record<string, string> = {}
    if (options.sessionToken) headers.cookie = `pinpoint_session=${options.sessionToken}`
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
    if (options.origin) headers.origin = options.origin
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/v1/realtime`
    // Bun's WebSocket accepts headers (a browser would send the cookie by itself).
    return new TestSocket(new WebSocket(url, { headers } as unknown as string[]))
  }

  /** Resolves once the WebSocket handshake is done (before the server's `ready`). */
  opened(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) return Promise.resolve()
    return new Promise((resolve, reject) => {
      this.ws.addEventListener('open', () => resolve(), { once: true })
      this.ws.addEventListener('close', () => reject(new Error('socket closed before it opened')), {
        once: true,
      })
    })
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** The next frame (from now on, or already received when `fromStart`) matching `test`. */
  next(test: (frame: Frame) => boolean, timeoutMs = 3000, fromStart = false): Promise<Frame> {
    if (fromStart) {
      const found = this.frames.find(test)
      if (found) return Promise.resolve(found)
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done)
        reject(
          new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`),
        )
      }, timeoutMs)
      const done = (frame: Frame) => {
        clearTimeout(timer)
        resolve(frame)
      }
      this.waiters.push({ test, resolve: done })
    })
  }

  /**
   * Runs `action` and waits, after it, for a frame matching `test`; listening starts first, since the
   * frame an HTTP call causes can arrive before its answer. Returns what `action` returned.
   */
  async during<T>(test: (frame: Frame) => boolean, action: () => Promise<T>): Promise<T> {
    const heard = this.next(test)
    const result = await action()
    await heard
    return result
  }

  /** Sends a message and waits for the frame that answers it. */
  async request(message: unknown, test: (frame: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const answer = this.next(test, timeoutMs)
    this.send(message)
    return answer
  }

  /** Canvas events received so far (optionally of one type). */
  events(type?: string) {
    return this.frames.flatMap((frame) =>
      frame.type === 'event' && (!type || frame.event.type === type) ? [frame.event] : [],
    )
  }

  notifications() {
    return this.frames.flatMap((frame) => (frame.type === 'notification' ? [frame.notification] : []))
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return
    this.ws.close()
    await this.closedPromise
  }
}
