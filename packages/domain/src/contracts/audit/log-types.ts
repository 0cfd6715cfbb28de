/**
 * The Logs page's kinds of log (docs/product/logs.md#log-types): each names the audit actions it
 * holds by their beginning, in this one place, for the server's filter, the export and the page's
 * select. An action may belong to more than one kind (a record's SEVIS update is both a record
 * change and SEVIS work).
 */
export const LOG_TYPES = [
  { key: 'all', label: 'All logs', prefixes: [] },
  { key: 'sign-ins', label: 'Sign-ins', prefixes: ['auth.'] },
  { key: 'permissions', label: 'Permissions', prefixes: ['staff.', 'authorization.', 'user-group.'] },
  {
    key: 'records',
    label: 'Records',
    prefixes: [
      'student.',
      'scholar.',
      'scholar_application.',
      'scholars.',
      'sponsorship.',
      'request.',
      'attachment.',
      'comment.',
      'answers.',
      'custom_responses.',
      'letter.',
      'approval.',
    ],
  },
  {
    key: 'sevis',
    label: 'SEVIS',
    prefixes: ['sevis.', 'student.sevis-event.', 'student.tipp.', 'student.dependent.sevis-id.', 'student.site-of-activity.sevis-id.'],
  },
  { key: 'email', label: 'E-mail', prefixes: ['email.', 'massEmail.', 'automated-email.'] },
  {
    key: 'imports',
    label: 'Imports',
    prefixes: [
      'student-import.',
      'student.imported',
      'student.j1-cohort.',
      'active-student-import.',
      'sevis.rti.',
      'sevis.result.imported',
      'sevis.batch.results-imported',
    ],
  },
  { key: 'integrations', label: 'Integrations', prefixes: ['integration_token.', 'sso.', 'external-login.', 'auth.external.'] },
  {
    key: 'configuration',
    label: 'Configuration',
    prefixes: [
      'institution.',
      'campus_site.',
      'site-page.',
      'request-assignment-rule',
      'workflow.',
      'questionnaire.',
      'custom-question.',
      'custom-document.',
      'lookup-set.',
      'lookup.',
      'letter_template.',
      'student.tags.renamed',
      'student.tags.merged',
      'student.tags.removed',
      'field-configuration.',
    ],
  },
] as const satisfies readonly { key: string; label: string; prefixes: readonly string[] }[];

export type TLogType = (typeof LOG_TYPES)[number]['key'];
export const LOG_TYPE_KEYS = LOG_TYPES.map((t) => t.key) as [TLogType, ...TLogType[]];

/** The action prefixes of a kind of log (none: every action). */
export function logTypePrefixes(key: TLogType): readonly string[] {
  return LOG_TYPES.find((t) => t.key === key)?.prefixes ?? [];
}

/** The kind of log an action is shown under: the first kind (after All) whose prefixes it starts with, else "Other". */
export function logTypeLabel(action: string): string {
  for (const t of LOG_TYPES) if (t.key !== 'all' && t.prefixes.some((p) => action.startsWith(p))) return t.label;
  return 'Other';
}

/** Known actions in plain words; any other action is shown as its code. */
const ACTION_LABELS: Record<string, string> = {
  'auth.login.succeeded': 'Signed in',
  'auth.login.failed': 'Sign-in failed',
  'auth.login.throttled': 'Sign-in held after too many tries',
  'auth.login.password-off': 'Sign-in refused: passwords are off',
  'auth.login.role-refused': 'Sign-in refused for this kind of account',
  'auth.login.second-step': 'Asked for the second step',
  'auth.logout': 'Signed out',
  'auth.mfa.enabled': 'Turned on two-step sign-in',
  'auth.mfa.disabled': 'Turned off two-step sign-in',
  'auth.mfa.passkey-added': 'Added a passkey',
  'auth.mfa.passkey-removed': 'Removed a passkey',
  'auth.mfa.policy-updated': 'Changed the two-step sign-in rule',
  'auth.password.reset': 'Reset the password',
  'auth.password.set-by-invitation': 'Set a password from an invitation',
  'auth.password-reset.requested': 'Asked for a password reset',
  'auth.sign-in-link.requested': 'Asked for a sign-in link',
  'auth.refresh.reuse-detected': 'Session ended: a used sign-in token came back',
  'auth.step-up.asked': 'Asked to confirm it is them',
  'auth.sso.account-created': 'Account made at first single sign-on',
  'auth.sso.single-logout': 'Signed out by single logout',
  'auth.external.verified': 'Campus web sign-in accepted',
  'auth.external.refused': 'Campus web sign-in refused',
  'authorization.refused': 'Refused: not allowed',
  'staff.invited': 'Invited a staff member',
  'staff.invitation.resent': 'Sent a staff invitation again',
  'staff.permissions.updated': 'Changed staff permissions',
  'staff.deactivated': 'Deactivated a staff member',
  'staff.reactivated': 'Reactivated a staff member',
  'student.viewed': 'Opened a student record',
  'student.created': 'Created a student record',
  'student.imported': 'Imported a student record',
  'student.stage.changed': 'Moved a student to another stage',
  'student.tags.changed': 'Changed a student record’s tags',
  'student.invited': 'Invited a student',
  'student.correction.submitted': 'Submitted a profile correction',
  'scholar_application.form_viewed': 'Opened a scholar application form',
  'scholar_application.submitted': 'Submitted a scholar application',
  'scholars.export': 'Exported the scholar dashboard',
  'email.resent': 'Sent an e-mail again',
  'integration_token.created': 'Created an integration key',
  'integration_token.revoked': 'Revoked an integration key',
  'integration_token.used': 'An integration key was used',
  'institution.settings.updated': 'Changed the site settings',
  'request.created': 'Created a request',
  'request.submitted': 'Submitted a request',
  'request.updated': 'Changed a request',
  'request.cancelled': 'Cancelled a request',
  'attachment.uploaded': 'Uploaded a file',
  'attachment.downloaded': 'Downloaded a file',
  'attachment.deleted': 'Deleted a file',
  'comment.created': 'Commented',
  'comment.updated': 'Changed a comment',
  'comment.deleted': 'Deleted a comment',
  'workflow.created': 'Created an approval workflow',
  'workflow.updated': 'Changed an approval workflow',
  'workflow.deleted': 'Deleted an approval workflow',
  'letter.generated': 'Generated a letter',
  'sevis.batch.sent': 'Sent a SEVIS batch',
  'sevis.rti.applied': 'Applied an RTI import',
  'active-student-import.compared': 'Compared an active-student feed',
  'active-student-import.applied': 'Applied an active-student feed',
  'active-student-import.excluded': 'Left rows out of an active-student feed',
  'active-student-import.included': 'Took rows back into an active-student feed',
  'active-student-import.discarded': 'Discarded an active-student feed',
  'student.sis-import.applied': 'Updated from the student information system',
  'sevis.result.imported': 'Imported a SEVIS transaction log',
  'audit.logs.exported': 'Exported the logs',
  'lookup.value.added': 'Added a value to a code list',
  'lookup.value.relabeled': 'Relabeled a code list value',
  'lookup.value.retired': 'Retired a code list value',
  'lookup.value.restored': 'Offered a retired code list value again',
  'lookup.values.reordered': 'Reordered a code list',
  'field-configuration.saved': 'Changed the settings of a form field',
  'field-configuration.reset': 'Put a form field back as its form declares it',
};

/** An action in plain words: its label, or its code when it has none yet. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
