/**
 * Pixel size of PNG, GIF, WebP and JPEG images read from their headers (no decoding), so pins can be
 * placed before the image loads. Returns null when the header does not say (a truncated or odd file).
 */
export interface ImageSize {
  width: number
  height: number
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1] ?? 0
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }
    }
    offset += 2 + view.getUint16(offset + 2)
  }
  return null
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  const chunk = new TextDecoder().decode(bytes.subarray(12, 16))
  if (chunk === 'VP8X') {
    const width = 1 + (view.getUint32(24, true) & 0xffffff)
    const height = 1 + (view.getUint32(27, true) & 0xffffff)
    return { width, height }
  }
  if (chunk === 'VP8 ')
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  return null
}

export function imageSize(bytes: Uint8Array, mime: string): ImageSize | null {
  if (bytes.length < 30) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  try {
    switch (mime) {
      case 'image/png':
        return { width: view.getUint32(16), height: view.getUint32(20) }
      case 'image/gif':
        return { width: view.getUint16(6, true), height: view.getUint16(8, true) }
      case 'image/webp':
        return webpSize(bytes, view)
      case 'image/jpeg':
        return jpegSize(bytes, view)
      default:
        return null
    }
  } catch {
    return null
  }
}
