// @ts-check
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import { frontendConfig } from '@pinpoint/ui/rspack-preset'
import { rspack } from '@rspack/core'

// The minimal host each slice's smoke mounts the slice in (docs/micro-frontends.md): a federation host
// like the shell (the same shared singletons, the federation runtime the slices run on), and nothing
// else of it. The browser test serves these files under /__slice-host/ at whatever page address the
// slice needs, so its API calls reach the real server on the same origin.
const config = /** @type {import('@rspack/core').Configuration} */ (
  frontendConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname, name: 'slice_host' })
)
export default { ...config, output: { ...config.output, publicPath: '/__slice-host/' } }
