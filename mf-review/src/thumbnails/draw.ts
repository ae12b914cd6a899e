/**
 * Pictures of file revisions drawn in the browser (decision 056): a design's image scaled down, a
 * video's first frame. The files are served from the app's own origin, so the canvas is never tainted and
 * can be encoded. WebP where the browser encodes it; the canvas falls back to PNG elsewhere (the server
 * takes both).
 */
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_MAX_HEIGHT, THUMBNAIL_WIDTH } from '@pinpoint/domain'

/** Scales a source to the picture width (never up), cut at the picture's height from the top. */
export function encodePicture(
  source: CanvasImageSource,
  width: number,
  height: number,
): Promise<Blob | null> {
  if (!(width > 0 && height > 0)) return Promise.resolve(null)
  const scale = Math.min(1, THUMBNAIL_WIDTH / width)
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.floor(width * scale))
  canvas.height = Math.max(1, Math.min(THUMBNAIL_MAX_HEIGHT, Math.floor(height * scale)))
  const context = canvas.getContext('2d')
  if (!context) return Promise.resolve(null)
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(source, 0, 0, Math.floor(width * scale), Math.floor(height * scale))
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/webp', 0.8))
}

export async function imagePicture(url: string): Promise<Blob | null> {
  const image = new Image()
  image.decoding = 'async'
  image.src = url
  await image.decode()
  // An SVG without a size reports 0: draw it at the card's width.
  const width = image.naturalWidth || THUMBNAIL_WIDTH
  const height = image.naturalHeight || Math.round((THUMBNAIL_WIDTH * 10) / 16)
  return encodePicture(image, width, height)
}

export function videoPicture(url: string, timeoutMs = 20_000): Promise<Blob | null> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video')
    const done = () => {
      window.clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
    }
    const timer = window.setTimeout(() => {
      done()
      resolve(null)
    }, timeoutMs)
    video.muted = true
    video.playsInline = true
    video.preload = 'auto'
    video.addEventListener(
      'loadeddata',
      () => {
        encodePicture(video, video.videoWidth, video.videoHeight).then(resolve, reject).finally(done)
      },
      { once: true },
    )
    video.addEventListener(
      'error',
      () => {
        done()
        resolve(null)
      },
      { once: true },
    )
    video.src = url
  })
}

/**
 * A browser that cannot encode WebP gives PNG, which can pass the upload limit for a busy page: such a
 * picture is encoded again as JPEG. Null when even that does not fit (the card keeps its icon).
 */
export async function withinLimit(picture: Blob): Promise<Blob | null> {
  if (picture.size <= THUMBNAIL_MAX_BYTES) return picture
  const bitmap = await createImageBitmap(picture)
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0)
  bitmap.close()
  const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7))
  return jpeg && jpeg.size <= THUMBNAIL_MAX_BYTES ? jpeg : null
}
