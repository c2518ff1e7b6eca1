import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new versioned migration from the schema; the server applies
// pending migrations at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
