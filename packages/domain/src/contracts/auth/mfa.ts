import { z } from 'zod';
import { defineRoute, ZOk } from '../define.js';

/**
 * Two-step sign-in (docs/product/two-step-sign-in.md): a time-based one-time code (RFC 6238) from an
 * authenticator app after the password, with single-use recovery codes for a lost phone.
 */

export const MSG_MFA = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is 6 digits.',
  recoveryFormat: 'A recovery code is 10 letters and digits.',
  codeWrong: 'That code is not right. Check that the time on your phone is correct and try again.',
  challengeExpired: 'This sign-in took too long or had too many wrong codes. Sign in again.',
  notStarted: 'Start setting up the authenticator app again.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  passkeyName: 'Name the passkey (e.g. Work laptop).',
  passkeyFailed: 'The passkey could not be checked. Try again.',
  passkeyUnknown: 'This passkey is not registered for your account.',
  /** 403 TWO_STEP_SETUP_REQUIRED: every route but setting up, the session and signing out (docs/product/two-step-sign-in.md#required-for-office-staff). */
  setupRequired: 'Set up two-step sign-in to continue. Your office requires it for staff.',
  /** 403 STEP_UP_REQUIRED: exports and permission changes (docs/product/two-step-sign-in.md#confirm-its-you). */
  stepUpRequired: "Confirm it's you to continue: enter a code from your authenticator app or use a passkey.",
  /** A person whose single sign-on gave the second step and who has none of their own here. */
  stepUpNoMethod:
    "Sign out and sign in again to confirm it's you, or set up an authenticator app or a passkey on the Two-step sign-in page.",
  /** Requiring it of staff without having it: the super user would be the first one held. */
  policyNeedsOwnStep: 'Set up two-step sign-in for yourself before requiring it of office staff.',
  /** Removing the last second step of someone whose office requires one. */
  lastMethodRequired: 'Your office requires two-step sign-in for staff: add another method before removing this one.',
} as const;

/**
 * Office staff (docs/product/two-step-sign-in.md#required-for-office-staff): the accounts that read
 * student and scholar records. Every isssAdmin account does (scholars.read is any office staff's;
 * students.read every super user's, officer's and assistant's); department users see only their
 * department's cases, students and scholars only their own.
 */
export const OFFICE_STAFF_ROLES: readonly string[] = ['isssAdmin'];

/** How recent a second step must be for exports and permission changes (docs/product/two-step-sign-in.md#confirm-its-you). */
export const STEP_UP_MAX_AGE_S = 15 * 60;

/** What the password sign-in answers when a second step is needed instead of a session. */
export const ZMfaChallenge = z.object({
  type: z.literal('mfa'),
  /** One-time, five minutes, five tries: sent back with the code. */
  challenge: z.string(),
  methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
});
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

/** A 6-digit code, typed with or without a space in the middle. */
export const ZTotpCode = z
  .string({ error: MSG_MFA.codeRequired })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, MSG_MFA.codeRequired)
      .regex(/^\d{6}$/, MSG_MFA.codeFormat),
  );

/** A recovery code: 10 letters and digits, typed in any case, with or without its dash. */
export const ZRecoveryCode = z
  .string({ error: MSG_MFA.codeRequired })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, MSG_MFA.recoveryFormat));

/** What a browser's WebAuthn call answers (checked in full by the server's WebAuthn library). */
export const ZPasskeyResponse = z.looseObject({ id: z.string().min(1).max(2000), type: z.literal('public-key') });
export type TVerifyMfaPasskeyResponse = z.input<typeof ZPasskeyResponse>;

export const ZVerifyMfaInput = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), challenge: z.string().min(1).max(200), code: ZTotpCode }),
  z.object({ method: z.literal('recovery'), challenge: z.string().min(1).max(200), code: ZRecoveryCode }),
  z.object({ method: z.literal('passkey'), challenge: z.string().min(1).max(200), response: ZPasskeyResponse }),
]);
export type TVerifyMfaInput = z.input<typeof ZVerifyMfaInput>;

export const ZPasskey = z.object({ id: z.uuid(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZMfaStatus = z.object({
  passkeys: z.array(ZPasskey),
  totpEnabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The office requires a second step of this person (office staff, and the institution's setting on). */
  required: z.boolean(),
  /** This session can only set up a second step until one is confirmed. */
  setupRequired: z.boolean(),
});
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

export const getMfaStatus = defineRoute({
  method: 'GET',
  path: '/api/auth/mfa',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: "The signed-in person's two-step sign-in: on or off, recovery codes left",
  response: ZMfaStatus,
});

export const startTotp = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/totp/start',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: 'Start setting up an authenticator app: a new secret, as a QR code and as text',
  response: z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }),
});

export const confirmTotp = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/totp/confirm',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: "Turn two-step sign-in on with the app's first code; answers the recovery codes, shown this once",
  body: z.object({ code: ZTotpCode }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const disableTotp = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/totp/disable',
  access: 'authenticated',
  tags: ['auth'],
  summary: 'Turn two-step sign-in off, with a current code',
  body: z.object({ code: ZTotpCode }),
  response: ZOk,
});

/** The WebAuthn options the browser passes to navigator.credentials (JSON as the WebAuthn spec defines it). */
const ZWebAuthnOptions = z.looseObject({ challenge: z.string() });

export const passkeyRegistrationOptions = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/passkeys/options',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: 'Start registering a passkey: the options for navigator.credentials.create',
  response: ZWebAuthnOptions,
});

export const addPasskey = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/passkeys',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: 'Register the passkey the browser created; the first method also answers the recovery codes, shown this once',
  body: z.object({
    name: z.string({ error: MSG_MFA.passkeyName }).trim().min(1, MSG_MFA.passkeyName).max(60),
    response: ZPasskeyResponse,
  }),
  response: z.object({ passkey: ZPasskey, recoveryCodes: z.array(z.string()).nullable() }),
});

export const removePasskey = defineRoute({
  method: 'DELETE',
  path: '/api/auth/mfa/passkeys/:passkeyId',
  access: 'authenticated',
  tags: ['auth'],
  summary: 'Remove one of your passkeys',
  params: z.object({ passkeyId: z.uuid() }),
  response: ZOk,
});

export const passkeySignInOptions = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/passkey-options',
  access: 'public',
  tags: ['auth'],
  summary: 'The second step with a passkey: the options for navigator.credentials.get',
  body: z.object({ challenge: z.string().min(1).max(200) }),
  response: ZWebAuthnOptions,
});

/** The institution's two-step sign-in policy (docs/product/two-step-sign-in.md#required-for-office-staff). */
export const ZTwoStepPolicy = z.object({
  /** "Office staff must use two-step sign-in". */
  staffRequired: z.boolean({ error: 'Choose whether office staff must use two-step sign-in.' }),
});
export type TTwoStepPolicy = z.infer<typeof ZTwoStepPolicy>;

export const getTwoStepPolicy = defineRoute({
  method: 'GET',
  path: '/api/auth/mfa/policy',
  access: 'institutions.settings.read',
  tags: ['auth'],
  summary: "The institution's two-step sign-in policy: whether office staff must use it",
  response: ZTwoStepPolicy,
});

export const updateTwoStepPolicy = defineRoute({
  method: 'PUT',
  path: '/api/auth/mfa/policy',
  access: 'institutions.settings.update',
  secondStep: 'recent',
  tags: ['auth'],
  summary: 'Require (or stop requiring) two-step sign-in of office staff; a recent second step is needed',
  body: ZTwoStepPolicy,
  response: ZTwoStepPolicy,
});

/** What starting a step-up answers: a second step under way for this session (five minutes, five tries). */
export const ZStepUpStart = z.object({
  challenge: z.string(),
  methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
});
export type TStepUpStart = z.infer<typeof ZStepUpStart>;

export const startStepUp = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/step-up/start',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: "Confirm it's you: a second step for this session (with a passkey, its options come from /api/auth/mfa/passkey-options)",
  response: ZStepUpStart,
});

export const stepUp = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/step-up',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: "Confirm it's you with a code or a passkey: exports and permission changes are open for 15 minutes",
  body: ZVerifyMfaInput,
  response: z.object({ secondStepAt: z.string() }),
});
