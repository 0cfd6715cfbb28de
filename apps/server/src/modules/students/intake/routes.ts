import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, LEGACY_MSG, MSG, STUDENT_LEGACY_TARGETS, studentsApi } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { answerJob, registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import { withKeptInput } from '../../../platform/jobs/kept-input.js';
import { inviteStudent } from './operations/invite-student.js';
import { inviteStudents } from './operations/invite-students.js';
import { listNewlyAdmitted } from './operations/list-newly-admitted.js';
import { COMMIT_IMPORT_JOB, commitStudentImport, startCommitStudentImport } from './operations/commit-student-import.js';
import { discardStudentImport } from './operations/discard-student-import.js';
import { getStudentImport } from './operations/get-student-import.js';
import { listStudentImports } from './operations/list-student-imports.js';
import { downloadStudentImportErrors } from './operations/download-student-import-errors.js';
import { checkImportFileType, readImportUpload } from './import-file.js';
import { legacyMatchingOf, readLegacyFileColumns } from './legacy-file.js';
import {
  startStudentImportUpload,
  type TUploadImportJobInput,
  UPLOAD_IMPORT_JOB,
  uploadStudentImport,
} from './operations/upload-student-import.js';

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
function attachmentName(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const FILE_REQUIRED = 'Choose a CSV or XLSX file to upload.';

/** The students module's intake routes: portal invitations, Newly Admitted Students, batch upload. */
export function intakeRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, studentsApi.inviteStudents, (ctx, { body }) => inviteStudents(ctx, body.profileIds));
  registerRoute(app, s, studentsApi.inviteStudent, (ctx, { params }) => inviteStudent(ctx, params.profileId));
  registerRoute(app, s, studentsApi.listNewlyAdmitted, (ctx, { query }) => listNewlyAdmitted(ctx, query));

  // Reading and checking an upload, and creating its students, run as jobs the page follows.
  registerJobKind<TUploadImportJobInput>({
    kind: UPLOAD_IMPORT_JOB,
    run: ({ ctx, input, progress, completeIn }) =>
      withKeptInput(ctx, input.storageKey, (data) =>
        uploadStudentImport(ctx, { fileName: input.fileName, data }, { progress, completeIn }, input.legacy ?? null),
      ),
  });
  registerJobKind<{ importId: string }>({
    kind: COMMIT_IMPORT_JOB,
    run: ({ ctx, input, progress, completeIn }) => commitStudentImport(ctx, input.importId, { progress, completeIn }),
  });
  registerRawRoute(app, s, studentsApi.uploadStudentImport, async (ctx, req, reply) => {
    const upload = await readImportUpload(req, IMPORT_MAX_BYTES, FILE_REQUIRED);
    return answerJob(reply, await startStudentImportUpload(ctx, upload, legacyMatchingOf(upload.fields)));
  });
  // Convert from Legacy: the header and first rows of a legacy export, for matching its columns on the page.
  registerRawRoute(app, s, studentsApi.readStudentImportColumns, async (_ctx, req, reply) => {
    const upload = await readImportUpload(req, IMPORT_MAX_BYTES, LEGACY_MSG.fileRequired);
    checkImportFileType(upload.fileName, upload.data);
    return reply.send(await readLegacyFileColumns(upload, STUDENT_LEGACY_TARGETS, IMPORT_MAX_ROWS));
  });
  registerRoute(app, s, studentsApi.listStudentImports, (ctx, { query }) => listStudentImports(ctx, query));
  registerRoute(app, s, studentsApi.getStudentImport, (ctx, { params, query }) => getStudentImport(ctx, params.importId, query));
  registerRawRoute(app, s, studentsApi.downloadStudentImportErrors, async (ctx, req, reply) => {
    const params = studentsApi.ZImportIdParams.safeParse(req.params);
    if (!params.success) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
    const { fileName, csv } = await downloadStudentImportErrors(ctx, params.data.importId);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentName(fileName))
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
  registerRoute(app, s, studentsApi.commitStudentImport, (ctx, { params }) => startCommitStudentImport(ctx, params.importId), {
    startsJob: true,
  });
  registerRoute(app, s, studentsApi.discardStudentImport, (ctx, { params }) => discardStudentImport(ctx, params.importId));
}
