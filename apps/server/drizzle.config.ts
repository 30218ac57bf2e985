import { defineConfig } from 'drizzle-kit';

// SQL migrations are generated from the one schema and applied at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
