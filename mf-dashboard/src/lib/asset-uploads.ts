/**
 * Sending files into a canvas revision with the uploads tray (designs, PDFs and e-mails through
 * POST /canvas-assets, a video through the signed tus upload): the shared hook of @pinpoint/state on the
 * dashboard's API client. Used when a canvas is created and when a new version is uploaded.
 */
import { useAssetUploads as useSharedUploads } from '@pinpoint/state'
import { endpoints } from '../api'

export { cancelUpload } from '@pinpoint/state'

export function useAssetUploads() {
  return useSharedUploads(endpoints)
}
