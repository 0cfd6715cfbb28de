import { eq, or, sql } from 'drizzle-orm';
import { isScholarRequestCode, SCHOLAR_PROGRAM_TYPES, type TProcessedState } from '@meridian/domain';
import { provideAccountFacts } from '../auth/index.js';
import { provideMergeSource, provideRecipientSource } from '../messages/index.js';
import { provideCampusSiteUses, usesOf } from '../people/index.js';
import { registerRequesterFacts, registerRequestKind, registerStaffRequestGate, requestTypes } from '../requests/index.js';
import { applySponsorshipApprovalOutcome } from './department/operations/apply-sponsorship-approval-outcome.js';
import { describeCaseRequests } from './case-requests-described.js';
import { scholarCaseMergeValues } from './merge-values.js';
import {
  pickedScholarRecipients,
  pickedScholarsLabel,
  scholarDashboardLabel,
  scholarDashboardRecipients,
} from './reports/mass-recipients.js';
import { staffReachesCase } from './scholar.policy.js';
import { scholarApplications, scholars } from './schema.js';
import { applyScholarRequestApproval } from './requests/operations/apply-scholar-request-approval.js';
import { describeScholarRequestData, scholarRequestSubmitErrors } from './requests/request-kind.js';
import { caseOfRequest } from './requests/request-case.js';

const SPONSORSHIP = SCHOLAR_PROGRAM_TYPES.sponsorship;
const APPLICATIONS = new Set<string>(Object.values(SCHOLAR_PROGRAM_TYPES).filter((c) => c !== SPONSORSHIP));

/** What the scholars module adds to the layers below it. */
export function plugScholars(): void {
  // A scholar's sign-in lands on their case, and they belong to their hiring department.
  provideAccountFacts('scholar', async (tx, userId) => {
    const [s] = await tx.select().from(scholars).where(eq(scholars.userId, userId));
    return {
      scholarId: s?.id ?? null,
      scholarApplicationId: s?.currentApplicationId ?? null,
      processedState: (s?.processedState ?? '') as TProcessedState,
      departmentId: s?.departmentId ?? null,
    };
  });
  // A campus site with scholar cases cannot be deleted, only deactivated (docs/product/people.md#campus-sites).
  provideCampusSiteUses('scholars', async (tx) =>
    usesOf(
      'scholarCases',
      await tx
        .select({ siteId: scholarApplications.campusSiteId, count: sql<number>`count(*)::int` })
        .from(scholarApplications)
        .groupBy(scholarApplications.campusSiteId),
    ),
  );
  // Letters and e-mails about a scholar case are filled from the case and its scholar.
  provideMergeSource('scholarCase', scholarCaseMergeValues);
  // A mass e-mail's recipients chosen as a Scholar Dashboard tab with its filters, or picked by hand.
  provideRecipientSource('scholarDashboard', scholarDashboardRecipients, scholarDashboardLabel);
  provideRecipientSource('scholarCases', pickedScholarRecipients, pickedScholarsLabel);
  // A case's sponsorship request and program application are the office's to open as the case is: within the
  // staff member's visa types and departments (docs/product/people.md#scholar-area-permission).
  registerStaffRequestGate('scholarCase', async (tx, actor, r) => {
    if (r.profileId !== null || actor.staff?.isSuper) return true;
    const [c] = await tx
      .select({
        processedState: scholarApplications.processedState,
        proposedStatus: scholarApplications.proposedStatus,
        departmentId: scholarApplications.departmentId,
      })
      .from(scholarApplications)
      .where(or(eq(scholarApplications.sponsorshipRequestId, r.id), eq(scholarApplications.applicationRequestId, r.id)))
      .limit(1);
    return !c || staffReachesCase(actor, c, 'view');
  });
  // A scholar request with a form of its own (docs/product/scholars-portal.md#requests) is the office's to open as
  // the scholar's current case is: within the staff member's visa types and departments.
  registerStaffRequestGate('scholarRequest', async (tx, actor, r) => {
    if (r.profileId !== null || !r.subjectUserId || actor.staff?.isSuper) return true;
    const [type] = await tx.select({ code: requestTypes.code }).from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
    if (!type || !isScholarRequestCode(type.code)) return true;
    const found = await caseOfRequest(tx, r);
    return !found || staffReachesCase(actor, found.c, 'view');
  });
  // A scholar's own requests belong to their hiring department and their current case's campus site, and fit its
  // visa type (a J-1 program's request only a J-1's: the engine checks a type's visa scope against it).
  registerRequesterFacts('scholar', async (tx, actor) => {
    const [s] = await tx
      .select({
        departmentId: scholars.departmentId,
        campusSiteId: scholarApplications.campusSiteId,
        visaType: scholarApplications.processedState,
      })
      .from(scholars)
      .leftJoin(scholarApplications, eq(scholarApplications.id, scholars.currentApplicationId))
      .where(eq(scholars.userId, actor.userId));
    return {
      departmentId: s?.departmentId ?? null,
      ...(s?.campusSiteId ? { campusSiteId: s.campusSiteId } : {}),
      visaType: s?.visaType && s.visaType !== 'Ineligible' ? s.visaType : '',
    };
  });
  // The engine requests behind a scholar case move only with the case, which keeps its lock and form rules in step.
  registerRequestKind({
    name: 'scholar-sponsorship',
    owns: (code) => code === SPONSORSHIP,
    movedElsewhere: () =>
      'A sponsorship request is sent to the office from its case in the department portal (Send for approval), not here.',
    // Approved inside a department before the office sees it: the case moves and the scholars module tells who must know.
    onApprovalOutcome: applySponsorshipApprovalOutcome,
    describeRequests: describeCaseRequests,
  });
  // The scholar request types with a form of their own (J-1 amendment, extension and sites of activity; personal,
  // contact and family updates): their rules at submit, what the office reads of them, their effect on the case
  // when approved. The information updates share their codes with the students' own: a request about no student
  // record is the scholars'.
  registerRequestKind({
    name: 'scholar-request',
    owns: isScholarRequestCode,
    claims: (r) => r.profileId === null,
    submitErrors: scholarRequestSubmitErrors,
    describeData: describeScholarRequestData,
    onApproved: applyScholarRequestApproval,
  });
  registerRequestKind({
    name: 'scholar-application',
    owns: (code) => APPLICATIONS.has(code),
    movedElsewhere: () =>
      'A scholar application is submitted from the scholar portal, and the office moves it on the scholar dashboard, not here.',
    describeRequests: describeCaseRequests,
  });
}
