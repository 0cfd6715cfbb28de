import { DEFAULT_TIME_ZONE, institutionsApi, messagesApi, type TInstitutionSettings } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { readInstitution } from '../../platform/tenancy/institutions.js';
import { logoUrl, type TStoredLogo } from './logo-file.js';

/** The default branding (docs/product/institutions.md#branding): teal and gold, the Scholar Module welcome and the credentials button. */
export const DEFAULT_SETTINGS: TInstitutionSettings = {
  accountName: '',
  primaryColor: '#00796b',
  secondaryColor: '#c9a227',
  logoImageURL: '',
  loginWelcomeText: 'Welcome to the Scholar Module',
  studentLoginWelcomeText: institutionsApi.STUDENT_LOGIN_WELCOME_DEFAULT,
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
  mailRetentionDays: messagesApi.MAIL_RETENTION_DEFAULT_DAYS,
  logoUpload: null,
};

/** The settings as read, with the uploaded logo's file record beside them (kept in the stored settings, never answered). */
export type TLoadedSettings = TInstitutionSettings & { logoFile: TStoredLogo | null };

/** What is stored of the settings: everything but what is derived on reading (the uploaded logo's address). */
export function storable(settings: TLoadedSettings): Record<string, unknown> {
  const { logoUpload: _derived, ...rest } = settings;
  return rest;
}

/** The stored settings over the defaults; the time zone is the institution's own column (the tenancy reads it too). */
export function mergeSettings(
  name: string,
  stored: Record<string, unknown> | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): TLoadedSettings {
  const merged = { ...DEFAULT_SETTINGS, logoFile: null, ...(stored ?? {}), timeZone } as TLoadedSettings;
  if (!merged.accountName) merged.accountName = name;
  const logo = merged.logoFile;
  merged.logoUpload = logo
    ? { url: logoUrl(logo), fileName: logo.fileName, contentType: logo.contentType, sizeBytes: logo.sizeBytes }
    : null;
  return merged;
}

/** The current institution's settings (the transaction is already scoped to it). */
export async function loadSettings(tx: TTx, institutionId: string): Promise<TLoadedSettings> {
  const row = await readInstitution(tx, institutionId);
  if (!row) throw new Error('institution not visible in its own transaction');
  return mergeSettings(row.name, row.settings, row.timeZone);
}
