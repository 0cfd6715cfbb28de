import { DEFAULT_SCHOLAR_ACCOUNT_SETTINGS, ZScholarAccountSettings, type TScholarAccountSettings } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { scholarAccountSettings } from './schema.js';

/** The institution's scholar account settings (row-level security scopes the read to the tenant); defaults when never saved. */
export async function readAccountSettings(tx: TTx): Promise<TScholarAccountSettings> {
  const [row] = await tx.select().from(scholarAccountSettings).limit(1);
  if (!row) return DEFAULT_SCHOLAR_ACCOUNT_SETTINGS;
  const parsed = ZScholarAccountSettings.safeParse({ ...DEFAULT_SCHOLAR_ACCOUNT_SETTINGS, ...row.settings });
  return parsed.success ? parsed.data : DEFAULT_SCHOLAR_ACCOUNT_SETTINGS;
}
