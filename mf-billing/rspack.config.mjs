// @ts-check
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import { frontendConfig } from '@pinpoint/ui/rspack-preset'
import { rspack } from '@rspack/core'

// Remote 'billing': found by the shell through remotes.json. publicPath 'auto' resolves chunks from
// wherever this build is hosted (/mf/billing/ by default, or a CDN), so moving it needs no rebuild.
export default frontendConfig({
  rspack,
  ModuleFederationPlugin,
  dir: import.meta.dirname,
  name: 'billing',
  exposes: {
    './BillingOverview': './src/billing-overview.tsx',
    './PlanSelection': './src/plan-selection.tsx',
    './InvoicePage': './src/invoice-page.tsx',
  },
})
