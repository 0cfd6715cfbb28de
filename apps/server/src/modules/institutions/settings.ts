import type { TInstitutionSettings } from '@meridian/domain';
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
  publicBaseUrl: 'http://localhost:3000',
  primaryContactEmail: '',
};

export function mergeSettings(name: string, stored: Record<string, unknown> | null | undefined): TInstitutionSettings {
  const merged = { ...DEFAULT_SETTINGS, ...(stored ?? {}) };
  if (!merged.accountName) merged.accountName = name;
  return merged;
}

/** The current institution's settings (the transaction is already scoped to it). */
export async function loadSettings(tx: TTx, institutionId: string): Promise<TInstitutionSettings> {
  const row = await readInstitution(tx, institutionId);
  if (!row) throw new Error('institution not visible in its own transaction');
  return mergeSettings(row.name, row.settings);
}
