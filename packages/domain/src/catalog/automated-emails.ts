import type { TMergeRecordKind } from './merge-tags.js';

/**
 * The e-mails the portal sends by itself, and the reminders an office expects (docs/product/messages.md#automated-e-mail).
 * An office turns each on or off, limits it to some of the visa types it applies to, sends one of its own
 * templates instead of the system message, and sets a reminder's lead times; what it has not changed is the
 * default here. `systemKey` is the message sent unless the office chose a template: one of SYSTEM_EMAILS.
 */
export const AUTOMATED_EMAIL_KEYS = [
  'request.submitted',
  'request.approved',
  'request.rejected',
  'request.returned',
  'document.rejected',
  'approval.needed',
  'opt.unemploymentLevel',
  'stem.validationReportDue',
  'student.programEndApproaching',
  'sevis.registrationDue',
  'student.stageChanged',
  'scholar.endDateApproaching',
] as const;
export type TAutomatedEmailKey = (typeof AUTOMATED_EMAIL_KEYS)[number];

/** Student records are F-1 or J-1; scholar cases H-1B, O-1 or J-1. */
export const AUTOMATED_EMAIL_VISA_TYPES = ['F-1', 'J-1', 'H-1B', 'O-1'] as const;
export type TAutomatedEmailVisaType = (typeof AUTOMATED_EMAIL_VISA_TYPES)[number];

export interface TAutomatedEmail {
  key: TAutomatedEmailKey;
  label: string;
  /** When it is sent. */
  description: string;
  /** Who receives it. */
  recipients: string;
  recordKind: TMergeRecordKind;
  systemKey: string;
  visaTypes: readonly TAutomatedEmailVisaType[];
  /** Cannot be turned off: without it a workflow stops. */
  required: boolean;
  defaultEnabled: boolean;
  /** Days before the date it reminds of; empty: not a reminder (sent when the event happens). */
  defaultLeadDays: readonly number[];
  /** Where the lead times are kept when not here (one setting, not two copies). */
  leadDaysElsewhere: { label: string; route: string } | null;
}

export const LEAD_DAYS_MIN = 1;
export const LEAD_DAYS_MAX = 365;
export const LEAD_DAYS_MAX_COUNT = 5;

const REQUEST_VISAS = ['F-1', 'J-1', 'H-1B', 'O-1'] as const;

export const AUTOMATED_EMAILS: readonly TAutomatedEmail[] = [
  {
    key: 'request.submitted',
    label: 'Request submitted',
    description: 'When a student, scholar or department submits a request.',
    recipients: 'The office: the request’s assignee, else the officers of its campus site.',
    recordKind: 'request',
    systemKey: 'request.submitted',
    visaTypes: REQUEST_VISAS,
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'request.approved',
    label: 'Request approved',
    description: 'When the office approves a request.',
    recipients: 'The requester.',
    recordKind: 'request',
    systemKey: 'request.decided',
    visaTypes: REQUEST_VISAS,
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'request.rejected',
    label: 'Request rejected',
    description: 'When the office rejects a request.',
    recipients: 'The requester.',
    recordKind: 'request',
    systemKey: 'request.decided',
    visaTypes: REQUEST_VISAS,
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'request.returned',
    label: 'Request returned for changes',
    description: 'When the office returns a request to be changed and submitted again.',
    recipients: 'The requester.',
    recordKind: 'request',
    systemKey: 'request.decided',
    visaTypes: REQUEST_VISAS,
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'document.rejected',
    label: 'Document rejected',
    description: 'When the office rejects an uploaded document, with the reason.',
    recipients: 'The person who uploaded it.',
    recordKind: 'request',
    systemKey: 'document.rejected',
    visaTypes: REQUEST_VISAS,
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'approval.needed',
    label: 'Approval needed',
    description: 'When a request reaches a workflow step that an approver outside the office must approve.',
    recipients: 'The approver of the step, with the signed link to approve or reject.',
    recordKind: 'approval',
    systemKey: 'approval.needed',
    visaTypes: REQUEST_VISAS,
    required: true,
    defaultEnabled: true,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'opt.unemploymentLevel',
    label: 'OPT unemployment level reached',
    description: 'When an F-1 student’s OPT unemployment counter reaches warning, critical or exceeded (once per level).',
    recipients: 'The student, and the officers of the record’s campus site.',
    recordKind: 'student',
    // The office's choice of message is the student's; the officers' e-mail is 'opt.unemploymentAlertOffice'.
    systemKey: 'opt.unemploymentAlert',
    visaTypes: ['F-1'],
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'stem.validationReportDue',
    label: 'STEM OPT validation report due',
    description: 'Before a six-month STEM OPT validation report that has not been received is due.',
    recipients: 'The student.',
    recordKind: 'student',
    systemKey: 'student.stemReportDue',
    visaTypes: ['F-1'],
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [30, 7],
    leadDaysElsewhere: null,
  },
  {
    key: 'student.programEndApproaching',
    label: 'Program end approaching',
    description: 'Before the program end date of an active F-1 or J-1 record.',
    recipients: 'The student or exchange visitor.',
    recordKind: 'student',
    systemKey: 'student.programEndApproaching',
    visaTypes: ['F-1', 'J-1'],
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [60, 30],
    leadDaysElsewhere: null,
  },
  {
    key: 'sevis.registrationDue',
    label: 'Check-in before the SEVIS registration deadline',
    description:
      'Before the deadline to report a student’s registration for the current session in SEVIS (30 days after the session starts), while it is not reported.',
    recipients: 'The student or exchange visitor.',
    recordKind: 'student',
    systemKey: 'student.sevisRegistrationDue',
    visaTypes: ['F-1', 'J-1'],
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [14, 3],
    leadDaysElsewhere: null,
  },
  {
    key: 'student.stageChanged',
    label: 'Portal stage changed',
    description: 'When a student moves to another stage of the portal: the office moves them, or they complete a stage.',
    recipients: 'The student (with a portal account).',
    recordKind: 'student',
    systemKey: 'student.stageChanged',
    visaTypes: ['F-1', 'J-1'],
    required: false,
    // Off until an office turns it on: the portal's own pages already show the new stage.
    defaultEnabled: false,
    defaultLeadDays: [],
    leadDaysElsewhere: null,
  },
  {
    key: 'scholar.endDateApproaching',
    label: 'Scholar end date approaching',
    description: 'Before the end date of an open H-1B, O-1 or J-1 scholar case.',
    recipients: 'The users of the case’s department, and the officers of its campus site.',
    recordKind: 'scholarCase',
    systemKey: 'scholar.endDateApproaching',
    visaTypes: ['H-1B', 'O-1', 'J-1'],
    required: false,
    defaultEnabled: true,
    defaultLeadDays: [60, 30],
    leadDaysElsewhere: { label: 'Account Settings for H-1B and O-1', route: '/admin/account-settings' },
  },
];

export function automatedEmailOf(key: string): TAutomatedEmail | undefined {
  return AUTOMATED_EMAILS.find((e) => e.key === key);
}

/**
 * SEVIS registration deadline of a session: the school reports each student's registration no later than 30
 * days after the session starts (8 CFR 214.3(g)(3)); the check-in reminder counts back from it.
 */
export const SEVIS_REGISTRATION_WINDOW_DAYS = 30;
