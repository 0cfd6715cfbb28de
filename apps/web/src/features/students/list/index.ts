// The Student List.
export { listRoutes } from './routes';
export { STUDENT_STAGE_NAMES } from './components/students-list-filters';
export { useRemoveStudentTag, useRenameStudentTag, useStudentTags } from './api/student-tags';
