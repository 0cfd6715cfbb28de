import type { TTx } from '../platform/db/database.js';
import { requestTypes } from '../modules/requests/index.js';
import { workflows, workflowSteps } from '../modules/workflows/index.js';

type TSeedType = [code: string, name: string, starters: string[], visaScope: string, description: string];

/** The request-type catalogue of docs/product/requests.md#request-types (its codes), with names an office would use. */
export const DEMO_REQUEST_TYPES: TSeedType[] = [
  [
    'demographic_update',
    'Demographic Update',
    ['student', 'scholar'],
    'All',
    'Report a change of name, citizenship or other personal details.',
  ],
  [
    'contact_info_update',
    'Contact Information Update',
    ['student', 'scholar'],
    'All',
    'Report a new U.S. address, phone number or e-mail.',
  ],
  ['dependent_info_update', 'Dependent Information Update', ['student', 'scholar'], 'All', 'Add or update an F-2/J-2 dependent.'],
  [
    'dependent_info_multi',
    'Several Dependents',
    ['student'],
    'Both',
    'Add, change or end the status of several F-2/J-2 dependents in one request.',
  ],
  ['program_info_update', 'Program Information Update', ['student'], 'Both', 'Report a change of major, minor or degree level.'],
  ['financial_info_update', 'Financial Information Update', ['student', 'staff'], 'Both', 'Submit new evidence of funding.'],
  [
    'cpt_request',
    'Curricular Practical Training (CPT)',
    ['student'],
    'F-1',
    'Request authorization for an internship or practicum that is part of your curriculum. Name your faculty advisor: they recommend it through a link we e-mail them.',
  ],
  [
    'rcl_request',
    'Reduced Course Load (RCL)',
    ['student'],
    'F-1',
    'Request permission to enrol below full time for an academic or medical reason, or in your final term. Name your faculty advisor: they recommend it through a link we e-mail them.',
  ],
  ['col_request', 'Change of Level (COL)', ['student'], 'F-1', "Continue to a new degree level, e.g. Master's to PhD."],
  ['opt_request', 'Optional Practical Training (OPT)', ['student'], 'F-1', 'Request a recommendation for pre- or post-completion OPT.'],
  ['opt_employer_update', 'OPT Employer Update', ['student'], 'F-1', 'Report a new or changed OPT employer.'],
  ['opt_stem_extend', 'STEM OPT Extension', ['student'], 'F-1', 'Request the 24-month STEM OPT extension (Form I-983).'],
  ['transfer_in', 'Transfer In', ['student'], 'Both', 'Transfer your SEVIS record to this institution.'],
  ['transfer_out', 'Transfer Out', ['student', 'staff'], 'Both', 'Transfer your SEVIS record to another school.'],
  ['reinstatement', 'Reinstatement', ['student'], 'F-1', 'Request help applying for reinstatement of F-1 status.'],
  ['program_extension', 'Program Extension', ['student', 'scholar', 'department'], 'Both', 'Extend your program end date.'],
  ['registration_request', 'Registration Request', ['student'], 'Both', 'Confirm your enrolment for the coming session.'],
  ['on_campus_employment_request', 'On-Campus Employment', ['student'], 'Both', 'Report on-campus employment.'],
  ['cancel_request', 'Cancel Program', ['student', 'staff'], 'Both', 'Ask the office to cancel your SEVIS record before you start.'],
  ['complete_program_request', 'Complete Program Early', ['student', 'staff'], 'Both', 'Report that you finish your program early.'],
  ['shorten_program_request', 'Shorten Program', ['student', 'staff'], 'Both', 'Shorten your program end date.'],
  ['amend_program_request', 'Amend Program', ['scholar', 'department'], 'J-1', 'Amend the dates or activity of a J-1 program.'],
  ['defer_attendance_request', 'Defer Attendance', ['student', 'staff'], 'Both', 'Defer your start to a later session.'],
  ['soa_add_request', 'Add Site of Activity', ['scholar', 'department'], 'J-1', 'Add a site of activity to a J-1 program.'],
  ['soa_update_request', 'Update Site of Activity', ['scholar', 'department'], 'J-1', 'Update a site of activity of a J-1 program.'],
  [
    'matriculation_request',
    'Matriculation',
    ['student'],
    'J-1',
    'Exchange visitor students: report that you now pursue a degree (or a new degree level), with its program end date.',
  ],
  [
    'terminate_request',
    'Terminate SEVIS Record',
    ['staff'],
    'Both',
    "The office ends a student's SEVIS record with SEVIS's reason (started from the student record; the student does not see it).",
  ],
];

/**
 * The engine request type behind each scholar program (docs/product/requests.md#request-types). Nobody starts
 * them from a request list (no starters): the department's sponsorship request and the office's "process as"
 * create them. Their questionnaires and documents are the visa type's template.
 */
export const SCHOLAR_PROGRAM_REQUEST_TYPES: Array<[code: string, name: string, description: string]> = [
  ['sponsorship_request', 'Sponsorship Request', 'A department asks the office to sponsor a scholar or employee.'],
  ['h1b_application', 'H-1B Application', "The beneficiary's part of an H-1B petition."],
  ['h1b_extension_application', 'H-1B Extension Application', "The beneficiary's part of an H-1B extension."],
  ['h1b_amendment_application', 'H-1B Amendment Application', "The beneficiary's part of an amended H-1B petition."],
  ['o1_application', 'O-1 Application', "The beneficiary's part of an O-1 petition."],
  ['o1_amendment_application', 'O-1 Amendment Application', "The beneficiary's part of an amended O-1 petition."],
  ['o1_extension_application', 'O-1 Extension Application', "The beneficiary's part of an O-1 extension."],
  ['j1_application', 'J-1 Application', 'What the office needs to issue a DS-2019.'],
  ['f1_opt_application', 'F-1 OPT/STEM Application', 'Employment of an F-1 student on OPT or STEM OPT.'],
];

/** Adds the scholar program types to an institution (the demo seed and new institutions). */
export async function seedScholarProgramTypes(tx: TTx, institutionId: string): Promise<void> {
  await tx
    .insert(requestTypes)
    .values(
      SCHOLAR_PROGRAM_REQUEST_TYPES.map(([code, name, description]) => ({
        institutionId,
        code,
        name,
        description,
        starters: [],
        visaScope: 'All',
      })),
    )
    .onConflictDoNothing();
}

/**
 * The demo institution's request types, and a one-step faculty recommendation workflow on CPT and
 * RCL (the advisor the student names recommends through the e-mailed link). Visa scopes follow the
 * regulations: CPT, OPT, STEM OPT, RCL, COL and reinstatement are F-1 only (students of another
 * visa type are neither offered them nor may start them); matriculation is J-1 only (SEVIS's exchange
 * visitor batch alone has it); the rest apply to F-1 and J-1.
 */
export async function seedRequestTypes(tx: TTx, institutionId: string): Promise<void> {
  const [wf] = await tx
    .insert(workflows)
    .values({ institutionId, name: 'Faculty recommendation', eventCode: 'FACULTY_RECOMMENDATION' })
    .returning();
  await tx
    .insert(workflowSteps)
    .values({ institutionId, workflowId: wf!.id, ordinal: 1, approverKind: 'faculty_advisor', label: 'Faculty advisor' });
  await tx.insert(requestTypes).values(
    DEMO_REQUEST_TYPES.map(([code, name, starters, visaScope, description]) => ({
      institutionId,
      code,
      name,
      starters,
      visaScope,
      description,
      workflowId: code === 'cpt_request' || code === 'rcl_request' ? wf!.id : null,
    })),
  );
  await seedScholarProgramTypes(tx, institutionId);
}
