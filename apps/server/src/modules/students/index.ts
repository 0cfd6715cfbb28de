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
export { raiseEvent, listProfileEvents, type TRaiseEventInput } from './operations/sevis-events.js';
export { inviteStudent, inviteStudents } from './operations/invite.js';
export { studentMayFileDocument } from './operations/stage-progress.js';
export { applyRequestEffects } from './operations/request-effects.js';
export { applyRecordChange, createStudent, lockProfile, updateStudent } from './operations/records.js';
export { readImportFile } from './operations/import-file.js';
export { titleDefinitions, todayIso } from './queries/list-students.query.js';
export { plugStudents } from './plug.js';
export { studentRoutes } from './routes.js';
export {
  holdSevisEvent,
  markSevisEventsBatched,
  markBatchEventsSent,
  markSevisEventsSent,
  recordSevisEventResult,
  cancelSevisEventsRaisedSince,
  assignDependentSevisId,
} from './operations/sevis-event-status.js';
export { ensureStemReports } from './operations/stem-reports.js';
export { studentDailyJobs } from './daily-jobs.js';
