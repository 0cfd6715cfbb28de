import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { auditApi, J1_COHORT_FILE_MAX_BYTES, J1_COHORT_FILE_MSG, studentsApi as a } from '@meridian/domain';
import { AppError, badRequest, fieldError } from '../../../platform/errors/app-error.js';
import { answerJob, registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import { withKeptInput } from '../../../platform/jobs/kept-input.js';
import { getMyRecord } from './operations/get-my-record.js';
import { submitCorrection } from './operations/submit-correction.js';
import { listCorrections } from './operations/list-corrections.js';
import { getCorrection } from './operations/get-correction.js';
import { approveCorrection } from './operations/approve-correction.js';
import { rejectCorrection } from './operations/reject-correction.js';
import { addDependent } from './operations/add-dependent.js';
import { updateDependent } from './operations/update-dependent.js';
import { terminateDependent } from './operations/terminate-dependent.js';
import { createStudent } from './operations/create-student.js';
import { completeSevisEvent } from './operations/complete-sevis-event.js';
import { getStudent } from './operations/get-student.js';
import { updateStudent } from './operations/update-student.js';
import { setStudentStage } from './operations/set-student-stage.js';
import { setStudentTags } from './operations/set-student-tags.js';
import { listStudentTags, removeStudentTag, renameStudentTag } from './tags/tag-vocabulary.js';
import { applyStudentTags } from './tags/apply-student-tags.js';
import { getStudentHistory } from './operations/get-student-history.js';
import { listStudentDisclosures } from './operations/list-student-disclosures.js';
import { listStudentSevisEvents } from './operations/list-student-sevis-events.js';
import { listStudentRequests } from './operations/list-student-requests.js';
import { listStudentDocuments } from './operations/list-student-documents.js';
import { listMyDocuments } from './operations/list-my-documents.js';
import { listStudentMessages } from './operations/list-student-messages.js';
import { addSiteOfActivity } from './operations/add-site-of-activity.js';
import { updateSiteOfActivity } from './operations/update-site-of-activity.js';
import { deactivateSiteOfActivity } from './operations/deactivate-site-of-activity.js';
import { getStudentTipp } from './operations/get-student-tipp.js';
import { saveTippParticipant } from './operations/save-tipp-participant.js';
import { addTippSite } from './operations/add-tipp-site.js';
import { updateTippSite } from './operations/update-tipp-site.js';
import { removeTippSite } from './operations/remove-tipp-site.js';
import { addTippPhase } from './operations/add-tipp-phase.js';
import { updateTippPhase } from './operations/update-tipp-phase.js';
import { removeTippPhase } from './operations/remove-tipp-phase.js';
import { updateTippSignatures } from './operations/update-tipp-signatures.js';
import { printDs7002 } from './operations/print-ds7002.js';
import { CREATE_J1_COHORT_JOB, createJ1Cohort, startCreateJ1Cohort, type TCreateJ1CohortJobInput } from './operations/create-j1-cohort.js';
import {
  READ_J1_COHORT_FILE_JOB,
  readJ1CohortFile,
  startReadJ1CohortFile,
  type TReadJ1CohortFileJobInput,
} from './operations/read-j1-cohort-file.js';

/**
 * The participants file of a J-1 cohort (multipart, field "file"), at most the size limit (413 past it):
 * kept whole for the job that reads it. A body that breaks off mid-file is the upload's fault, not the
 * server's (400).
 */
async function readCohortUpload(req: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  if (!req.isMultipart()) throw fieldError('file', J1_COHORT_FILE_MSG.required);
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: J1_COHORT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 } });
  } catch {
    throw badRequest('The upload could not be read.');
  }
  if (!part || part.fieldname !== 'file') throw fieldError('file', J1_COHORT_FILE_MSG.required);
  try {
    // A file part may come without a file name (filename omitted from its header).
    return { fileName: part.filename ?? '', data: await part.toBuffer() };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'TOO_LARGE', J1_COHORT_FILE_MSG.tooLarge, { file: [J1_COHORT_FILE_MSG.tooLarge] });
    throw badRequest('The upload could not be read.');
  }
}

/** The students module's records routes: the record, dependents, sites of activity, the T/IPP (DS-7002), History Log, SEVIS updates, corrections. */
export function recordsRoutes(app: FastifyInstance, s: TServices): void {
  // Static paths before /api/students/:profileId (Fastify prefers them anyway; kept together for reading).
  registerRoute(app, s, a.getMyRecord, (ctx) => getMyRecord(ctx));
  registerRoute(app, s, a.submitCorrection, (ctx, { body }) => submitCorrection(ctx, body));
  registerRoute(app, s, a.createStudent, (ctx, { body }) => createStudent(ctx, body));
  // A cohort, and the file its participants come from, are checked and created as jobs the page follows.
  registerJobKind<TCreateJ1CohortJobInput>({
    kind: CREATE_J1_COHORT_JOB,
    run: ({ ctx, input, progress, completeIn }) =>
      withKeptInput(ctx, input.storageKey, (data) =>
        createJ1Cohort(ctx, JSON.parse(data.toString('utf8')) as unknown, { progress, completeIn }),
      ),
  });
  registerJobKind<TReadJ1CohortFileJobInput>({
    kind: READ_J1_COHORT_FILE_JOB,
    run: ({ ctx, input, progress }) =>
      withKeptInput(ctx, input.storageKey, (data) => readJ1CohortFile(ctx, { fileName: input.fileName, data }, progress)),
  });
  registerRoute(app, s, a.createJ1Cohort, (ctx, { body }) => startCreateJ1Cohort(ctx, body), { startsJob: true });
  registerRawRoute(app, s, a.readJ1CohortFile, async (ctx, req, reply) =>
    answerJob(reply, await startReadJ1CohortFile(ctx, await readCohortUpload(req))),
  );
  registerRoute(app, s, a.getStudent, (ctx, { params }) => getStudent(ctx, params.profileId));
  registerRoute(app, s, a.updateStudent, (ctx, { params, body }) => updateStudent(ctx, params.profileId, body));
  registerRoute(app, s, a.setStudentStage, (ctx, { params, body }) => setStudentStage(ctx, params.profileId, body.stage));
  registerRoute(app, s, a.setStudentTags, (ctx, { params, body }) => setStudentTags(ctx, params.profileId, body.tags));
  registerRoute(app, s, a.listStudentTags, (ctx) => listStudentTags(ctx));
  registerRoute(app, s, a.renameStudentTag, (ctx, { body }) => renameStudentTag(ctx, body.from, body.to));
  registerRoute(app, s, a.removeStudentTag, (ctx, { body }) => removeStudentTag(ctx, body.tag));
  registerRoute(app, s, a.applyStudentTags, (ctx, { body }) => applyStudentTags(ctx, body));
  registerRoute(app, s, a.getStudentHistory, (ctx, { params, query }) =>
    getStudentHistory(ctx, params.profileId, query.page, query.pageSize),
  );
  registerRoute(app, s, auditApi.listStudentDisclosures, (ctx, { params, query }) =>
    listStudentDisclosures(ctx, params.profileId, query.page, query.pageSize),
  );
  registerRoute(app, s, a.listStudentSevisEvents, (ctx, { params }) => listStudentSevisEvents(ctx, params.profileId));
  registerRoute(app, s, a.listStudentRequests, (ctx, { params }) => listStudentRequests(ctx, params.profileId));
  registerRoute(app, s, a.listStudentDocuments, (ctx, { params }) => listStudentDocuments(ctx, params.profileId));
  registerRoute(app, s, a.listMyDocuments, (ctx) => listMyDocuments(ctx));
  registerRoute(app, s, a.listStudentMessages, (ctx, { params, query }) => listStudentMessages(ctx, params.profileId, query));
  registerRoute(app, s, a.addDependent, (ctx, { params, body }) => addDependent(ctx, params.profileId, body));
  registerRoute(app, s, a.updateDependent, (ctx, { params, body }) => updateDependent(ctx, params.profileId, params.dependentId, body));
  registerRoute(app, s, a.terminateDependent, (ctx, { params, body }) =>
    terminateDependent(ctx, params.profileId, params.dependentId, body),
  );
  registerRoute(app, s, a.completeSevisEvent, (ctx, { params, body }) =>
    completeSevisEvent(ctx, params.profileId, params.eventId, body.values),
  );
  registerRoute(app, s, a.addSiteOfActivity, (ctx, { params, body }) => addSiteOfActivity(ctx, params.profileId, body));
  registerRoute(app, s, a.updateSiteOfActivity, (ctx, { params, body }) =>
    updateSiteOfActivity(ctx, params.profileId, params.siteId, body),
  );
  registerRoute(app, s, a.deactivateSiteOfActivity, (ctx, { params }) => deactivateSiteOfActivity(ctx, params.profileId, params.siteId));
  registerRoute(app, s, a.getStudentTipp, (ctx, { params }) => getStudentTipp(ctx, params.profileId));
  registerRoute(app, s, a.saveTippParticipant, (ctx, { params, body }) => saveTippParticipant(ctx, params.profileId, body));
  registerRoute(app, s, a.addTippSite, (ctx, { params, body }) => addTippSite(ctx, params.profileId, body));
  registerRoute(app, s, a.updateTippSite, (ctx, { params, body }) => updateTippSite(ctx, params.profileId, params.siteId, body));
  registerRoute(app, s, a.removeTippSite, (ctx, { params }) => removeTippSite(ctx, params.profileId, params.siteId));
  registerRoute(app, s, a.addTippPhase, (ctx, { params, body }) => addTippPhase(ctx, params.profileId, params.siteId, body));
  registerRoute(app, s, a.updateTippPhase, (ctx, { params, body }) => updateTippPhase(ctx, params.profileId, params.phaseId, body));
  registerRoute(app, s, a.removeTippPhase, (ctx, { params }) => removeTippPhase(ctx, params.profileId, params.phaseId));
  registerRoute(app, s, a.updateTippSignatures, (ctx, { params, body }) =>
    updateTippSignatures(ctx, params.profileId, params.siteId, body),
  );
  registerRoute(app, s, a.printDs7002, (ctx, { params, body }) => printDs7002(ctx, params.profileId, body));
  registerRoute(app, s, a.listCorrections, (ctx, { query }) => listCorrections(ctx, query));
  registerRoute(app, s, a.getCorrection, (ctx, { params }) => getCorrection(ctx, params.correctionId));
  registerRoute(app, s, a.approveCorrection, (ctx, { params, body }) => approveCorrection(ctx, params.correctionId, body.note));
  registerRoute(app, s, a.rejectCorrection, (ctx, { params, body }) => rejectCorrection(ctx, params.correctionId, body.note));
}
