import { defineConfig } from 'drizzle-kit'

// Generate a migration after changing src/schema: `cd db && bun run generate` (see README.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  strict: true,
  verbose: true,
})
