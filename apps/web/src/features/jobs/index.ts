export { useJob, useActiveJobOf, downloadJobFile, isJobActive, jobError } from './api/jobs';
export { JobProgress, jobProgressText } from './components/job-progress';
