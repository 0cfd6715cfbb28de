export * from './messages.js';
export * from './permissions.js';
export * from './catalog/roles.js';
export * from './catalog/session.js';
export * from './catalog/students.js';
export * from './catalog/scholars.js';
export * from './catalog/statuses.js';
export * from './catalog/sevis-codes.js';
export * from './catalog/sevis-reason-codes.js';
export * from './catalog/sevis-request-codes.js';
export * from './catalog/merge-tags.js';
export * from './catalog/automated-emails.js';
export * from './rules/merge-render.js';
export * from './rules/password.js';
export * from './rules/dates.js';
export * from './rules/text.js';
export * from './rules/typed-numbers.js';
export * from './rules/contrast.js';
export * from './contracts/define.js';
export * as authApi from './contracts/auth/index.js';
export * as institutionsApi from './contracts/institutions/index.js';
export * as peopleApi from './contracts/people/index.js';
export * as auditApi from './contracts/audit/index.js';
export * as setupApi from './contracts/setup/index.js';
export * as requestsApi from './contracts/requests/index.js';
export * as workflowsApi from './contracts/workflows/index.js';
export * as attachmentsApi from './contracts/attachments/index.js';
export * as commentsApi from './contracts/comments/index.js';
export * as notificationsApi from './contracts/notifications/index.js';
export * as messagesApi from './contracts/messages/index.js';
export * as jobsApi from './contracts/jobs/index.js';
export * as lettersApi from './contracts/letters/index.js';
export * as contentApi from './contracts/content/index.js';
export * as lookupsApi from './contracts/lookups/index.js';
export * from './rules/lookup-values.js';
export * from './rules/student-request-lookups.js';
export * from './rules/attachments.js';
export * as formsApi from './contracts/forms/index.js';
export * from './rules/completeness.js';
export * from './rules/deadlines.js';
export * from './rules/unemployment.js';
export * from './rules/student-request-fields.js';
export * from './rules/request-form-rules.js';
export * from './rules/scholar-request-fields.js';
export * from './rules/field-configuration.js';
export * from './rules/configurable-forms.js';
export * from './rules/sevis-event-completion.js';
export * from './rules/student-import.js';
export * from './rules/feed-file.js';
export * from './rules/active-student-import.js';
export * from './rules/scholar-hr-feed.js';
export * from './rules/legacy-convert.js';
export * from './rules/j1-cohort.js';
export * from './rules/sevis-entry-rules.js';
export * from './rules/tipp-rules.js';
export * from './rules/scholar-application.js';
export * from './rules/scholar-time.js';
export { health } from './contracts/health.js';
export type { TSession, TCurrentUser, TLoginInput, TPasswordLinkInfo } from './contracts/auth/index.js';
export type { TBranding, TInstitutionSettings, TUpdateInstitutionSettingsInput, TUploadedLogo } from './contracts/institutions/index.js';
export type { TStaffMember, TCampusSite, TDepartment, TInviteStaffInput, TListStaffQuery } from './contracts/people/index.js';
export type { TAuditEvent } from './contracts/audit/index.js';
export type { TSetupInput } from './contracts/setup/index.js';
export type { TAttachment, TUploadAttachmentFields } from './contracts/attachments/index.js';
export type { TComment } from './contracts/comments/index.js';
export type { TNotification, TNotificationList } from './contracts/notifications/index.js';
export type {
  TAnswers,
  TAnswerValue,
  TQuestionnaireForAnswering,
  TQuestionnaireContent,
  TQuestionnaireItem,
  TQuestionnaireFolder,
  TItemType,
} from './contracts/forms/index.js';
export * from './contracts/requests/workflow.js';
export * from './contracts/requests/decisions.js';
export { familyNameInRange, familyNameLetters, RANGE_ENDS_BEFORE_START } from './contracts/requests/assignment.js';
export type {
  TAssignmentRule,
  TAssignmentRuleInput,
  TAssignmentReport,
  TReassignInput,
  TReassignOutput,
} from './contracts/requests/assignment.js';
export type {
  TRequestType,
  TRequestTypeInput,
  TRequestSummary,
  TRequestCase,
  TRequestDetail,
  TRequestTask,
  TListRequestsQuery,
  TPersonRef,
  TTaskInput,
} from './contracts/requests/index.js';
export type { TWorkflow, TWorkflowInput, TUserGroup, TApprovalSummary } from './contracts/workflows/index.js';
export * as studentsApi from './contracts/students/index.js';
export * as scholarsApi from './contracts/scholars/index.js';
export type { TScholarApplicationForm, TSaveApplicationInput } from './contracts/scholars/portal.js';
export * as sevisApi from './contracts/sevis/index.js';
export * as workApi from './contracts/work/index.js';
export * as identityLinksApi from './contracts/identity-links/index.js';
