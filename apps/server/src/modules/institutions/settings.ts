import { DEFAULT_TIME_ZONE, type TInstitutionSettings } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { readInstitution } from '../../platform/tenancy/institutions.js';

/** The default branding (docs/product/institutions.md#branding): teal and gold, the Scholar Module welcome and the credentials button. */
export const DEFAULT_SETTINGS: TInstitutionSettings = {
  accountName: '',
  primaryColor: '#00796b',
  secondaryColor: '#c9a227',
  logoImageURL: '',
  loginWelcomeText: 'Welcome to the Scholar Module',
  loginButtonText: 'Log-in with institution credentials',
  showCampusIdLoginBtn: false,
  NewStudentUIEnabled: '1',
  IsScholarEnabled: true,
  scholarSisUpdatesFlag: false,
  Remote_login_url: '',
  Remote_logout_url: '',
  timeZone: DEFAULT_TIME_ZONE,
  publicBaseUrl: 'http://localhost:3000',
  primaryContactEmail: '',
};

/** The stored settings over the defaults; the time zone is the institution's own column (the tenancy reads it too). */
export function mergeSettings(
  name: string,
  stored: Record<string, unknown> | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): TInstitutionSettings {
  const merged = { ...DEFAULT_SETTINGS, ...(stored ?? {}), timeZone };
  if (!merged.accountName) merged.accountName = name;
  return merged;
}

/** The current institution's settings (the transaction is already scoped to it). */
export async function loadSettings(tx: TTx, institutionId: string): Promise<TInstitutionSettings> {
  const row = await readInstitution(tx, institutionId);
  if (!row) throw new Error('institution not visible in its own transaction');
  return mergeSettings(row.name, row.settings, row.timeZone);
}
