/**
 * The asset calls of SPEC 7 the review screen's file list makes: add (POST /canvas-assets), replace
 * (POST /canvases/{id}/assets/{assetId}), delete and reorder. On the shared API client, so errors arrive as
 * the server's messages; files go up with byte progress (XMLHttpRequest).
 */
import { createApiClient, createEndpoints, type UploadProgress } from '@pinpoint/api'
import { useMemo } from 'react'
import type { Annotation, CanvasAsset } from '../data/types'

/** Byte progress and Cancel of a file upload (the shared uploads list). */
type SendOptions = { onProgress?: UploadProgress; signal?: AbortSignal }

export function createAssetApi(client = createApiClient()) {
  const endpoints = createEndpoints(client)
  return {
    /** A new file at the end of the revision's list (the server picks the next position). */
    upload: (canvasId: string, file: File, revisionId: string | null, send: SendOptions = {}) =>
      endpoints.assets.upload({ file, fileName: file.name, canvasId, revisionId, ...send }),
    replace: (canvasId: string, assetId: string, file: File, send: SendOptions = {}) =>
      endpoints.assets.replace({ canvasId, assetId, file, fileName: file.name, ...send }),
    /** Answers the deleted asset and the comments that were pinned to it (they go with it). */
    remove: (canvasId: string, assetId: string) =>
      client.delete<{ canvasAsset: CanvasAsset; annotations: Pick<Annotation, 'id'>[] }>(
        `/canvases/${canvasId}/assets/${assetId}`,
      ),
    reorder: (canvasId: string, canvasAssets: { id: string; position: number }[]) =>
      client.post<{ canvasAssets: CanvasAsset[] }>(`/canvases/${canvasId}/assets/reorder`, { canvasAssets }),
  }
}

export function useAssetApi() {
  return useMemo(() => createAssetApi(), [])
}
