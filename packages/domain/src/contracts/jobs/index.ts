import { z } from 'zod';
import { defineRoute } from '../define.js';
import { ZErrorBody } from '../define.js';

const T = ['jobs'];

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/**
 * Long work (imports, SEVIS batch builds, exports, combined PDFs) runs on the server as a job the
 * browser follows (docs/product/operations.md#long-work-runs-as-jobs). Its result is the answer the
 * synchronous route used to give, typed per kind by the contract that starts it.
 */
/** A failed job's error: the API's error shape, with the HTTP status the synchronous answer would have had. */
export const ZJobError = ZErrorBody.extend({ status: z.number().int().optional() });

export const ZJob = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** What it is doing now, in words a user reads ("Checking rows", "Writing the workbook"). */
  phase: z.string(),
  done: z.number().int(),
  /** Null while the amount of work is not yet known. */
  total: z.number().int().nullable(),
  /** How many times a server took it up: above 1 after a crash or a lost database, it resumed. */
  attempts: z.number().int(),
  result: z.unknown().nullable(),
  /** Why it failed, in the API's error shape (field errors of an import's file, for instance). */
  error: ZJobError.nullable(),
  /** The file it produced (an export, a combined PDF), fetched with downloadJobFile. */
  fileName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

const ZJobParams = z.object({ jobId: z.uuid() });

export const getJob = defineRoute({
  method: 'GET',
  path: '/api/jobs/:jobId',
  access: 'authenticated',
  tags: T,
  summary: 'One job the caller started: status, progress, result or error (404 for anyone else)',
  params: ZJobParams,
  response: ZJob,
});

export const ZListJobsQuery = z.object({
  kind: z.string().trim().max(60).optional(),
  /** Only the ones not finished: a page reloaded while its work runs finds it again. */
  active: z.enum(['true', 'false']).optional(),
});
export type TListJobsQuery = z.input<typeof ZListJobsQuery>;

export const listJobs = defineRoute({
  method: 'GET',
  path: '/api/jobs',
  access: 'authenticated',
  tags: T,
  summary: "The caller's 20 most recent jobs, newest first",
  query: ZListJobsQuery,
  response: z.object({ items: z.array(ZJob) }),
});

export const downloadJobFile = defineRoute({
  method: 'GET',
  path: '/api/jobs/:jobId/file',
  access: 'authenticated',
  tags: T,
  summary: 'The file a finished job produced (an export, a combined PDF); only its requester',
  params: ZJobParams,
  response: z.unknown(),
});

/** How often the browser asks how a job is doing, once it has been running a while. */
export const JOB_POLL_MS = 700;
/** How often it asks in the first seconds: most exports and PDFs are done in a few, and the file should not wait. */
export const JOB_FIRST_POLL_MS = 250;
const FIRST_POLLS = 40;

/** The wait before the browser's next look at a job it has looked at `polls` times (about 10 s quick, then steady). */
export const jobPollMs = (polls: number): number => (polls < FIRST_POLLS ? JOB_FIRST_POLL_MS : JOB_POLL_MS);
