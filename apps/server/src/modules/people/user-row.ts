import { type users } from './schema.js';

export type TUserRow = typeof users.$inferSelect;
