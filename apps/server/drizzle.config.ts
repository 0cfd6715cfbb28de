import { defineConfig } from 'drizzle-kit';

// Each module declares its own tables (modules/<module>/schema.ts); the platform declares the tenant
// registry, the audit log, the outbox and its secrets (platform/*/schema.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/schema.ts', './src/platform/*/schema.ts', './src/platform/db/secrets-schema.ts'],
  out: './migrations',
});
