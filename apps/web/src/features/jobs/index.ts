export { useJob, useActiveJobOf, downloadJobFile, isJobActive } from './api/jobs';
export { JobProgress, jobProgressText } from './components/job-progress';
