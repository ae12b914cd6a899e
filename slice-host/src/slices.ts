/** One exposed module to mount: `<remote>/<module>`, from the remote's manifest (its dist by default). */
export type MountedSlice = {
  id: string
  remote: string
  module: string
  manifest: string
  props: Record<string, unknown>
}

type Requested = { remote?: unknown; module?: unknown; manifest?: unknown; props?: unknown }

/** The slices `window.__PINPOINT_SLICE_HOST__` asks for (an array of { remote, module, manifest?, props? }). */
export function readSlices(scope: object): MountedSlice[] {
  const requested = (scope as { __PINPOINT_SLICE_HOST__?: unknown }).__PINPOINT_SLICE_HOST__
  if (!Array.isArray(requested) || requested.length === 0)
    throw new Error('window.__PINPOINT_SLICE_HOST__ names no slice to mount')
  return requested.map((entry: Requested, index) => {
    if (typeof entry.remote !== 'string' || typeof entry.module !== 'string')
      throw new Error(`slice ${index} needs a remote and a module`)
    return {
      id: `${entry.remote}/${entry.module}`,
      remote: entry.remote,
      module: entry.module,
      manifest: typeof entry.manifest === 'string' ? entry.manifest : `/mf/${entry.remote}/mf-manifest.json`,
      props:
        typeof entry.props === 'object' && entry.props !== null
          ? (entry.props as Record<string, unknown>)
          : {},
    }
  })
}
