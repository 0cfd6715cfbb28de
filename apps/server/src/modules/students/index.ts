// What other modules may use of students.
export {
  getAccessibleProfile,
  getOwnProfile,
  reachableSites,
  siteFilter,
  staffReachesProfile,
  type TProfileRow,
} from './student.policy.js';
export * from './schema.js';
export { raiseEvent, type TRaiseEventInput } from './records/operations/raise-event.js';
export { listProfileEvents } from './records/operations/list-profile-events.js';
export { inviteStudent } from './intake/operations/invite-student.js';
export { inviteStudents } from './intake/operations/invite-students.js';
export { studentMayFileDocument } from './portal/operations/student-may-file-document.js';
export { applyApprovalEffects } from './requests/operations/apply-approval-effects.js';
export { applyRecordChange } from './records/operations/apply-record-change.js';
export { insertSiteOfActivity, changeSiteOfActivity } from './records/operations/save-site-of-activity.js';
export { changeDependent } from './records/operations/change-dependent.js';
export { insertDependent } from './records/dependent-fields.js';
export { createStudent } from './records/operations/create-student.js';
export { createExchangeVisitor, type TCreateExchangeVisitorInput } from './records/operations/create-exchange-visitor.js';
export { getExchangeVisitorSummary, type TExchangeVisitorSummary } from './records/operations/get-exchange-visitor-summary.js';
export { lockProfile } from './records/operations/lock-profile.js';
export { updateStudent } from './records/operations/update-student.js';
export { IMPORT_FILE_MSG, readImportFile, readImportUpload, checkImportFileType } from './intake/import-file.js';
export { legacyMatchingOf, mapLegacyRows, readLegacyFileColumns, refuseMapping, type TLegacyMatching } from './intake/legacy-file.js';
export { setStudentCampusId, linkStudentAccount, unlinkStudentAccount } from './identity/student-identity.js';
export { provideNewRecordSevisCheck, type TNewRecordSevisCheck } from './intake/import-sevis-check.js';
export { titleDefinitions } from './list/queries/list-students.query.js';
export { plugStudents } from './plug.js';
export { studentRoutes } from './routes.js';
export { holdSevisEvent, holdSevisEvents } from './records/operations/hold-sevis-event.js';
export { markSevisEventsBatched } from './records/operations/mark-sevis-events-batched.js';
export { markBatchEventsSent } from './records/operations/mark-batch-events-sent.js';
export { markSevisEventsSent } from './records/operations/mark-sevis-events-sent.js';
export { recordSevisEventResult } from './records/operations/record-sevis-event-result.js';
export { cancelSevisEventsRaisedSince } from './records/operations/cancel-sevis-events-raised-since.js';
export { assignDependentSevisId } from './records/operations/assign-dependent-sevis-id.js';
export { assignSiteSevisId } from './records/operations/assign-site-sevis-id.js';
export { assignTippSevisIds, type TLoggedTippSite, type TTippIdsAssigned } from './records/operations/assign-tipp-sevis-ids.js';
export { markTippCarried } from './records/operations/mark-tipp-carried.js';
export { supersedeSevisEvents } from './records/operations/supersede-sevis-events.js';
export {
  supersedeEventsCarriedByCreate,
  supersedeEventsCarriedByCreates,
} from './records/operations/supersede-events-carried-by-create.js';
export { requeueSevisEvent } from './records/operations/requeue-sevis-event.js';
export { cancelSevisEvent } from './records/operations/cancel-sevis-event.js';
export { returnBatchEventsToPending } from './records/operations/return-batch-events-to-pending.js';
export { ensureStemReports } from './opt/operations/ensure-stem-reports.js';
export { countDeadlines } from './opt/queries/deadlines.query.js';
export { studentDailyJobs } from './daily-jobs.js';
