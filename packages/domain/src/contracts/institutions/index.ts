import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isKnownTimeZone } from '../../rules/dates.js';
import { defineRoute } from '../define.js';

export const TIME_ZONE_UNKNOWN = 'Choose a time zone from the list';

/**
 * The office's time zone, an IANA name this runtime knows (Intl.supportedValuesOf('timeZone'), e.g.
 * 'America/New_York'): every date-only value and every "today" is taken there
 * (docs/product/institutions.md#time-zone).
 */
export const ZTimeZone = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(64, MSG.invalidLength)
  .refine(isKnownTimeZone, TIME_ZONE_UNKNOWN);

const ZColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB');
const ZHttpUrl = z
  .string()
  .trim()
  .max(500, MSG.invalidLength)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a full web address starting with https://');

/** Branding anyone may read: the login page needs it before sign-in. */
export const ZBranding = z.object({
  accountName: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  logoImageURL: z.string(),
  loginWelcomeText: z.string(),
  loginButtonText: z.string(),
  showCampusIdLoginBtn: z.boolean(),
  /** Single sign-on is configured for this institution (the button needs both). */
  hasIdentityProvider: z.boolean(),
  NewStudentUIEnabled: z.enum(['0', '1']),
  IsScholarEnabled: z.boolean(),
  scholarSisUpdatesFlag: z.boolean(),
  Remote_login_url: z.string(),
  Remote_logout_url: z.string(),
  /** The office's IANA time zone: the browser's "today" and its date rules are taken there. */
  timeZone: z.string(),
});
export type TBranding = z.infer<typeof ZBranding>;

export const ZInstitutionSettings = ZBranding.omit({ hasIdentityProvider: true }).extend({
  /** The address links in e-mails are built from (never from the request's Host header). */
  publicBaseUrl: z.string(),
  primaryContactEmail: z.string(),
});
export type TInstitutionSettings = z.infer<typeof ZInstitutionSettings>;

export const ZUpdateInstitutionSettingsInput = z.object({
  accountName: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  primaryColor: ZColor,
  secondaryColor: ZColor,
  logoImageURL: ZHttpUrl,
  loginWelcomeText: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  loginButtonText: z.string().trim().min(1, MSG.required).max(80, MSG.invalidLength),
  showCampusIdLoginBtn: z.boolean(),
  NewStudentUIEnabled: z.enum(['0', '1']),
  IsScholarEnabled: z.boolean(),
  scholarSisUpdatesFlag: z.boolean(),
  Remote_login_url: ZHttpUrl,
  Remote_logout_url: ZHttpUrl,
  timeZone: ZTimeZone,
  publicBaseUrl: z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(300, MSG.invalidLength)
    .regex(/^https?:\/\/[^\s/]+(:\d+)?(\/[^\s]*)?$/i, 'Enter a full web address starting with https://'),
  primaryContactEmail: z.union([z.literal(''), z.email({ error: MSG.invalidEmail })]),
});
export type TUpdateInstitutionSettingsInput = z.infer<typeof ZUpdateInstitutionSettingsInput>;

export const getBranding = defineRoute({
  method: 'GET',
  path: '/api/institution/branding',
  access: 'public',
  tags: ['institutions'],
  summary: "The institution's colours, logo and login texts",
  response: ZBranding,
});
export const getInstitutionSettings = defineRoute({
  method: 'GET',
  path: '/api/institution/settings',
  access: 'institutions.settings.read',
  tags: ['institutions'],
  summary: 'All settings of the institution',
  response: ZInstitutionSettings,
});
export const updateInstitutionSettings = defineRoute({
  method: 'PUT',
  path: '/api/institution/settings',
  access: 'institutions.settings.update',
  tags: ['institutions'],
  summary: 'Change branding, texts, flags and addresses (takes effect without a rebuild)',
  body: ZUpdateInstitutionSettingsInput,
  response: ZInstitutionSettings,
});
