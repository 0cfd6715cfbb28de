/**
 * The merge tags an office may write into e-mail templates, letters and mass e-mail
 * (docs/product/messages.md#merge-tags): one catalogue, grouped as the office sees them, each tag with the
 * field it reads, an example, and the kinds of record it can be filled from. A template is written for one
 * kind of record; a tag that kind cannot fill is refused when the template is saved.
 */

/** What a template is written for: the record its values come from. */
export const MERGE_RECORD_KINDS = ['student', 'exchangeVisitor', 'scholarCase', 'request', 'approval', 'invitation', 'account'] as const;
export type TMergeRecordKind = (typeof MERGE_RECORD_KINDS)[number];

export const MERGE_RECORD_KIND_LABELS: Record<TMergeRecordKind, string> = {
  student: 'Student (F-1 or J-1)',
  exchangeVisitor: 'Exchange visitor (J-1)',
  scholarCase: 'Scholar case (H-1B, O-1, J-1)',
  request: 'Request',
  approval: 'Approval',
  invitation: 'Invitation',
  account: 'Account',
};

/** The groups the merge-tag picker shows, in this order. */
export const MERGE_TAG_GROUPS = [
  'GENERAL',
  'ACCOUNT',
  'INVITE',
  'REQUEST',
  'APPROVAL WORKFLOW',
  'DOCUMENT',
  'F-OPT',
  'J',
  'H/O',
  'NON-INTEGRATE',
] as const;
export type TMergeTagGroup = (typeof MERGE_TAG_GROUPS)[number];

export type TMergeTagFormat = 'text' | 'date' | 'dateTime' | 'url' | 'email';

export interface TMergeTag {
  /** What the template writes between double braces: `{{student.firstName}}`. */
  key: string;
  label: string;
  group: TMergeTagGroup;
  /** Where the value comes from, for the office (the record's field, or the event that sends the message). */
  source: string;
  /** Shown in the picker and used by previews without a record. */
  example: string;
  kinds: readonly TMergeRecordKind[];
  /** Dates are shown in the institution's format (MM/DD/YYYY) and time zone. */
  format: TMergeTagFormat;
}

const ALL = MERGE_RECORD_KINDS;
const PEOPLE: readonly TMergeRecordKind[] = ['student', 'exchangeVisitor'];
const STUDENT_RECORDS: readonly TMergeRecordKind[] = ['student', 'exchangeVisitor'];
/** Records a daily reminder or alert is about. */
const REMINDED_RECORDS: readonly TMergeRecordKind[] = [...STUDENT_RECORDS, 'scholarCase'];

const tag = (
  group: TMergeTagGroup,
  key: string,
  label: string,
  source: string,
  example: string,
  kinds: readonly TMergeRecordKind[],
  format: TMergeTagFormat = 'text',
): TMergeTag => ({ key, label, group, source, example, kinds, format });

export const MERGE_TAGS: readonly TMergeTag[] = [
  // Every message: the office and the portal.
  tag('GENERAL', 'general.institutionName', 'Institution name', 'Institution settings: name', 'Demo University', ALL),
  tag('GENERAL', 'general.officeName', 'Office name', 'The international office', 'International Student and Scholar Services', ALL),
  tag('GENERAL', 'general.officeEmail', 'Office e-mail', 'Institution settings: primary contact e-mail', 'isss@demo.edu', ALL, 'email'),
  tag('GENERAL', 'general.portalLink', 'Portal address', 'Institution settings: public address', 'https://portal.demo.edu', ALL, 'url'),
  tag('GENERAL', 'general.today', "Today's date", "Today in the institution's time zone", '11/29/2026', ALL, 'date'),
  tag('GENERAL', 'general.recipientName', 'Recipient name', 'The person the message goes to', 'Ana Silva', ALL),

  // The daily reminders' own values (the reminder that sends the message).
  tag(
    'GENERAL',
    'reminder.dueDate',
    'Due date',
    'The date the reminder is about (a deadline, a report due, a case end date)',
    '12/15/2026',
    REMINDED_RECORDS,
    'date',
  ),
  tag('GENERAL', 'reminder.daysLeft', 'Days left', 'Days from today to the due date', '30', REMINDED_RECORDS),
  tag(
    'GENERAL',
    'reminder.when',
    'When it ends',
    'The end-date alert: "today", or in how many days and on which date',
    'in 30 days, on 12/15/2026',
    ['scholarCase'],
  ),
  tag('GENERAL', 'reminder.visaStatus', 'Status ending', "The end-date alert: the case's processed status, by name", 'H-1B Extension', [
    'scholarCase',
  ]),
  tag(
    'GENERAL',
    'reminder.scholarName',
    'Scholar',
    'The end-date alert: the scholar\'s given and surname ("A scholar" when the case has neither)',
    'Kenji Watanabe',
    ['scholarCase'],
  ),
  tag(
    'GENERAL',
    'reminder.sessionStartDate',
    'Session start date',
    'The start of the session a registration reminder is about',
    '08/24/2026',
    STUDENT_RECORDS,
    'date',
  ),

  // The person's portal account.
  tag('ACCOUNT', 'account.firstName', 'First name', 'Account: first name', 'Ana', ['account', 'invitation', ...PEOPLE, 'scholarCase']),
  tag('ACCOUNT', 'account.lastName', 'Last name', 'Account: last name', 'Silva', ['account', 'invitation', ...PEOPLE, 'scholarCase']),
  tag('ACCOUNT', 'account.userName', 'User name', 'Account: user name', 'asilva', ['account', 'invitation']),
  tag(
    'ACCOUNT',
    'account.email',
    'E-mail',
    'Account: e-mail',
    'ana.silva@demo.edu',
    ['account', 'invitation', ...PEOPLE, 'scholarCase'],
    'email',
  ),
  tag(
    'ACCOUNT',
    'account.loginLink',
    'Sign-in address',
    'The portal sign-in page for this kind of account',
    'https://portal.demo.edu/#/login',
    ALL,
    'url',
  ),
  tag(
    'ACCOUNT',
    'account.resetLink',
    'Password link',
    'A password reset or first-password link (the message that sends it)',
    'https://portal.demo.edu/#/login/pass-reset/…',
    ['account', 'invitation'],
    'url',
  ),
  tag('ACCOUNT', 'account.linkValidFor', 'Link works for', 'How long the link in the message works', '1 hour', ['account', 'invitation']),
  tag(
    'ACCOUNT',
    'account.linkExpires',
    'Link expires',
    'When the link in the message stops working',
    '11/30/2026 09:00',
    ['account', 'invitation'],
    'dateTime',
  ),

  // Invitations to the portal.
  tag(
    'INVITE',
    'invite.link',
    'Invitation link',
    'The invitation being sent',
    'https://portal.demo.edu/#/login/pass-reset/…',
    ['invitation'],
    'url',
  ),
  tag('INVITE', 'invite.invitedBy', 'Invited by', 'The staff member who sent the invitation', 'Jordan Lee', ['invitation']),
  tag('INVITE', 'invite.role', 'Invited as', 'The kind of account the invitation opens', 'Student', ['invitation']),
  tag(
    'INVITE',
    'invite.expires',
    'Invitation expires',
    'When the invitation stops working',
    '12/06/2026 09:00',
    ['invitation'],
    'dateTime',
  ),

  // A request in the case engine.
  tag('REQUEST', 'request.number', 'Request number', 'Request: number', '1042', ['request', 'approval']),
  tag('REQUEST', 'request.type', 'Request type', 'Request: its type', 'Curricular Practical Training', ['request', 'approval']),
  tag('REQUEST', 'request.status', 'Request status', 'Request: status', 'Approved', ['request', 'approval']),
  tag('REQUEST', 'request.submittedDate', 'Submitted on', 'Request: when it was submitted', '11/20/2026', ['request', 'approval'], 'date'),
  tag('REQUEST', 'request.decidedDate', 'Decided on', 'Request: when it was approved or rejected', '11/27/2026', ['request'], 'date'),
  tag('REQUEST', 'request.requesterName', 'Requester', 'Request: who asked', 'Ana Silva', ['request', 'approval']),
  tag(
    'REQUEST',
    'request.link',
    'Request address',
    'The request in the portal',
    'https://portal.demo.edu/#/isss/request/…',
    ['request', 'approval'],
    'url',
  ),
  tag(
    'REQUEST',
    'request.event',
    'What happened',
    'What the message reports about the request, as a phrase or a sentence (the message that sends it)',
    'was approved',
    ['request', 'approval'],
  ),
  tag(
    'REQUEST',
    'request.comment',
    'Decision comment',
    'The comment given with the decision (the message that sends it)',
    'Approved for spring term.',
    ['request'],
  ),

  // Approvals through a workflow.
  tag('APPROVAL WORKFLOW', 'approval.approverName', 'Approver', 'The approver being asked', 'Prof. Maria Chen', ['approval']),
  tag('APPROVAL WORKFLOW', 'approval.stepName', 'Approval step', 'The workflow step', 'Academic advisor', ['approval']),
  tag(
    'APPROVAL WORKFLOW',
    'approval.link',
    'Approval link',
    'The signed, expiring link for the approver',
    'https://portal.demo.edu/#/approve/…',
    ['approval'],
    'url',
  ),
  tag(
    'APPROVAL WORKFLOW',
    'approval.linkExpires',
    'Approval link expires',
    'When the approval link stops working',
    '12/13/2026 09:00',
    ['approval'],
    'dateTime',
  ),

  // A document on a record.
  tag('DOCUMENT', 'document.name', 'Document name', 'The document the message is about', 'Passport.pdf', [
    'request',
    ...PEOPLE,
    'scholarCase',
  ]),
  tag(
    'DOCUMENT',
    'document.rejectionReason',
    'Rejection reason',
    'Why the document was rejected (the message that sends it)',
    'The page with the photo is missing.',
    ['request', ...PEOPLE, 'scholarCase'],
  ),

  // The student record (F-1 and J-1).
  tag('NON-INTEGRATE', 'student.firstName', 'First name', 'Student record: given name', 'Ana', STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.middleName', 'Middle name', 'Student record: middle name', 'Luísa', STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.lastName', 'Last name', 'Student record: surname', 'Silva', STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.fullName', 'Full name', 'Student record: given, middle and surname', 'Ana Luísa Silva', STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.email', 'E-mail', 'Student record: e-mail', 'ana.silva@demo.edu', STUDENT_RECORDS, 'email'),
  tag('NON-INTEGRATE', 'student.campusId', 'Campus ID', "Student record: the school's student number", '900123456', STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.sevisId', 'SEVIS ID', 'Student record: SEVIS ID', 'N0012345678', STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.birthDate', 'Date of birth', 'Student record: date of birth', '04/17/2001', STUDENT_RECORDS, 'date'),
  tag(
    'NON-INTEGRATE',
    'student.citizenshipCountry',
    'Country of citizenship',
    'Student record: citizenship (SEVIS country name)',
    'Brazil',
    STUDENT_RECORDS,
  ),
  tag('NON-INTEGRATE', 'student.visaType', 'Visa type', 'Student record: F-1 or J-1', 'F-1', STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.sevisStatus', 'SEVIS status', 'Student record: SEVIS status', 'Active', STUDENT_RECORDS),
  tag(
    'NON-INTEGRATE',
    'student.stage',
    'Portal stage',
    'Student record: the stage of the portal the student is in',
    'Check-In',
    STUDENT_RECORDS,
  ),
  tag('NON-INTEGRATE', 'student.educationLevel', 'Education level', 'Student record: education level', "Master's", STUDENT_RECORDS),
  tag('NON-INTEGRATE', 'student.major', 'Major', 'Student record: first major (CIP)', 'Computer Science (11.0701)', STUDENT_RECORDS),
  tag(
    'NON-INTEGRATE',
    'student.programStartDate',
    'Program start date',
    'Student record: program start',
    '08/24/2025',
    STUDENT_RECORDS,
    'date',
  ),
  tag('NON-INTEGRATE', 'student.programEndDate', 'Program end date', 'Student record: program end', '05/15/2027', STUDENT_RECORDS, 'date'),
  tag('NON-INTEGRATE', 'student.campusSite', 'Campus site', 'Student record: campus site', 'Main Campus', STUDENT_RECORDS),
  tag(
    'NON-INTEGRATE',
    'student.usAddress',
    'U.S. address',
    'Student record: U.S. address, one line',
    '100 College Ave, Apt 4, Springfield, IL 62701',
    STUDENT_RECORDS,
  ),
  tag(
    'NON-INTEGRATE',
    'student.sessionEndDate',
    'Session end date',
    'Student record: current session end',
    '12/18/2026',
    STUDENT_RECORDS,
    'date',
  ),

  // F-1 practical training.
  tag('F-OPT', 'opt.startDate', 'OPT start date', 'Student record: the current OPT authorization start', '06/01/2026', ['student'], 'date'),
  tag('F-OPT', 'opt.endDate', 'OPT end date', 'Student record: the current OPT authorization end', '05/31/2027', ['student'], 'date'),
  tag('F-OPT', 'opt.unemploymentDaysUsed', 'Unemployment days used', 'OPT: days of unemployment counted so far', '62', ['student']),
  tag('F-OPT', 'opt.unemploymentDaysAllowed', 'Unemployment days allowed', 'OPT: 90 (post-completion) or 150 (with STEM)', '90', [
    'student',
  ]),
  tag('F-OPT', 'opt.employerName', 'Current employer', 'OPT: the current employer reported', 'Acme Analytics', ['student']),
  // The unemployment alert's own values (the alert that sends the message).
  tag('F-OPT', 'opt.alertLevel', 'Alert level', 'The unemployment alert: the level reached', 'Nearing limit', ['student']),
  tag(
    'F-OPT',
    'opt.alertLevelLowercase',
    'Alert level (lowercase)',
    'The unemployment alert: the level reached, within a sentence',
    'nearing limit',
    ['student'],
  ),
  tag(
    'F-OPT',
    'opt.alertStatus',
    'Counter status',
    'The unemployment alert: where the counter stands, as a phrase',
    'has used 65 of 90 days; 25 left',
    ['student'],
  ),
  tag('F-OPT', 'opt.alertStudentName', 'Student', "The unemployment alert: the student's given and surname", 'Ana Silva', ['student']),
  tag(
    'F-OPT',
    'opt.alertStudent',
    'Student with SEVIS ID',
    "The unemployment alert: the student's name, with the SEVIS ID when the record has one",
    'Ana Silva (N0012345678)',
    ['student'],
  ),

  // J-1 exchange visitors.
  tag('J', 'ev.category', 'Exchange visitor category', 'Record: EV category (SEVIS)', 'Research Scholar', ['exchangeVisitor']),
  tag('J', 'ev.subjectField', 'Subject field code', 'Record: subject field (CIP)', '26.0101', ['exchangeVisitor']),
  tag('J', 'ev.programStartDate', 'DS-2019 program start', 'Record: program start', '01/05/2026', ['exchangeVisitor'], 'date'),
  tag('J', 'ev.programEndDate', 'DS-2019 program end', 'Record: program end', '01/04/2028', ['exchangeVisitor'], 'date'),

  // Scholar cases: H-1B, O-1 and J-1 scholars with their department.
  tag('H/O', 'scholar.firstName', 'First name', 'Scholar: given name', 'Kenji', ['scholarCase']),
  tag('H/O', 'scholar.lastName', 'Last name', 'Scholar: surname', 'Watanabe', ['scholarCase']),
  tag('H/O', 'scholar.fullName', 'Full name', 'Scholar: given and surname', 'Kenji Watanabe', ['scholarCase']),
  tag('H/O', 'scholar.email', 'E-mail', 'Scholar: e-mail', 'kenji.watanabe@demo.edu', ['scholarCase'], 'email'),
  tag('H/O', 'scholar.visaType', 'Visa type', 'Case: the status requested', 'H-1B', ['scholarCase']),
  tag('H/O', 'scholar.position', 'Position', 'Case: position title', 'Postdoctoral Researcher', ['scholarCase']),
  tag('H/O', 'scholar.department', 'Department', 'Case: department', 'Chemistry', ['scholarCase']),
  tag('H/O', 'scholar.startDate', 'Start date', 'Case: approved start (or proposed start)', '02/01/2027', ['scholarCase'], 'date'),
  tag('H/O', 'scholar.endDate', 'End date', 'Case: approved end (or proposed end)', '01/31/2030', ['scholarCase'], 'date'),
  tag('H/O', 'scholar.phase', 'Case phase', 'Case: where it stands', 'Filed with USCIS', ['scholarCase']),
  tag('H/O', 'scholar.hiringAuthority', 'Hiring authority', 'Case: hiring authority name', 'Dr. Priya Raman', ['scholarCase']),
];

const BY_KEY = new Map(MERGE_TAGS.map((t) => [t.key, t]));

/** The catalogue entry of a tag, or undefined for a tag the catalogue does not have. */
export function mergeTagOf(key: string): TMergeTag | undefined {
  return BY_KEY.get(key);
}

/** The tags a template for this kind of record may use, in picker order. */
export function mergeTagsFor(kind: TMergeRecordKind): TMergeTag[] {
  return MERGE_TAG_GROUPS.flatMap((g) => MERGE_TAGS.filter((t) => t.group === g && t.kinds.includes(kind)));
}
