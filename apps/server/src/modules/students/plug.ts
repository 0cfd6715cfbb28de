import { eq, sql } from 'drizzle-orm';
import { isOfficeStudentRequest, isStudentRequestCode, type TStudentStage } from '@meridian/domain';
import { provideRecordParts } from '../attachments/index.js';
import { provideAccountFacts } from '../auth/index.js';
import { provideMergeSource, provideRecipientSource } from '../messages/index.js';
import { provideCampusSiteUses, providePersonSites, usesOf } from '../people/index.js';
import { provideStudentRecordFacts, registerRequesterFacts, registerRequestKind } from '../requests/index.js';
import { applyApprovalEffects } from './requests/operations/apply-approval-effects.js';
import { describeStudentRequestData, studentRequestSubmitErrors } from './requests/request-rules.js';
import { describeOfficeRequests } from './requests/office-requests.js';
import { pickedStudentRecipients, pickedStudentsLabel, studentListLabel, studentListRecipients } from './list/mass-recipients.js';
import { studentMergeValues, studentMergeValuesMany } from './records/merge-values.js';
import { studentRecordParts } from './records/record-parts.js';
import { studentImports, studentProfiles } from './schema.js';

/** What the students module adds to the layers below it. */
export function plugStudents(): void {
  // A student's sign-in lands on their record's stage.
  provideAccountFacts('ISSSstudent', async (tx, userId) => {
    const [p] = await tx
      .select({ id: studentProfiles.id, stage: studentProfiles.currentStage })
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, userId));
    return { profileId: p?.id ?? null, currentStage: (p?.stage as TStudentStage | undefined) ?? null };
  });
  // A student belongs to the campus site of their record, wherever it has moved since they were invited.
  providePersonSites('students', async (tx, userId) =>
    (await tx.select({ site: studentProfiles.campusSiteId }).from(studentProfiles).where(eq(studentProfiles.userId, userId))).map(
      (r) => r.site,
    ),
  );
  // A campus site with student records or uploads cannot be deleted, only deactivated (docs/product/people.md#campus-sites).
  provideCampusSiteUses('students', async (tx) => {
    const count = sql<number>`count(*)::int`;
    const records = await tx
      .select({ siteId: studentProfiles.campusSiteId, count })
      .from(studentProfiles)
      .groupBy(studentProfiles.campusSiteId);
    const uploads = await tx
      .select({ siteId: studentImports.campusSiteId, count })
      .from(studentImports)
      .groupBy(studentImports.campusSiteId);
    return [...usesOf('studentRecords', records), ...usesOf('studentImports', uploads)];
  });
  // A student's own request is about their record, at its campus site, of their visa type.
  registerRequesterFacts('ISSSstudent', async (tx, actor) => {
    const [p] = await tx.select().from(studentProfiles).where(eq(studentProfiles.userId, actor.userId));
    return { profileId: p?.id ?? null, campusSiteId: p?.campusSiteId ?? null, visaType: p?.visaType ?? '' };
  });
  // A student request's assignment rules read the record's visa type and family name (docs/product/requests.md#assignment-rules).
  provideStudentRecordFacts(async (tx, profileId) => {
    const [p] = await tx
      .select({ visaType: studentProfiles.visaType, familyName: studentProfiles.lastName })
      .from(studentProfiles)
      .where(eq(studentProfiles.id, profileId));
    return p ?? null;
  });
  // The request types with a form of their own (CPT, OPT, RCL...): their rules at submit, their effects on the record when approved.
  registerRequestKind({
    name: 'student',
    owns: isStudentRequestCode,
    // The office's own requests (a termination) are started from the student record only (docs/product/students-requests.md#the-offices-own-requests).
    officeOnly: isOfficeStudentRequest,
    describeRequests: describeOfficeRequests,
    submitErrors: (tx, ctx, r, code) => (isStudentRequestCode(code) ? studentRequestSubmitErrors(tx, ctx, r, code) : Promise.resolve({})),
    describeData: (tx, r, code) => describeStudentRequestData(tx, r, code),
    onApproved: (tx, ctx, r, code) => applyApprovalEffects(tx, ctx, r, code),
  });
  // Documents filed per dependent and per site of activity of a student's record.
  provideRecordParts(studentRecordParts);
  // Letters and e-mails about a student or an exchange visitor are filled from their record.
  provideMergeSource(
    'student',
    (tx, ctx, id) => studentMergeValues(tx, ctx, id, 'student'),
    (tx, ctx, ids) => studentMergeValuesMany(tx, ctx, ids, 'student'),
  );
  provideMergeSource(
    'exchangeVisitor',
    (tx, ctx, id) => studentMergeValues(tx, ctx, id, 'exchangeVisitor'),
    (tx, ctx, ids) => studentMergeValuesMany(tx, ctx, ids, 'exchangeVisitor'),
  );
  // A mass e-mail's recipients chosen as a Student List title with its filters, or picked by hand.
  provideRecipientSource('studentList', studentListRecipients, studentListLabel);
  provideRecipientSource('students', pickedStudentRecipients, pickedStudentsLabel);
}
