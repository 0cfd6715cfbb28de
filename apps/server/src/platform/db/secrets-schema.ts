import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Platform secrets (the token signing key). Not granted to the application role. */
export const platformSecrets = pgTable('platform_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
