export { useJob, useActiveJobOf, downloadJobFile, isJobActive } from './api/jobs';
export { jobFailure } from './api/job-failure';
export { JobProgress, jobProgressText } from './components/job-progress';
