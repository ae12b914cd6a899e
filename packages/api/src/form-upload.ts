/**
 * A multipart POST that reports how many bytes went up: fetch cannot report upload progress (a streamed
 * request body needs HTTP/2 in Chromium and is not counted by the browser anyway), XMLHttpRequest can.
 * Used for the files of design, PDF and e-mail canvases and for comment attachments; videos go through tus
 * (video-upload.ts). Errors are the same as the client's: the server's ApiError for a status of 400 or
 * more, a NetworkError when no answer came, and an AbortError when the caller cancelled.
 */
import { ApiError, toApiError } from './errors'

export type UploadProgress = (sent: number, total: number) => void

export type FormUploadOptions = {
  headers?: Record<string, string>
  signal?: AbortSignal
  onProgress?: UploadProgress
}

export function sendForm<T>(url: string, form: FormData, options: FormUploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'))
      return
    }
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.withCredentials = true
    request.setRequestHeader('accept', 'application/json')
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total)
    }
    request.onload = () => {
      const body = parse(request.responseText, request.getResponseHeader('content-type') ?? '')
      if (request.status >= 400) reject(toApiError(request.status, request.statusText, body))
      else resolve(body as T)
    }
    request.onerror = () =>
      reject(new ApiError({ message: 'Network error', error: 'NetworkError', status: 0, meta: {} }))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    options.signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(form)
  })
}

function parse(text: string, type: string): unknown {
  if (!text) return undefined
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
