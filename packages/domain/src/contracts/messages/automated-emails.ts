import { z } from 'zod';
import {
  AUTOMATED_EMAIL_KEYS,
  AUTOMATED_EMAIL_VISA_TYPES,
  LEAD_DAYS_MAX,
  LEAD_DAYS_MAX_COUNT,
  LEAD_DAYS_MIN,
} from '../../catalog/automated-emails.js';
import { MERGE_RECORD_KINDS } from '../../catalog/merge-tags.js';
import { defineRoute } from '../define.js';

/**
 * Automated e-mail (docs/product/messages.md#automated-e-mail): per event the portal sends by itself, whether
 * it is sent, for which visa types, in which wording, and a reminder's lead times.
 */
export const MSG_AUTOMATED_EMAILS = {
  required: 'This e-mail cannot be turned off: without it the approvers never receive their links and the workflow stops.',
  leadDaysRange: `Enter a number of days from ${LEAD_DAYS_MIN} to ${LEAD_DAYS_MAX}.`,
  leadDaysCount: `Enter at most ${LEAD_DAYS_MAX_COUNT} lead times.`,
  leadDaysDistinct: 'Each lead time may be entered once.',
  leadDaysRequired: 'Enter at least one lead time, or turn the reminder off.',
  leadDaysNotHere: 'This e-mail has no lead times to set here.',
  visaTypeNotApplicable: (v: string) => `${v} records do not receive this e-mail.`,
  templateKind: 'Choose a template written for this kind of record.',
  templateMissing: 'That template does not exist any more. Choose another, or the system message.',
  visaTypesRequired: 'Choose at least one visa type, or turn the e-mail off.',
  saved: 'The automated e-mail settings were saved.',
} as const;

/** The message for a reminder's lead times, or null when they are right: each 1-365 days, at most five, none twice. */
export function leadDaysError(days: readonly number[]): string | null {
  if (days.some((d) => !Number.isInteger(d) || d < LEAD_DAYS_MIN || d > LEAD_DAYS_MAX)) return MSG_AUTOMATED_EMAILS.leadDaysRange;
  if (days.length > LEAD_DAYS_MAX_COUNT) return MSG_AUTOMATED_EMAILS.leadDaysCount;
  if (new Set(days).size !== days.length) return MSG_AUTOMATED_EMAILS.leadDaysDistinct;
  return null;
}

export const ZAutomatedEmailKey = z.enum(AUTOMATED_EMAIL_KEYS);
const ZVisaType = z.enum(AUTOMATED_EMAIL_VISA_TYPES);

export const ZSaveAutomatedEmailInput = z.object({
  enabled: z.boolean(),
  /** Empty: every visa type the event applies to. */
  visaTypes: z.array(ZVisaType).max(AUTOMATED_EMAIL_VISA_TYPES.length),
  /** An office template used instead of the system message; null: the system message. */
  templateId: z.uuid().nullable(),
  /** Ignored (kept empty) for an e-mail that is not a reminder. */
  leadDays: z
    .array(z.number({ error: MSG_AUTOMATED_EMAILS.leadDaysRange }).int(MSG_AUTOMATED_EMAILS.leadDaysRange))
    .max(20, MSG_AUTOMATED_EMAILS.leadDaysCount),
});
export type TSaveAutomatedEmailInput = z.infer<typeof ZSaveAutomatedEmailInput>;

export const ZAutomatedEmailSetting = z.object({
  key: ZAutomatedEmailKey,
  enabled: z.boolean(),
  visaTypes: z.array(ZVisaType),
  templateId: z.string().nullable(),
  leadDays: z.array(z.number().int()),
  /** Nothing saved yet: the defaults apply. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type TAutomatedEmailSetting = z.infer<typeof ZAutomatedEmailSetting>;

/** An office template that may replace a system message of the same kind of record. */
export const ZAutomatedEmailTemplateOption = z.object({ id: z.string(), name: z.string(), recordKind: z.enum(MERGE_RECORD_KINDS) });

export const ZAutomatedEmailConfig = z.object({
  items: z.array(ZAutomatedEmailSetting),
  templates: z.array(ZAutomatedEmailTemplateOption),
});
export type TAutomatedEmailConfig = z.infer<typeof ZAutomatedEmailConfig>;

const ACCESS = 'messages.automated.manage' as const;
const TAGS = ['messages'];

export const getAutomatedEmailConfig = defineRoute({
  method: 'GET',
  path: '/api/messages/automated-emails',
  access: ACCESS,
  tags: TAGS,
  summary: 'Every automated e-mail with its settings (saved or default) and the office templates that may replace one',
  response: ZAutomatedEmailConfig,
});

export const saveAutomatedEmailSetting = defineRoute({
  method: 'PUT',
  path: '/api/messages/automated-emails/:eventKey',
  access: ACCESS,
  tags: TAGS,
  summary: "Save one automated e-mail's settings",
  params: z.object({ eventKey: ZAutomatedEmailKey }),
  body: ZSaveAutomatedEmailInput,
  response: ZAutomatedEmailSetting,
});
