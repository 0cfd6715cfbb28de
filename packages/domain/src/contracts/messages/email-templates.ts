import { z } from 'zod';
import { MERGE_RECORD_KINDS, type TMergeRecordKind } from '../../catalog/merge-tags.js';
import { escapeHtml } from '../../rules/text.js';
import { defineRoute, ZOk } from '../define.js';

/**
 * E-mail templates (docs/product/messages.md#e-mail-templates): the office's own templates and its edits of
 * the system's messages, written in a rich-text editor with merge tags, each save kept as a version.
 */

export const MSG_EMAIL_TEMPLATES = {
  nameRequired: 'Enter a name for the template.',
  subjectRequired: 'Enter a subject.',
  bodyRequired: 'Write the message.',
  tooLong: 'This is too long for an e-mail.',
  systemNotDeleted: 'A system message cannot be deleted. Use "Reset to default" to go back to the original text.',
  versionMissing: 'That version of the template does not exist.',
  noEmail: 'Your account has no e-mail address to send the test to.',
  saved: 'The template was saved.',
  deleted: 'The template was deleted.',
  reset: 'The message was reset to its default text.',
  restored: 'The version was restored as the newest one.',
  testSent: 'A test e-mail was sent to your address.',
} as const;

/**
 * A message the portal sends by itself. The default subject and body are plain text with merge tags and
 * reproduce the portal's own wording; an office may edit them (the edit is used while it is active).
 */
export interface TSystemEmail {
  key: string;
  name: string;
  description: string;
  recordKind: TMergeRecordKind;
  subject: string;
  /** Plain text with merge tags; a blank line starts a new paragraph. */
  body: string;
}

export const SYSTEM_EMAILS = [
  // The account's own messages (docs/product/auth.md): each carries a single-use link.
  {
    key: 'account.invitation',
    name: 'Invitation to the portal',
    description: 'To a student, scholar or department user invited to the portal, with the link that sets their first password.',
    recordKind: 'invitation',
    subject: '{{general.institutionName}}: set up your account',
    body:
      'Hello {{account.firstName}},\n\nYou have been invited to the {{general.institutionName}} international student and scholar portal.\n' +
      'Set your password with this link:\n\n{{invite.link}}\n\nThe link works once and expires in {{account.linkValidFor}}. ' +
      'If you did not expect this message, you can ignore it.\n',
  },
  {
    key: 'account.passwordReset',
    name: 'Password reset',
    description: 'To a person who asked to reset their password ("Forgot your password?"), with the link that sets a new one.',
    recordKind: 'account',
    subject: '{{general.institutionName}}: reset your password',
    body:
      'Hello {{account.firstName}},\n\nWe received a request to reset the password of your {{general.institutionName}} portal account.\n' +
      'Choose a new password with this link:\n\n{{account.resetLink}}\n\nThe link works once and expires in {{account.linkValidFor}}. ' +
      'If you did not expect this message, you can ignore it.\n',
  },
  {
    key: 'account.signInLink',
    name: 'Sign-in link',
    description: 'To a person whose sign-ins are slowed down after failed attempts and who asked to sign in by e-mail instead.',
    recordKind: 'account',
    subject: '{{general.institutionName}}: your sign-in link',
    body:
      'Hello {{account.firstName}},\n\nSign-ins to your {{general.institutionName}} portal account are being slowed down after failed attempts, ' +
      'and you asked to sign in by e-mail instead.\nSign in with this link:\n\n{{account.resetLink}}\n\n' +
      'The link works once and expires in {{account.linkValidFor}}. If you did not ask for it, someone may be trying to guess your password: ' +
      'you can ignore this message, or choose a new password with "Forgot your password?".\n',
  },
  {
    key: 'request.decided',
    name: 'Request status changed',
    description: 'To the requester when the office decides a request, asks a question, or returns it.',
    recordKind: 'request',
    subject: 'Request #{{request.number}}: {{request.status}}',
    body: 'Your {{request.type}} request #{{request.number}} {{request.event}}.{{request.comment}}\n\nSign in to the portal to see it: {{general.portalLink}}/\n',
  },
  {
    key: 'request.submitted',
    name: 'Request submitted',
    description: 'To the office staff of the request (its assignee, else its campus site officers) when it is submitted.',
    recordKind: 'request',
    subject: 'Request #{{request.number}} submitted',
    body: '{{request.event}}\n\n{{request.link}}\n',
  },
  {
    key: 'approval.needed',
    name: 'Approval needed',
    description: "To an approver of a request's workflow step, with the signed link to approve or reject.",
    recordKind: 'approval',
    subject: '{{general.institutionName}}: approval needed for request #{{request.number}}',
    body:
      'Hello {{approval.approverName}},\n\n{{general.institutionName}} asks for your approval of {{request.type}} request #{{request.number}}.\n' +
      'Review it and approve or reject with this link:\n\n{{approval.link}}\n\nThe link works once and expires in 7 days. You do not need to sign in.\n',
  },
  {
    key: 'document.rejected',
    name: 'Document rejected',
    description: 'To the person who uploaded a document when the office rejects it, with the reason.',
    recordKind: 'request',
    subject: 'A document you uploaded was rejected',
    body: 'Your document "{{document.name}}" was rejected: {{document.rejectionReason}}\n\nPlease sign in to upload a corrected document.',
  },
  // The daily reminders' messages (docs/product/messages.md#automated-e-mail); `{{reminder.*}}` are the reminder's own values.
  {
    key: 'student.programEndApproaching',
    name: 'Program end approaching',
    description: 'To an F-1 student or J-1 exchange visitor when the end date of their program is near.',
    recordKind: 'student',
    subject: 'Your program ends on {{student.programEndDate}}',
    body:
      'Hello {{student.firstName}},\n\nYour program at {{general.institutionName}} ends on {{student.programEndDate}}, in {{reminder.daysLeft}} days.\n\n' +
      'If you need more time to finish, ask the international office about an extension before that date. If you plan to work, ' +
      'travel or transfer after your program, talk to an advisor now.\n\nSign in to the portal: {{general.portalLink}}/\n',
  },
  {
    key: 'student.stageChanged',
    name: 'Portal stage changed',
    description: 'To a student who moved to another stage of the portal (the office moved them, or they completed a stage).',
    recordKind: 'student',
    subject: 'Your next step in the portal: {{student.stage}}',
    body:
      'Hello {{student.firstName}},\n\nYou are now in the {{student.stage}} stage of the {{general.institutionName}} portal. ' +
      'Sign in to see what to do next: {{general.portalLink}}/\n',
  },
  {
    key: 'student.stemReportDue',
    name: 'STEM OPT validation report due',
    description: 'To an F-1 student on the STEM OPT extension when a six-month validation report is due.',
    recordKind: 'student',
    subject: 'Your STEM OPT validation report is due on {{reminder.dueDate}}',
    body:
      'Hello {{student.firstName}},\n\nYour STEM OPT validation report is due on {{reminder.dueDate}}, in {{reminder.daysLeft}} days. ' +
      'Confirm your name, address, employer and employment dates with the international office by then.\n\n' +
      'Sign in to the portal: {{general.portalLink}}/\n',
  },
  {
    key: 'student.sevisRegistrationDue',
    name: 'Check-in before the SEVIS registration deadline',
    description: 'To a student whose registration for the current session is not yet reported in SEVIS.',
    recordKind: 'student',
    subject: 'Check in with the international office by {{reminder.dueDate}}',
    body:
      'Hello {{student.firstName}},\n\nThe international office must report your registration for the session that started on ' +
      '{{reminder.sessionStartDate}} to SEVIS by {{reminder.dueDate}}. Please complete your check-in and enrol for the session before then, ' +
      'in {{reminder.daysLeft}} days.\n\nSign in to the portal: {{general.portalLink}}/\n',
  },
  // The daily alerts' messages; `{{opt.alert*}}` and `{{reminder.*}}` are the alert's own values.
  {
    key: 'opt.unemploymentAlert',
    name: 'OPT unemployment alert (to the student)',
    description: 'To an F-1 student on OPT when their unemployment counter reaches warning, critical or exceeded (once per level).',
    recordKind: 'student',
    subject: 'OPT unemployment days: {{opt.alertLevel}}',
    body:
      'Your OPT unemployment counter {{opt.alertStatus}}.\n\nDays without a reported employer count against the limit ' +
      '(90 days during post-completion OPT; 150 in all from the first day of a STEM extension). ' +
      'If you have started work, report your employer to the international office now.\n',
  },
  {
    key: 'opt.unemploymentAlertOffice',
    name: 'OPT unemployment alert (to the office)',
    description:
      "To the officers of the record's campus site when a student's OPT unemployment counter reaches warning, critical or exceeded.",
    recordKind: 'student',
    subject: 'OPT unemployment {{opt.alertLevelLowercase}}: {{opt.alertStudentName}}',
    body: '{{opt.alertStudent}} {{opt.alertStatus}} of OPT unemployment.\n\nSee OPT Students & Employers in the student area.\n',
  },
  {
    key: 'scholar.endDateApproaching',
    name: 'Scholar end date approaching',
    description:
      "To the users of a scholar case's department and the officers of its campus site, before the end date of an H-1B, O-1 or J-1 case.",
    recordKind: 'scholarCase',
    subject: '{{reminder.visaStatus}} end date approaching: {{reminder.scholarName}}',
    body:
      '{{reminder.scholarName}} of {{scholar.department}} holds {{reminder.visaStatus}} status that ends {{reminder.when}}.\n\n' +
      "If the scholar is to stay on, an extension should be prepared now. Open the scholar's case in the scholar area to see the dates.\n",
  },
] as const satisfies readonly TSystemEmail[];

export type TSystemEmailKey = (typeof SYSTEM_EMAILS)[number]['key'];
export const SYSTEM_EMAIL_KEYS = SYSTEM_EMAILS.map((m) => m.key) as [TSystemEmailKey, ...TSystemEmailKey[]];

export function systemEmailOf(key: string): TSystemEmail | undefined {
  return (SYSTEM_EMAILS as readonly TSystemEmail[]).find((m) => m.key === key);
}

/** Plain text (with merge tags) as the editor's HTML: a paragraph per blank-line block, line breaks kept. */
export function textToEmailHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The longest body (HTML) kept: images pasted as data: addresses count too. */
export const EMAIL_TEMPLATE_BODY_MAX = 500_000;

const ZName = z
  .string({ error: MSG_EMAIL_TEMPLATES.nameRequired })
  .trim()
  .min(1, MSG_EMAIL_TEMPLATES.nameRequired)
  .max(200, MSG_EMAIL_TEMPLATES.tooLong);
const ZSubject = z
  .string({ error: MSG_EMAIL_TEMPLATES.subjectRequired })
  .trim()
  .min(1, MSG_EMAIL_TEMPLATES.subjectRequired)
  .max(300, MSG_EMAIL_TEMPLATES.tooLong)
  .refine((s) => !/[\r\n]/.test(s), MSG_EMAIL_TEMPLATES.subjectRequired);
const ZBodyHtml = z
  .string({ error: MSG_EMAIL_TEMPLATES.bodyRequired })
  .min(1, MSG_EMAIL_TEMPLATES.bodyRequired)
  .max(EMAIL_TEMPLATE_BODY_MAX, MSG_EMAIL_TEMPLATES.tooLong);
export const ZMergeRecordKind = z.enum(MERGE_RECORD_KINDS);

export const ZSaveEmailTemplateInput = z.object({
  name: ZName,
  recordKind: ZMergeRecordKind,
  subject: ZSubject,
  bodyHtml: ZBodyHtml,
});
export type TSaveEmailTemplateInput = z.infer<typeof ZSaveEmailTemplateInput>;

/** A system message keeps its name and kind of record: only the words change. */
export const ZSaveSystemEmailInput = z.object({ subject: ZSubject, bodyHtml: ZBodyHtml });
export type TSaveSystemEmailInput = z.infer<typeof ZSaveSystemEmailInput>;

export const ZEmailTemplateSummary = z.object({
  /** Null for a system message the office has not edited. */
  id: z.string().nullable(),
  key: z.string().nullable(),
  name: z.string(),
  recordKind: ZMergeRecordKind,
  subject: z.string(),
  isSystem: z.boolean(),
  /** A system message: true while the office's edit is used instead of the default. */
  isEdited: z.boolean(),
  currentVersion: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type TEmailTemplateSummary = z.infer<typeof ZEmailTemplateSummary>;

export const ZEmailTemplateVersion = z.object({
  version: z.number().int(),
  subject: z.string(),
  bodyHtml: z.string(),
  savedAt: z.string(),
  savedByName: z.string().nullable(),
});
export type TEmailTemplateVersion = z.infer<typeof ZEmailTemplateVersion>;

export const ZEmailTemplate = ZEmailTemplateSummary.extend({
  description: z.string().nullable(),
  bodyHtml: z.string(),
  bodyText: z.string(),
  versions: z.array(ZEmailTemplateVersion),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

export const ZListEmailTemplatesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(['all', 'system', 'office']).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZEmailTemplatePage = z.object({
  items: z.array(ZEmailTemplateSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TEmailTemplatePage = z.infer<typeof ZEmailTemplatePage>;

/** The record a preview or a test is filled from. */
export const ZMergeRecordRef = z.object({ kind: ZMergeRecordKind, id: z.uuid() });

export const ZPreviewEmailTemplateInput = z.object({
  recordKind: ZMergeRecordKind,
  subject: z.string().max(300),
  bodyHtml: z.string().max(EMAIL_TEMPLATE_BODY_MAX),
  /** Without a record, the catalogue's examples fill the tags. */
  record: ZMergeRecordRef.nullable().default(null),
});
export type TPreviewEmailTemplateInput = z.infer<typeof ZPreviewEmailTemplateInput>;
export const ZEmailPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TEmailPreview = z.infer<typeof ZEmailPreview>;

const ZTemplateParams = z.object({ templateId: z.uuid() });
const ZSystemParams = z.object({ key: z.enum(SYSTEM_EMAIL_KEYS) });
const ACCESS = 'messages.templates.manage' as const;
const TAGS = ['messages'];

export const listEmailTemplates = defineRoute({
  method: 'GET',
  path: '/api/messages/email-templates',
  access: ACCESS,
  tags: TAGS,
  summary: "The office's e-mail templates and the system's messages, paged",
  query: ZListEmailTemplatesQuery,
  response: ZEmailTemplatePage,
});

export const getEmailTemplate = defineRoute({
  method: 'GET',
  path: '/api/messages/email-templates/:templateId',
  access: ACCESS,
  tags: TAGS,
  summary: 'One e-mail template with its versions',
  params: ZTemplateParams,
  response: ZEmailTemplate,
});

export const getSystemEmail = defineRoute({
  method: 'GET',
  path: '/api/messages/system-emails/:key',
  access: ACCESS,
  tags: TAGS,
  summary: "One of the system's messages: the office's edit with its versions, or the default",
  params: ZSystemParams,
  response: ZEmailTemplate,
});

export const createEmailTemplate = defineRoute({
  method: 'POST',
  path: '/api/messages/email-templates',
  access: ACCESS,
  tags: TAGS,
  summary: 'Create an e-mail template of the office (its first version)',
  body: ZSaveEmailTemplateInput,
  response: ZEmailTemplate,
});

export const updateEmailTemplate = defineRoute({
  method: 'PUT',
  path: '/api/messages/email-templates/:templateId',
  access: ACCESS,
  tags: TAGS,
  summary: 'Save an e-mail template as a new version',
  params: ZTemplateParams,
  body: ZSaveEmailTemplateInput,
  response: ZEmailTemplate,
});

export const saveSystemEmail = defineRoute({
  method: 'PUT',
  path: '/api/messages/system-emails/:key',
  access: ACCESS,
  tags: TAGS,
  summary: "Save the office's wording of a system message as a new version; it is used from now on",
  params: ZSystemParams,
  body: ZSaveSystemEmailInput,
  response: ZEmailTemplate,
});

export const resetSystemEmail = defineRoute({
  method: 'POST',
  path: '/api/messages/system-emails/:key/reset',
  access: ACCESS,
  tags: TAGS,
  summary: 'Go back to the default wording of a system message (the edits stay in its versions)',
  params: ZSystemParams,
  response: ZEmailTemplate,
});

export const deleteEmailTemplate = defineRoute({
  method: 'DELETE',
  path: '/api/messages/email-templates/:templateId',
  access: ACCESS,
  tags: TAGS,
  summary: "Delete an office's e-mail template (system messages are reset instead)",
  params: ZTemplateParams,
  response: ZOk,
});

export const restoreEmailTemplateVersion = defineRoute({
  method: 'POST',
  path: '/api/messages/email-templates/:templateId/versions/:version/restore',
  access: ACCESS,
  tags: TAGS,
  summary: 'Save an older version of a template as its newest',
  params: z.object({ templateId: z.uuid(), version: z.coerce.number().int().min(1) }),
  response: ZEmailTemplate,
});

export const previewEmailTemplate = defineRoute({
  method: 'POST',
  path: '/api/messages/email-templates/preview',
  access: ACCESS,
  tags: TAGS,
  summary: 'Fill a template from a record the user may see (or from the examples) without saving it',
  body: ZPreviewEmailTemplateInput,
  response: ZEmailPreview,
});

export const sendTestEmailTemplate = defineRoute({
  method: 'POST',
  path: '/api/messages/email-templates/send-test',
  access: ACCESS,
  tags: TAGS,
  summary: "Send the filled template to the signed-in staff member's own address",
  body: ZPreviewEmailTemplateInput,
  response: ZOk,
});
