// @ts-check
/**
 * One build recipe for the shell and every micro-frontend, so the list of shared singletons and
 * the CSS pipeline cannot drift between them (a shared package missing from one build fails
 * silently: that remote gets its own React/Jotai copy and sees an empty store).
 *
 * The caller passes its own `rspack` and `ModuleFederationPlugin`, so this file depends on
 * nothing the calling front end has not declared.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * Packages every front end shares as singletons. Subpaths are separate share keys
 * (`react` does not cover `react/jsx-runtime`), and each entry names the package whose
 * version it carries.
 */
export const SHARED_SINGLETONS = /** @type {const} */ ({
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  jotai: 'jotai',
  '@tanstack/react-query': '@tanstack/react-query',
  '@pinpoint/state': '@pinpoint/state',
  '@pinpoint/ui': '@pinpoint/ui',
  '@pinpoint/api': '@pinpoint/api',
})

/**
 * Shared as singletons by every front end that depends on them. A front end that does not use
 * the package does not have to declare it.
 *
 * react-router is deliberately NOT shared: a shared module is built whole (no tree shaking), which
 * made it 63 KB gzip of the shell's first download; bundled by the shell alone it is tree-shaken
 * to the declarative router it uses. Remotes navigate through `navigatorAtom` of @pinpoint/state
 * (the shell's navigate function), so there is still one router on the page.
 */
export const OPTIONAL_SHARED_SINGLETONS = /** @type {const} */ ({})

/** @param {string} file */
function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'))
}

/**
 * Version of a package as installed for `dir` (walks up node_modules like Node does; the repo
 * installs hoisted, and workspace packages are linked there).
 * @param {string} dir
 * @param {string} name
 */
function installedVersion(dir, name) {
  for (let current = dir; ; current = dirname(current)) {
    const file = join(current, 'node_modules', name, 'package.json')
    if (existsSync(file)) return /** @type {string} */ (readJson(file).version)
    if (dirname(current) === current) throw new Error(`Cannot find ${name} from ${dir}: run bun install`)
  }
}

/**
 * `shared` option for ModuleFederationPlugin. requiredVersion is the caret range of the version
 * this front end declares (workspace:* resolves to the linked package's version).
 * @param {string} dir front end folder (holds package.json)
 */
export function sharedSingletons(dir) {
  const pkg = readJson(join(dir, 'package.json'))
  const declared = { ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.dependencies }
  /** @type {Record<string, { singleton: true, requiredVersion: string }>} */
  const shared = {}
  for (const [key, packageName] of Object.entries(SHARED_SINGLETONS)) {
    const spec = declared[packageName]
    if (!spec) throw new Error(`${pkg.name} shares ${key} but does not depend on ${packageName}`)
    const version = /^\d/.test(spec) ? spec : installedVersion(dir, packageName)
    shared[key] = { singleton: true, requiredVersion: `^${version}` }
  }
  for (const [key, packageName] of Object.entries(OPTIONAL_SHARED_SINGLETONS)) {
    const spec = declared[packageName]
    if (!spec) continue
    const version = /^\d/.test(spec) ? spec : installedVersion(dir, packageName)
    shared[key] = { singleton: true, requiredVersion: `^${version}` }
  }
  return shared
}

/**
 * The contract this front end is built against (packages/state/contract.json, docs/micro-frontends.md).
 * @param {string} dir
 * @returns {{ version: string, mount: Record<string, string[]> }}
 */
function readContract(dir) {
  for (let current = dir; ; current = dirname(current)) {
    const file = join(current, 'node_modules', '@pinpoint', 'state', 'contract.json')
    if (existsSync(file)) return readJson(file)
    if (dirname(current) === current) throw new Error(`Cannot find @pinpoint/state/contract.json from ${dir}`)
  }
}

/**
 * Writes the `pinpoint` block into mf-manifest.json once it is on disk: the contract version, each shared
 * singleton with the version this build carries and the range it requires, the exposed modules, and (the
 * shell) the modules it mounts from each slice. The release registry and the shell read it to refuse a
 * slice that does not fit before users meet it (packages/domain/src/frontend-contract.ts).
 * @param {string} dir
 * @param {boolean} host
 */
export function contractManifestPlugin(dir, host) {
  return {
    /** @param {import('@rspack/core').Compiler} compiler */
    apply(compiler) {
      compiler.hooks.afterEmit.tap('pinpoint-contract-manifest', () => {
        const file = join(/** @type {string} */ (compiler.options.output.path), 'mf-manifest.json')
        if (!existsSync(file)) throw new Error(`${file} was not written: the contract cannot be declared`)
        const manifest = readJson(file)
        const contract = readContract(dir)
        /** @type {Record<string, { version: string, requiredVersion: string }>} */
        const shared = {}
        for (const entry of manifest.shared ?? []) {
          shared[entry.name] = { version: entry.version, requiredVersion: entry.requiredVersion }
        }
        manifest.pinpoint = {
          contract: contract.version,
          shared,
          exposes: (manifest.exposes ?? []).map((/** @type {{ name: string }} */ entry) => entry.name),
          ...(host ? { mount: contract.mount } : {}),
        }
        writeFileSync(file, JSON.stringify(manifest, null, 2))
      })
    },
  }
}

/**
 * Layers that hold variant utilities, after Tailwind's own `utilities` layer, in Tailwind's variant
 * order (states, then breakpoints from narrow to wide).
 */
export const VARIANT_LAYERS = ['v-state', 'v-sm', 'v-md', 'v-lg', 'v-xl', 'v-2xl']
const BREAKPOINT_LAYER = { sm: 'v-sm', md: 'v-md', lg: 'v-lg', xl: 'v-xl', '2xl': 'v-2xl' }

/**
 * The first variant of an escaped Tailwind class (`sm\:flex` -> 'sm', `\[\&_svg\]\:size-4` -> '[&_svg]'),
 * or null for a base utility. Colons inside arbitrary values (`bg-\[url\(data\:...\)\]`) do not count.
 * @param {string} className the class as written in the selector, without the dot
 */
export function firstVariant(className) {
  let depth = 0
  for (let i = 0; i < className.length; i += 1) {
    if (className[i] !== '\\') continue
    const next = className[i + 1]
    if (next === '[' || next === '(') depth += 1
    else if (next === ']' || next === ')') depth = Math.max(0, depth - 1)
    else if (next === ':' && depth === 0) return className.slice(0, i).replace(/\\/g, '')
    i += 1
  }
  return null
}

/**
 * PostCSS plugin: moves variant utilities (`sm:flex`, `hover:bg-x`, `data-[state=open]:...`) out of
 * `@layer utilities` into the variant layers above.
 *
 * Why: the shell and each remote ship their own Tailwind stylesheet, and each defines the utilities
 * it uses. In one stylesheet Tailwind orders variants after base utilities; across stylesheets a
 * later sheet's `.hidden` would beat an earlier sheet's `sm:flex` on the same element. With every
 * sheet declaring the same layer order, any variant beats any base utility whatever the sheet order,
 * exactly as inside one Tailwind build.
 */
export function variantLayersPlugin() {
  return {
    postcssPlugin: 'pinpoint-variant-layers',
    /** @param {import('postcss').Root} root @param {{ AtRule: typeof import('postcss').AtRule }} helpers */
    OnceExit(root, { AtRule }) {
      /** @type {Map<string, import('postcss').ChildNode[]>} */
      const buckets = new Map()
      root.walkAtRules('layer', (layer) => {
        if (layer.params.trim() !== 'utilities' || !layer.nodes) return
        for (const node of [...layer.nodes]) {
          /** @type {string | undefined} */
          let selector
          if (node.type === 'rule') selector = node.selector
          else if (node.type === 'atrule')
            node.walkRules((rule) => {
              selector ??= rule.selector
            })
          const match = selector?.match(/^\.((?:\\.|[^\s.:>+~,[#])+)/)
          const variant = match?.[1] ? firstVariant(match[1]) : null
          if (!variant) continue
          const target = BREAKPOINT_LAYER[/** @type {keyof typeof BREAKPOINT_LAYER} */ (variant)] ?? 'v-state'
          node.remove()
          buckets.set(target, [...(buckets.get(target) ?? []), node])
        }
      })
      if (buckets.size === 0) return
      root.prepend(
        new AtRule({
          name: 'layer',
          params: `theme, base, components, utilities, ${VARIANT_LAYERS.join(', ')}`,
        }),
      )
      for (const name of VARIANT_LAYERS) {
        const nodes = buckets.get(name)
        if (nodes) root.append(new AtRule({ name: 'layer', params: name, nodes }))
      }
    },
  }
}
variantLayersPlugin.postcss = true

/**
 * @typedef {object} FrontendOptions
 * @property {typeof import('@rspack/core').rspack} rspack
 * @property {new (options: import('@module-federation/enhanced/rspack').ModuleFederationPlugin['_options']) => import('@rspack/core').RspackPluginInstance} ModuleFederationPlugin
 * @property {string} dir front end folder
 * @property {string} name federation container name (also the key in remotes.json)
 * @property {Record<string, string>} [exposes] present for a remote, absent for the host
 */

/** @typedef {import('@rspack/core').Configuration} Configuration */

/**
 * What every build has in common: production mode, SWC for TS/TSX with React's automatic
 * runtime, Tailwind v4 through PostCSS into rspack's native CSS, content-hashed file names.
 * @param {{ dir: string, outDir: string, publicPath: string, uniqueName: string }} options
 * @returns {Configuration}
 */
function baseConfig({ dir, outDir, publicPath, uniqueName }) {
  return {
    context: dir,
    mode: 'production',
    target: ['web', 'es2022'],
    devtool: false,
    output: {
      path: outDir,
      publicPath,
      uniqueName,
      filename: 'assets/[name].[contenthash:10].js',
      chunkFilename: 'assets/[name].[contenthash:10].js',
      cssFilename: 'assets/[name].[contenthash:10].css',
      cssChunkFilename: 'assets/[name].[contenthash:10].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules[\\/](?!@pinpoint)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          type: 'css/auto',
          use: [
            {
              loader: 'postcss-loader',
              options: {
                postcssOptions: {
                  // Scan only this front end's sources; theme.css adds the design system's own.
                  plugins: [['@tailwindcss/postcss', { base: join(dir, 'src') }], variantLayersPlugin()],
                },
              },
            },
          ],
        },
      ],
    },
    performance: { hints: false },
  }
}

/**
 * @param {FrontendOptions['rspack']} rspack
 * @param {string} dir
 */
function htmlPage(rspack, dir) {
  return new rspack.HtmlRspackPlugin({
    template: join(dir, 'src/index.html'),
    // Only the app's own entry: adding remoteEntry would start a second federation runtime.
    chunks: ['main'],
    minify: true,
  })
}

/**
 * The build(s) of a front end.
 *
 * - Host (no `exposes`): the page at `/` (publicPath '/', so deep links such as /dashboard/x
 *   resolve assets), carrying the one federation runtime and providing it to the remotes.
 * - Remote: two builds. `dist/`: the federation container (remoteEntry.js + mf-manifest.json,
 *   publicPath 'auto' = wherever the manifest is hosted) that runs on the host's federation
 *   runtime (`externalRuntime`: ~17 KB gzip less per remote). `dist/app/`: a standalone page of
 *   the same component without federation (development, and the guest entry of mf-review).
 * @param {FrontendOptions} options
 * @returns {Configuration | Configuration[]}
 */
export function frontendConfig({ rspack, ModuleFederationPlugin, dir, name, exposes }) {
  const shared = sharedSingletons(dir)
  const federation = {
    name,
    shared,
    // Reuse whatever copy is already loaded: a remote built later with a newer React must
    // not make the page load a second React next to the shell's.
    shareStrategy: /** @type {const} */ ('loaded-first'),
    manifest: true,
    dts: false,
  }
  if (!exposes) {
    return {
      ...baseConfig({ dir, outDir: join(dir, 'dist'), publicPath: '/', uniqueName: `pinpoint_${name}` }),
      entry: { main: './src/index.ts' },
      plugins: [
        new ModuleFederationPlugin({ ...federation, experiments: { provideExternalRuntime: true } }),
        contractManifestPlugin(dir, true),
        // What the shell provides, for its run-time check of each slice (shell/src/federation/fit.ts).
        new rspack.DefinePlugin({
          __PINPOINT_SHARED__: JSON.stringify(
            Object.fromEntries(
              Object.entries(shared).map(([key, { requiredVersion }]) => [key, requiredVersion.slice(1)]),
            ),
          ),
        }),
        htmlPage(rspack, dir),
      ],
    }
  }
  const container = baseConfig({
    dir,
    outDir: join(dir, 'dist'),
    publicPath: 'auto',
    uniqueName: `pinpoint_${name}`,
  })
  const standalone = baseConfig({
    dir,
    outDir: join(dir, 'dist', 'app'),
    publicPath: 'auto',
    uniqueName: `pinpoint_${name}_app`,
  })
  return [
    {
      ...container,
      name,
      entry: {},
      // dist/app belongs to the standalone build running next to this one.
      output: { ...container.output, clean: { keep: /^app(\/|$)/ } },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          filename: 'remoteEntry.js',
          exposes,
          experiments: { externalRuntime: true },
        }),
        contractManifestPlugin(dir, false),
      ],
    },
    {
      ...standalone,
      name: `${name}-app`,
      // After the container build, whose output cleaning must not race with this build's files.
      dependencies: [name],
      entry: { main: './src/index.ts' },
      plugins: [htmlPage(rspack, dir)],
    },
  ]
}
