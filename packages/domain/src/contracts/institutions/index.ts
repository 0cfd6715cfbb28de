import { z } from 'zod';
import { MSG } from '../../messages.js';
import { brandColorProblem, type TBrandColorField } from '../../rules/contrast.js';
import { isKnownTimeZone } from '../../rules/dates.js';
import { defineRoute } from '../define.js';
import { ZMailRetentionDays } from '../messages/sent-mail.js';

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

/**
 * A brand colour as #RRGGBB that the text Meridian draws on it can be read on (4.5:1, WCAG AA):
 * refused with the ratio otherwise (docs/product/institutions.md#colours-that-stay-readable).
 */
export const ZBrandColor = (field: TBrandColorField) =>
  ZColor.superRefine((value, ctx) => {
    const problem = brandColorProblem(field, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const ZHttpUrl = z
  .string()
  .trim()
  .max(500, MSG.invalidLength)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a full web address starting with https://');

/** The student sign-in page's welcome until the office writes its own (ours; the spec's default greets scholars). */
export const STUDENT_LOGIN_WELCOME_DEFAULT = 'Welcome to the Student Portal';

/** Branding anyone may read: the login page needs it before sign-in. */
export const ZBranding = z.object({
  accountName: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  logoImageURL: z.string(),
  /** The welcome on the scholar (staff) sign-in page, #/login (the spec's loginWelcomeText / institutionLoginWelcomeText). */
  loginWelcomeText: z.string(),
  /** The welcome on the student sign-in page, #/login/student (ours: the portals greet their own people). */
  studentLoginWelcomeText: z.string(),
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

/** The largest logo file Meridian takes (a logo is drawn at most a few hundred pixels wide). */
export const LOGO_MAX_BYTES = 512 * 1024;
/** The logo files Meridian takes, by extension, with the content type it is served with. */
export const LOGO_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';

/** What the logo upload says when it refuses a file (docs/product/institutions.md#the-logo). */
export const LOGO_MSG = {
  required: 'Choose a PNG, JPEG or SVG file.',
  type: 'The logo must be a PNG, JPEG or SVG file, and its content must match its name.',
  tooLarge: `The logo is larger than ${LOGO_MAX_BYTES / 1024} KB.`,
  svgUnreadable: 'This SVG file cannot be read: it is not well-formed XML.',
  /** An SVG that carries script or reaches outside itself; the part found is named. */
  svgUnsafe: (what: string) =>
    `This SVG holds ${what}, which a logo may not carry (script, event handlers or links to other files). Remove it, or upload a PNG.`,
} as const;

/** The logo uploaded to Meridian (served from Meridian), when there is one. */
export const ZUploadedLogo = z.object({
  /** Where Meridian serves it: its address changes with its content, so browsers may keep it. */
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type TUploadedLogo = z.infer<typeof ZUploadedLogo>;

export const ZInstitutionSettings = ZBranding.omit({ hasIdentityProvider: true }).extend({
  /** The address links in e-mails are built from (never from the request's Host header). */
  publicBaseUrl: z.string(),
  primaryContactEmail: z.string(),
  /** How many days sent mail is kept (docs/product/messages.md#retention). */
  mailRetentionDays: z.number().int(),
  /** The uploaded logo, which the branding shows instead of the logo address while there is one. */
  logoUpload: ZUploadedLogo.nullable(),
});
export type TInstitutionSettings = z.infer<typeof ZInstitutionSettings>;

export const ZUpdateInstitutionSettingsInput = z.object({
  accountName: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  primaryColor: ZBrandColor('primaryColor'),
  secondaryColor: ZBrandColor('secondaryColor'),
  logoImageURL: ZHttpUrl,
  loginWelcomeText: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  /** Optional in a change: a client that does not know it keeps the stored one. */
  studentLoginWelcomeText: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength).optional(),
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
  /** Optional in a change: a client that does not know it keeps the stored one. */
  mailRetentionDays: ZMailRetentionDays.optional(),
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
export const uploadLogo = defineRoute({
  method: 'POST',
  path: '/api/institution/logo',
  access: 'institutions.settings.update',
  tags: ['institutions'],
  summary:
    'Upload the logo (multipart, field "file": PNG, JPEG or SVG, at most 512 KB; an SVG with script, event handlers or outside links is refused). It replaces the logo address at once',
  response: ZInstitutionSettings,
});
export const deleteLogo = defineRoute({
  method: 'DELETE',
  path: '/api/institution/logo',
  access: 'institutions.settings.update',
  tags: ['institutions'],
  summary: 'Remove the uploaded logo (the logo address, if any, shows again)',
  response: ZInstitutionSettings,
});
export const ZLogoFileParams = z.object({ file: z.string().max(80) });
export const getLogo = defineRoute({
  method: 'GET',
  path: '/api/institution/logo/:file',
  access: 'public',
  tags: ['institutions'],
  summary: "The institution's uploaded logo, by the address the branding gives (cached for a year: a new logo has a new address)",
  params: ZLogoFileParams,
  response: z.unknown(),
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
