/** A design image with pins at relative positions (SPEC: they stay on their spot at any zoom). */
import { useState } from 'react'
import type { CanvasAsset } from '../data/types'
import { Surface } from './surface'

export function ImageViewer({
  asset,
}: {
  asset: CanvasAsset & { width?: number | null; height?: number | null }
}) {
  const [natural, setNatural] = useState({ width: asset.width ?? 0, height: asset.height ?? 0 })
  return (
    <Surface
      natural={natural.width ? natural : { width: 1200, height: 800 }}
      assetId={asset.id}
      pageIndex={0}
      label={`Design ${asset.name}`}
    >
      <img
        src={asset.url ?? ''}
        alt={asset.name}
        draggable={false}
        className="block size-full select-none"
        onLoad={(event) => {
          const image = event.currentTarget
          if (image.naturalWidth !== natural.width || image.naturalHeight !== natural.height) {
            setNatural({ width: image.naturalWidth, height: image.naturalHeight })
          }
        }}
      />
    </Surface>
  )
}
