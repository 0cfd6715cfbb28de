import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZListStudentsQuery } from '../students/list.js';
import { ZScholarDashboardScope } from '../scholars/reports.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';

/**
 * Email Communications (docs/product/messages.md#email-communications): one message to many records at
 * once, chosen as a Student List title with its filters, a Scholar Dashboard tab with its filters, or picked
 * by hand; sent now or at a set time, each recipient's copy filled from their own record, and a log of
 * every mass send with its recipients' outcomes.
 */
const T = ['messages'];

/** The most recipients one mass send may have. */
export const MASS_SEND_MAX_RECIPIENTS = 20_000;

export const MSG_MASS_EMAIL = {
  subjectRequired: 'Enter a subject.',
  bodyRequired: 'Write the message.',
  noRecipients: 'No record you may e-mail matches this choice. Choose other recipients.',
  tooManyRecipients: `A mass e-mail may go to at most ${MASS_SEND_MAX_RECIPIENTS.toLocaleString('en-US')} records. Narrow the filters.`,
  recipientNotFound: 'One of the chosen records cannot be found, or you may not e-mail it.',
  sendAtPast: 'Choose a time in the future, or send now.',
  kindMismatch: 'These merge tags do not suit the chosen recipients.',
  notCancellable: 'Only a scheduled send, or one still being prepared, can be cancelled.',
  nothingToResend: 'No recipient of this send failed.',
  stillPreparing: 'This send is still being prepared. Wait until it has finished, then send to the failed recipients again.',
  noAddress: 'No e-mail address on the record.',
  optedOut: 'The recipient unsubscribed from bulk e-mail from this office.',
  cancelled: 'Cancelled before it was sent.',
  notResolvable: 'The record can no longer be found, or is no longer in the sender’s reach.',
  cancelledOk: 'The mass e-mail was cancelled.',
  resentOk: 'The failed recipients are being sent the message again.',
} as const;

/** Filters of the Student List a mass e-mail may follow (the same names and meanings as the list's). */
export const ZMassStudentListFilters = ZListStudentsQuery.pick({
  q: true,
  campusSiteId: true,
  stage: true,
  educationLevel: true,
  major: true,
  sevisStatus: true,
  tag: true,
  programEndFrom: true,
  programEndTo: true,
});

const ZIds = z
  .array(z.uuid({ error: MSG.invalidValue }))
  .min(1, MSG_MASS_EMAIL.noRecipients)
  .max(MASS_SEND_MAX_RECIPIENTS, MSG_MASS_EMAIL.tooManyRecipients);

/** What was chosen as the recipients; kept with the send so the log can say so. */
export const ZMassRecipientSource = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('studentList'),
      title: ZListStudentsQuery.shape.title,
      filters: ZMassStudentListFilters.default({}),
    }),
    z.object({ type: z.literal('students'), ids: ZIds }),
    z.object({ type: z.literal('scholarDashboard'), scope: ZScholarDashboardScope }),
    z.object({ type: z.literal('scholarCases'), ids: ZIds }),
  ],
  { error: MSG.invalidValue },
);
export type TMassRecipientSource = z.output<typeof ZMassRecipientSource>;
export type TMassRecipientSourceInput = z.input<typeof ZMassRecipientSource>;
export type TMassRecipientSourceType = TMassRecipientSource['type'];

/** Which record kinds each source's records are (their merge tags). */
export const MASS_SOURCE_KINDS = {
  studentList: ['student', 'exchangeVisitor'],
  students: ['student', 'exchangeVisitor'],
  scholarDashboard: ['scholarCase'],
  scholarCases: ['scholarCase'],
} as const satisfies Record<TMassRecipientSourceType, readonly string[]>;

export const ZMassRecordKind = z.enum(['student', 'exchangeVisitor', 'scholarCase'], { error: MSG.invalidValue });
export type TMassRecordKind = z.infer<typeof ZMassRecordKind>;

export const ZMassSendInput = z.object({
  recordKind: ZMassRecordKind,
  recipients: ZMassRecipientSource,
  subject: z.string().trim().min(1, MSG_MASS_EMAIL.subjectRequired).max(300, MSG.invalidLength),
  bodyHtml: z.string().max(200_000, MSG.invalidLength),
  templateId: z.uuid({ error: MSG.invalidValue }).nullable().default(null),
  ccDepartment: z.boolean().default(false),
  isCompliance: z.boolean().default(false),
  /** An instant (ISO 8601 with its offset); null: now. */
  sendAt: z.iso.datetime({ offset: true, error: MSG.invalidValue }).nullable().default(null),
});
export type TMassSendInput = z.input<typeof ZMassSendInput>;

/** The recipients a choice reaches, before sending: how many, how many will be skipped, and the first few. */
export const ZMassRecipientsPreviewInput = z.object({
  recordKind: ZMassRecordKind,
  recipients: ZMassRecipientSource,
  isCompliance: z.boolean().default(false),
});
export const ZMassRecipientSample = z.object({
  recordId: z.uuid(),
  name: z.string(),
  address: z.string(),
  cc: z.string().nullable(),
  skipReason: z.string().nullable(),
});
export const ZMassRecipientsPreview = z.object({
  total: z.number().int(),
  willSkip: z.number().int(),
  sample: z.array(ZMassRecipientSample),
});
export type TMassRecipientsPreview = z.infer<typeof ZMassRecipientsPreview>;

/** One recipient's copy, rendered as it would be sent. */
export const ZMassMessagePreviewInput = ZMassSendInput.pick({ recordKind: true, subject: true, bodyHtml: true }).extend({
  recordId: z.uuid({ error: MSG.invalidValue }),
});
export const ZMassMessagePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TMassMessagePreview = z.infer<typeof ZMassMessagePreview>;

export const MASS_SEND_STATUSES = ['scheduled', 'preparing', 'sending', 'done', 'cancelled'] as const;
export type TMassSendStatus = (typeof MASS_SEND_STATUSES)[number];
export const MASS_SEND_STATUS_LABELS: Record<TMassSendStatus, string> = {
  scheduled: 'Scheduled',
  preparing: 'Preparing',
  sending: 'Sending',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** Counts read from the recipients and their messages in the outbox, as they are now. */
export const ZMassSendCounts = z.object({
  total: z.number().int(),
  /** Not yet in the outbox (waiting for the job) or in the outbox waiting for delivery. */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type TMassSendCounts = z.infer<typeof ZMassSendCounts>;

export const ZMassSendItem = z.object({
  id: z.uuid(),
  subject: z.string(),
  recordKind: ZMassRecordKind,
  recipientLabel: z.string(),
  status: z.enum(MASS_SEND_STATUSES),
  isCompliance: z.boolean(),
  ccDepartment: z.boolean(),
  sentBy: z.object({ id: z.uuid(), name: z.string() }),
  sendAt: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: ZMassSendCounts,
  canCancel: z.boolean(),
  canResend: z.boolean(),
});
export type TMassSendItem = z.infer<typeof ZMassSendItem>;

export const ZMassSendDetail = ZMassSendItem.extend({ bodyHtml: z.string(), recipientSource: ZMassRecipientSource });
export type TMassSendDetail = z.infer<typeof ZMassSendDetail>;

/** A recipient as the error details show it: pending / queued / sent / failed / skipped, with the reason or the mail server's answer. */
export const MASS_RECIPIENT_STATUSES = ['pending', 'queued', 'sent', 'failed', 'skipped'] as const;
export type TMassRecipientStatus = (typeof MASS_RECIPIENT_STATUSES)[number];
export const ZMassRecipientItem = z.object({
  recordId: z.uuid(),
  name: z.string(),
  address: z.string(),
  cc: z.string().nullable(),
  status: z.enum(MASS_RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  smtpResponse: z.string().nullable(),
  messageId: z.uuid().nullable(),
  sentAt: z.string().nullable(),
});
export type TMassRecipientItem = z.infer<typeof ZMassRecipientItem>;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const ZListMassRecipientsQuery = ZPageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(MASS_RECIPIENT_STATUSES, { error: MSG.invalidValue }).optional()),
});
export const ZMassSendParams = z.object({ massSendId: z.uuid({ error: MSG.notFound }) });

export const listMassSends = defineRoute({
  method: 'GET',
  path: '/api/messages/mass',
  access: 'messages.mass.send',
  tags: T,
  summary:
    'The mass notification log: mass e-mails newest first, who sent them, when, and their counts (queued, sent, failed, skipped) as they are now',
  query: ZPageQuery,
  response: ZPage(ZMassSendItem),
});
export const getMassSend = defineRoute({
  method: 'GET',
  path: '/api/messages/mass/:massSendId',
  access: 'messages.mass.send',
  tags: T,
  summary: 'One mass e-mail: its wording, what was chosen as its recipients, its state and counts',
  params: ZMassSendParams,
  response: ZMassSendDetail,
});
export const listMassRecipients = defineRoute({
  method: 'GET',
  path: '/api/messages/mass/:massSendId/recipients',
  access: 'messages.mass.send',
  tags: T,
  summary:
    "Mass e-mail error details: a mass e-mail's recipients, paged and filtered by outcome, each failed one with the mail server's answer",
  params: ZMassSendParams,
  query: ZListMassRecipientsQuery,
  response: ZPage(ZMassRecipientItem),
});
export const createMassSend = defineRoute({
  method: 'POST',
  path: '/api/messages/mass',
  access: 'messages.mass.send',
  tags: T,
  summary:
    'Send a mass e-mail now or at a set time: recipients are fixed now (records without an address or unsubscribed are skipped), each copy is filled from its record',
  body: ZMassSendInput,
  response: ZMassSendDetail,
});
export const previewMassRecipients = defineRoute({
  method: 'POST',
  path: '/api/messages/mass/recipients-preview',
  access: 'messages.mass.send',
  tags: T,
  summary: 'How many records a choice of recipients reaches (and how many would be skipped), with the first of them',
  body: ZMassRecipientsPreviewInput,
  response: ZMassRecipientsPreview,
});
export const previewMassMessage = defineRoute({
  method: 'POST',
  path: '/api/messages/mass/message-preview',
  access: 'messages.mass.send',
  tags: T,
  summary: "One recipient's copy of a mass e-mail as it would be sent, filled from their record (404 outside the sender's reach)",
  body: ZMassMessagePreviewInput,
  response: ZMassMessagePreview,
});
export const cancelMassSend = defineRoute({
  method: 'POST',
  path: '/api/messages/mass/:massSendId/cancel',
  access: 'messages.mass.send',
  tags: T,
  summary: 'Cancel a scheduled mass e-mail, or the rest of one being prepared: its waiting recipients are skipped',
  params: ZMassSendParams,
  response: ZMassSendDetail,
});
export const resendMassSend = defineRoute({
  method: 'POST',
  path: '/api/messages/mass/:massSendId/resend-failed',
  access: 'messages.mass.send',
  tags: T,
  summary: 'Send a mass e-mail again to its failed recipients: each gets a new message (the log keeps both)',
  params: ZMassSendParams,
  response: ZMassSendDetail,
});

/** The job kind that prepares a mass e-mail (docs/product/operations.md#long-work-runs-as-jobs). */
export const MASS_SEND_JOB = 'messages.mass-send';
