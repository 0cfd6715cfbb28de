// SEVIS module contracts: the batches slice (docs/product/sevis-batches.md): Batch Manager (pending events by
// OrgID, create batches, list, download, mark sent), SEVIS Registration and SEVIS Validation in bulk.
import { z } from 'zod';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';
import { SEVIS_PROGRAM_KINDS } from './settings.js';

const T = ['sevis'];

/** At most this many records per batch (the XSD's CreateStudent/UpdateStudent maxOccurs). */
export const SEVIS_BATCH_MAX_RECORDS = 250;

export const SEVIS_BATCH_STATUSES = ['pending', 'sent', 'completed', 'completed_with_errors', 'rebuilt'] as const;
export type TSevisBatchStatus = (typeof SEVIS_BATCH_STATUSES)[number];
export const SEVIS_BATCH_STATUS_LABELS: Record<TSevisBatchStatus, string> = {
  pending: 'Pending',
  sent: 'Sent – awaiting results',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  rebuilt: 'Refused by SEVIS – rebuilt',
};
export const SEVIS_BATCH_KIND_LABELS = { student: 'F-1 (student)', ev: 'J-1 (exchange visitor)' } as const;

/** One OrgID's queue: its settings, and how many events wait / are held. */
export const ZPendingGroup = z.object({
  /** null: records whose campus site has no active SEVIS settings of their kind (they cannot be batched). */
  settingsId: z.string().nullable(),
  campusSiteId: z.number().int().nullable(),
  campusSiteName: z.string(),
  programKind: z.enum(SEVIS_PROGRAM_KINDS),
  orgId: z.string(),
  pendingCount: z.number().int(),
  heldCount: z.number().int(),
  /** The caller is a DSO (F) / ARO (J) on SEVIS Permissions and may batch this site. */
  canCreate: z.boolean(),
  isAutoBatch: z.boolean(),
});
export type TPendingGroup = z.infer<typeof ZPendingGroup>;

export const listPendingGroups = defineRoute({
  method: 'GET',
  path: '/api/sevis/pending-groups',
  access: 'sevis.batch',
  tags: T,
  summary: 'Pending SEVIS events grouped by OrgID (campus site and program kind), with counts',
  response: z.object({ items: z.array(ZPendingGroup) }),
});

export const ZPendingEvent = z.object({
  id: z.string(),
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sevisId: z.string().nullable(),
  visaType: z.string(),
  campusSiteName: z.string(),
  eventType: z.string(),
  action: z.string(),
  status: z.enum(['pending', 'held']),
  message: z.string(),
  raisedAt: z.string(),
});
export type TPendingEvent = z.infer<typeof ZPendingEvent>;

export const ZListPendingEventsQuery = ZPageQuery.extend({
  /** A settings row (OrgID); 'none' = records without SEVIS settings. */
  settingsId: z.string().trim().max(40).optional(),
  status: z.enum(['pending', 'held']).optional(),
  q: z.string().trim().max(100).optional(),
});
export type TListPendingEventsQuery = z.input<typeof ZListPendingEventsQuery>;

export const listPendingEvents = defineRoute({
  method: 'GET',
  path: '/api/sevis/pending-events',
  access: 'sevis.batch',
  tags: T,
  summary: "The pending and held SEVIS events of the caller's sites (student, event, raised date, schema message)",
  query: ZListPendingEventsQuery,
  response: ZPage(ZPendingEvent),
});

export const ZCreateBatchesInput = z.object({
  /** One OrgID; omitted: every OrgID the caller may batch. */
  settingsId: z.uuid().optional(),
  /** Only these events (of that OrgID); omitted: all its pending events. */
  eventIds: z.array(z.uuid()).max(5000).optional(),
});
export type TCreateBatchesInput = z.input<typeof ZCreateBatchesInput>;

export const ZCreatedBatch = z.object({ id: z.string(), batchId: z.string(), orgId: z.string(), recordCount: z.number().int() });
export const ZCreateBatchesOutput = z.object({
  batches: z.array(ZCreatedBatch),
  batchedEvents: z.number().int(),
  heldEvents: z.number().int(),
  /** OrgIDs skipped because the caller is not their DSO/ARO. */
  skipped: z.array(z.object({ orgId: z.string(), reason: z.string() })),
});
export type TCreateBatchesOutput = z.infer<typeof ZCreateBatchesOutput>;

/** The kind of the job that builds batches (its result is a TCreateBatchesOutput). */
export const CREATE_BATCHES_JOB = 'sevis.create-batches';

export const createBatches = defineRoute({
  method: 'POST',
  path: '/api/sevis/batches',
  access: 'sevis.batch',
  tags: T,
  summary:
    'Starts grouping pending events into validated batches (at most 250 records each, 14-character batch ids unique per OrgID): 202 with the job, whose result is a ZCreateBatchesOutput',
  body: ZCreateBatchesInput,
  response: ZJob,
});

export const ZSevisBatch = z.object({
  id: z.string(),
  batchId: z.string(),
  orgId: z.string(),
  kind: z.enum(['student', 'ev']),
  campusSiteName: z.string(),
  status: z.enum(SEVIS_BATCH_STATUSES),
  recordCount: z.number().int(),
  sevisUserId: z.string(),
  resultCode: z.string(),
  resultMessage: z.string(),
  sentVia: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canSend: z.boolean(),
});
export type TSevisBatch = z.infer<typeof ZSevisBatch>;

export const BATCH_SORTS = ['createdAt', 'batchId', 'status'] as const;
export const ZListBatchesQuery = ZPageQuery.extend({
  status: z.enum(SEVIS_BATCH_STATUSES).optional(),
  kind: z.enum(['student', 'ev']).optional(),
  settingsId: z.uuid().optional(),
  q: z.string().trim().max(40).optional(),
  sort: z.enum(BATCH_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TListBatchesQuery = z.input<typeof ZListBatchesQuery>;

export const listBatches = defineRoute({
  method: 'GET',
  path: '/api/sevis/batches',
  access: 'sevis.batch',
  tags: T,
  summary: "SEVIS batches of the caller's sites (server paging, filters by status, kind, OrgID, batch id)",
  query: ZListBatchesQuery,
  response: ZPage(ZSevisBatch),
});

const ZBatchParams = z.object({ batchRowId: z.uuid() });

export const ZSevisBatchRecord = z.object({
  id: z.string(),
  eventId: z.string(),
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sevisId: z.string().nullable(),
  eventType: z.string(),
  action: z.string(),
  recordKind: z.enum(['create', 'update']),
  sevisRequestId: z.string(),
  status: z.string(),
  resultCode: z.string(),
  resultMessage: z.string(),
});
export const ZSevisBatchDetail = ZSevisBatch.extend({ records: z.array(ZSevisBatchRecord) });
export type TSevisBatchDetail = z.infer<typeof ZSevisBatchDetail>;

export const getBatch = defineRoute({
  method: 'GET',
  path: '/api/sevis/batches/:batchRowId',
  access: 'sevis.batch',
  tags: T,
  summary: 'One SEVIS batch with its records',
  params: ZBatchParams,
  response: ZSevisBatchDetail,
});
export const downloadBatchXml = defineRoute({
  method: 'GET',
  path: '/api/sevis/batches/:batchRowId/xml',
  access: 'sevis.batch',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: T,
  summary: 'The batch XML file (named by its batch id) for upload to SEVIS by hand',
  params: ZBatchParams,
  response: z.string(),
});
export const markBatchSent = defineRoute({
  method: 'POST',
  path: '/api/sevis/batches/:batchRowId/mark-sent',
  access: 'sevis.batch',
  tags: T,
  summary: 'Record that the batch was uploaded to SEVIS by hand: it awaits results',
  params: ZBatchParams,
  response: ZSevisBatch,
});

// SEVIS Registration (F-1) and SEVIS Validation (J-1) in bulk
export const ZBulkCandidate = z.object({
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sevisId: z.string().nullable(),
  campusSiteName: z.string(),
  sevisStatus: z.string(),
  /** Registration: the session start; validation: the program start. */
  startDate: z.string().nullable(),
  programEndDate: z.string().nullable(),
  /** A Registration / Validate event already waits for the next batch. */
  hasPendingEvent: z.boolean(),
});
export type TBulkCandidate = z.infer<typeof ZBulkCandidate>;

export const ZBulkCandidatesQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type TBulkCandidatesQuery = z.input<typeof ZBulkCandidatesQuery>;

export const ZBulkEventsInput = z
  .object({
    /** The records chosen; omitted with all: true = every record of the list. */
    profileIds: z.array(z.uuid()).max(5000).optional(),
    all: z.boolean().default(false),
  })
  .refine((v) => v.all || (v.profileIds?.length ?? 0) > 0, { path: ['profileIds'], message: 'Choose at least one record' });
export type TBulkEventsInput = z.input<typeof ZBulkEventsInput>;
export const ZBulkEventsOutput = z.object({ queued: z.number().int(), alreadyPending: z.number().int(), skipped: z.number().int() });
export type TBulkEventsOutput = z.infer<typeof ZBulkEventsOutput>;

/** SEVIS S1068: a Registration of a student who is not in their last session carries the next session's start. */
export const MSG_NEXT_SESSION_REQUIRED =
  'Enter the next session start date: SEVIS needs it to register students who are not in their last session.';
export const MSG_NEXT_SESSION_BEFORE_END = (name: string, end: string) =>
  `The next session must start on or after the current session end (${end.slice(5, 7)}/${end.slice(8, 10)}/${end.slice(0, 4)}) of ${name}.`;
export const MSG_NEXT_SESSION_PAST = 'The next session start date cannot be in the past.';
/** Registration in bulk: the chosen records (or all) and the next session's start for those not in their last session. */
export const ZRegistrationEventsInput = z
  .object({
    profileIds: z.array(z.uuid()).max(5000).optional(),
    all: z.boolean().default(false),
    nextSessionStartDate: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Invalid date')
      .default(''),
  })
  .refine((v) => v.all || (v.profileIds?.length ?? 0) > 0, { path: ['profileIds'], message: 'Choose at least one record' });
export type TRegistrationEventsInput = z.input<typeof ZRegistrationEventsInput>;

export const listRegistrationCandidates = defineRoute({
  method: 'GET',
  path: '/api/sevis/registration',
  access: 'sevis.batch',
  tags: T,
  summary: 'SEVIS Registration: active F-1 students requiring registration for the current session',
  query: ZBulkCandidatesQuery,
  response: ZPage(ZBulkCandidate),
});
export const queueRegistrationEvents = defineRoute({
  method: 'POST',
  path: '/api/sevis/registration',
  access: 'sevis.batch',
  tags: T,
  summary: 'Queue Registration events for the chosen (or all) students requiring registration',
  body: ZRegistrationEventsInput,
  response: ZBulkEventsOutput,
});
export const listValidationCandidates = defineRoute({
  method: 'GET',
  path: '/api/sevis/validation',
  access: 'sevis.batch',
  tags: T,
  summary: 'SEVIS Validation: initial J-1 exchange visitors ready to validate (program start within 30 days before or after today)',
  query: ZBulkCandidatesQuery,
  response: ZPage(ZBulkCandidate),
});
export const queueValidationEvents = defineRoute({
  method: 'POST',
  path: '/api/sevis/validation',
  access: 'sevis.batch',
  tags: T,
  summary: 'Queue Validate events for the chosen (or all) exchange visitors ready to validate',
  body: ZBulkEventsInput,
  response: ZBulkEventsOutput,
});

// Fixing what SEVIS refused (docs/product/sevis-batches.md#fixing-what-did-not-go-through): send an update
// again, cancel it, rebuild a batch SEVIS refused whole. Super users and officers of the record's site.

/** Batch result codes by which SEVIS refuses a whole batch (SEVIS Validation Error Codes S0001–S0013): nothing in it was processed. */
export const SEVIS_WHOLE_BATCH_REFUSAL_CODES = ['S0001', 'S0002', 'S0003', 'S0010', 'S0011', 'S0012', 'S0013'] as const;
export const isWholeBatchRefusal = (code: string) => (SEVIS_WHOLE_BATCH_REFUSAL_CODES as readonly string[]).includes(code);

const ZEventParams = z.object({ eventId: z.uuid() });
export const ZSevisEventChange = z.object({ eventId: z.string(), status: z.string(), message: z.string() });
export type TSevisEventChange = z.infer<typeof ZSevisEventChange>;

export const requeueSevisEvent = defineRoute({
  method: 'POST',
  path: '/api/sevis/events/:eventId/requeue',
  access: 'sevis.import',
  tags: T,
  summary: 'Send a failed or held-back SEVIS update again (after the data was fixed): it is pending for the next batch',
  params: ZEventParams,
  response: ZSevisEventChange,
});

export const ZCancelSevisEventInput = z.object({
  reason: z.string().trim().min(1, 'Say why this SEVIS update is cancelled').max(500),
});
export type TCancelSevisEventInput = z.input<typeof ZCancelSevisEventInput>;
export const cancelSevisEvent = defineRoute({
  method: 'POST',
  path: '/api/sevis/events/:eventId/cancel',
  access: 'sevis.import',
  tags: T,
  summary: 'Cancel a pending, held-back or failed SEVIS update with a reason (audited): it never goes to SEVIS',
  params: ZEventParams,
  body: ZCancelSevisEventInput,
  response: ZSevisEventChange,
});

export const ZRebuildBatchOutput = z.object({
  /** The new batch (or batches) the records went into; empty when every record was held back. */
  batches: z.array(ZCreatedBatch),
  returnedEvents: z.number().int(),
  heldEvents: z.number().int(),
});
export type TRebuildBatchOutput = z.infer<typeof ZRebuildBatchOutput>;
/** The kind of the job that rebuilds a refused batch (its result is a TRebuildBatchOutput). */
export const REBUILD_BATCH_JOB = 'sevis.rebuild-batch';

export const rebuildBatch = defineRoute({
  method: 'POST',
  path: '/api/sevis/batches/:batchRowId/rebuild',
  access: 'sevis.batch',
  tags: T,
  summary:
    'Starts rebuilding a batch SEVIS refused whole (S0001–S0013): its records go back to pending and into a new batch with a new batch id. 202 with the job, whose result is a ZRebuildBatchOutput',
  params: ZBatchParams,
  response: ZJob,
});
