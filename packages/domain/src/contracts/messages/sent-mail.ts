import { z } from 'zod';
import { MSG } from '../../messages.js';
import { dayRangeInOrder, MSG_DATE_RANGE, ZOptionalFilterDay } from '../filter-days.js';
import { defineRoute, ZOk, ZPage, ZPageQuery } from '../define.js';

/**
 * The sent-mail log (docs/product/messages.md#sent-email): every e-mail the portal recorded, searched and
 * paged on the server, each opening to its headers, text and HTML; and the record's Message Center
 * (docs/product/messages.md#message-center).
 */
const T = ['messages'];

/** recorded: kept without a mail server; queued / sending: waiting for or in delivery; sent; failed. */
export const SENT_MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'recorded'] as const;
export type TSentMailStatus = (typeof SENT_MAIL_STATUSES)[number];
export const SENT_MAIL_STATUS_LABELS: Record<TSentMailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  recorded: 'Recorded (no mail server)',
};
/** transactional: caused by something a person did; compliance: a duty the office has; bulk: a mass e-mail (can be unsubscribed from). */
export const MAIL_CATEGORIES = ['transactional', 'compliance', 'bulk'] as const;
export type TMailCategory = (typeof MAIL_CATEGORIES)[number];
export const MAIL_CATEGORY_LABELS: Record<TMailCategory, string> = {
  transactional: 'Transactional',
  compliance: 'Compliance',
  bulk: 'Bulk',
};
/** What each kind of message the portal sends is, in words (the key stays beside it: it is what the Purpose filter takes). */
const MAIL_PURPOSE_LABELS: Record<string, string> = {
  'mass-email': 'Mass e-mail',
  'email-template.test': 'Template test',
  'approval-link': 'Approval needed',
  'password-link:invite': 'Invitation to the portal',
  'password-link:reset': 'Password reset',
  'password-link:sign-in': 'Sign-in link',
  'approval.approved': 'Approver approved',
  'approval.requested': 'Approval requested',
  'attachment.rejected': 'Document rejected',
  'opt.unemployment': 'OPT unemployment alert',
  'request.assigned': 'Request assigned',
  'request.comment': 'Comment on a request',
  'request.started-for-you': 'Request started for the person',
  'request.submitted': 'Request submitted',
  'request.approved': 'Request approved',
  'request.rejected': 'Request rejected',
  'request.completed': 'Request completed',
  'request.clarification_requested': 'Question about a request',
  'request.returned': 'Request returned',
  'scholar.application_submitted': 'Scholar application submitted',
  'scholar.end-date': 'Scholar end date alert',
  'scholar.ineligible': 'Sponsorship ineligible',
  'scholar.phase-changed': 'Scholar case moved on',
  'scholar.processed': 'Scholar case processed',
  'scholar.sponsorship.approved': 'Sponsorship approved',
  'scholar.sponsorship.rejected': 'Sponsorship rejected',
  'scholar.sponsorship.submitted': 'Sponsorship submitted',
  'scholar.unlocked': 'Scholar application returned',
  'student.correction.approved': 'Profile correction approved',
  'student.correction.rejected': 'Profile correction not approved',
  'student.correction.submitted': 'Profile correction submitted',
  'student.stage-completed': 'Stage completed',
  'student.programEndApproaching': 'Program end reminder',
  'stem.validationReportDue': 'STEM OPT report reminder',
  'sevis.registrationDue': 'SEVIS registration reminder',
};
/** "Mass e-mail (mass-email)"; a kind without words yet is its key. */
export function mailPurposeLabel(purpose: string): string {
  const label = MAIL_PURPOSE_LABELS[purpose];
  return label ? `${label} (${purpose})` : purpose;
}

/** How long sent mail is kept, in days (docs/product/messages.md#retention): an institution setting. */
export const MAIL_RETENTION_DEFAULT_DAYS = 730;
export const MAIL_RETENTION_MIN_DAYS = 30;
export const MAIL_RETENTION_MAX_DAYS = 36500;
export const MSG_MAIL_RETENTION = `Enter a whole number of days from ${MAIL_RETENTION_MIN_DAYS} to ${MAIL_RETENTION_MAX_DAYS}.`;
export const ZMailRetentionDays = z
  .number({ error: MSG_MAIL_RETENTION })
  .int(MSG_MAIL_RETENTION)
  .min(MAIL_RETENTION_MIN_DAYS, MSG_MAIL_RETENTION)
  .max(MAIL_RETENTION_MAX_DAYS, MSG_MAIL_RETENTION);

export const SENT_MAIL_SORTS = ['createdAt', 'to', 'subject', 'status'] as const;

export const MSG_SENT_MAIL = {
  dateRange: MSG_DATE_RANGE,
  resendOnlyFailed: 'Only a message that failed can be sent again.',
  resent: 'The message was queued to be sent again.',
  noMailServer: 'No mail server is configured, so the message cannot be sent again.',
  unsubscribed: 'You will no longer receive bulk e-mail from this office at this address. Messages about your own records still reach you.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Use the link in the e-mail exactly as it was sent.',
} as const;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const ZListSentMailQuery = ZPageQuery.extend({
  /** Part of the recipient's address (or a copy's) or of the subject. */
  q: z.string().trim().max(200, MSG.invalidLength).default(''),
  status: z.preprocess(blankToUndefined, z.enum(SENT_MAIL_STATUSES).optional()),
  category: z.preprocess(blankToUndefined, z.enum(MAIL_CATEGORIES).optional()),
  /** What caused the message (e.g. request.submitted); exact. */
  purpose: z.string().trim().max(100, MSG.invalidLength).default(''),
  /** First and last day (the office's calendar days), inclusive. */
  from: ZOptionalFilterDay,
  to: ZOptionalFilterDay,
  sort: z.enum(SENT_MAIL_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
}).superRefine(dayRangeInOrder);
export type TListSentMailQuery = z.infer<typeof ZListSentMailQuery>;

/** What a message is about, with what the page needs to link to it. */
export const ZMailAbout = z.object({
  kind: z.enum(['student', 'scholar', 'request', 'account']),
  id: z.uuid(),
  /** The scholar's case, for a link to it. */
  caseId: z.uuid().nullable(),
  label: z.string(),
});
export type TMailAbout = z.infer<typeof ZMailAbout>;

export const ZSentMailItem = z.object({
  id: z.uuid(),
  to: z.string(),
  cc: z.array(z.string()),
  subject: z.string(),
  purpose: z.string(),
  category: z.enum(MAIL_CATEGORIES),
  status: z.enum(SENT_MAIL_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TSentMailItem = z.infer<typeof ZSentMailItem>;

export const ZSentMailDetail = ZSentMailItem.extend({
  textBody: z.string(),
  /** Shown only inside a sandboxed frame, never in the page itself. */
  htmlBody: z.string().nullable(),
  attempts: z.number().int(),
  smtpResponse: z.string().nullable(),
  lastError: z.string().nullable(),
  sentBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  about: ZMailAbout.nullable(),
  canResend: z.boolean(),
});
export type TSentMailDetail = z.infer<typeof ZSentMailDetail>;

export const ZSentMailParams = z.object({ messageId: z.uuid({ error: MSG.notFound }) });

export const listSentMail = defineRoute({
  method: 'GET',
  path: '/api/messages/sent',
  access: 'messages.sent.read',
  tags: T,
  summary:
    "The institution's sent e-mail (super users and officers: all of it; assistants: mail about records at their campus sites and mail they sent), searched by address or subject, filtered, paged and sorted",
  query: ZListSentMailQuery,
  response: ZPage(ZSentMailItem),
});
export const getSentMail = defineRoute({
  method: 'GET',
  path: '/api/messages/sent/:messageId',
  access: 'messages.sent.read',
  tags: T,
  summary:
    'One sent e-mail: headers, status with the mail server answer, the record it is about, text and HTML (404 outside the reader scope)',
  params: ZSentMailParams,
  response: ZSentMailDetail,
});
export const resendSentMail = defineRoute({
  method: 'POST',
  path: '/api/messages/sent/:messageId/resend',
  access: 'messages.sent.resend',
  tags: T,
  summary: 'Queue a failed message to be sent again (audited); 422 when it did not fail',
  params: ZSentMailParams,
  response: ZSentMailDetail,
});

/** The signed token of an unsubscribe link: opaque to the browser. */
export const ZUnsubscribeQuery = z.object({ t: z.string().max(1000).default('') });
export const unsubscribe = defineRoute({
  method: 'POST',
  path: '/api/messages/unsubscribe',
  access: 'public',
  tags: T,
  summary:
    'One-click unsubscribe from bulk e-mail (RFC 8058) by the signed link of a List-Unsubscribe header; 400 when the link is not valid',
  query: ZUnsubscribeQuery,
  response: ZOk,
});
export const unsubscribePage = defineRoute({
  method: 'GET',
  path: '/api/messages/unsubscribe',
  access: 'public',
  tags: T,
  summary: 'The page an unsubscribe link opens: it says what the link does and unsubscribes with a button (opening it changes nothing)',
  query: ZUnsubscribeQuery,
  response: z.string(),
});

/** The record's Message Center: mail linked to the record plus older mail to its address, newest first. */
export const ZRecordMessagesQuery = ZPageQuery;
export const ZRecordMessageItem = ZSentMailItem.extend({
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  smtpResponse: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TRecordMessageItem = z.infer<typeof ZRecordMessageItem>;
