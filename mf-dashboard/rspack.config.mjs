// @ts-check
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import { frontendConfig } from '@pinpoint/ui/rspack-preset'
import { rspack } from '@rspack/core'

// Remote 'dashboard': found by the shell through remotes.json. publicPath 'auto' resolves chunks from
// wherever this build is hosted (/mf/dashboard/ by default, or a CDN), so moving it needs no rebuild.
export default frontendConfig({
  rspack,
  ModuleFederationPlugin,
  dir: import.meta.dirname,
  name: 'dashboard',
  exposes: { './DashboardApp': './src/dashboard-app.tsx' },
})
