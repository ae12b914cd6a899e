// @ts-check
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import { frontendConfig } from '@pinpoint/ui/rspack-preset'
import { rspack } from '@rspack/core'

// The host: no static remotes. It reads /remotes.json at run time, so a remote deploys without
// a shell rebuild. Served from the site root (SPA fallback pages such as /dashboard/x need '/').
export default frontendConfig({
  rspack,
  ModuleFederationPlugin,
  dir: import.meta.dirname,
  name: 'shell',
  publicPath: '/',
})
