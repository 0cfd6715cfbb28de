/**
 * SEVIS's code tables, as far as Meridian sends their codes: each code with SEVIS's own description,
 * copied from the official tables (apps/server/sevis-xsd/tables/, "SEVIS Table N - ..."). The schema's
 * code lists say which codes parse; these say what each one means and which SEVIS accepts for the
 * visa type (a code the schema lists but the table marks not for F-1 is refused by SEVIS, S1060 /
 * S1055 / S1062). `sevis-code-tables.test.ts` loads every table file and checks each entry here, and
 * each of our words mapped to a code, against it.
 */
export type TSevisTable = Readonly<Record<string, string>>;

/** SEVIS Table 4 - Below Full Course Reason Codes (all valid for F-1): AuthDropBelowFC Reason. */
export const TABLE_4_DROP_BELOW: TSevisTable = {
  '01': 'ILLNESS OR MEDICAL CONDITION',
  '02': 'INITIAL DIFFICULTY WITH THE ENGLISH LANGUAGE',
  '03': 'INITIAL DIFFICULTY WITH READING REQUIREMENTS',
  '04': 'UNFAMILIARITY WITH AMERICAN TEACHING METHODS',
  '05': 'IMPROPER COURSE LEVEL PLACEMENT',
  '06': 'TO COMPLETE COURSE OF STUDY IN CURRENT TERM',
  '07': 'PART-TIME COMMUTER STUDENT',
};

/** SEVIS Table 13 - Student Termination Reason Codes, those whose F-1 indicator is Y (SEVIS S1060 otherwise). */
export const TABLE_13_TERMINATION_F1: TSevisTable = {
  '01': 'UNAUTHORIZED WITHDRAWAL',
  '02': 'DEATH',
  '03': 'UNAUTHORIZED EMPLOYMENT',
  '04': 'UNAUTHORIZED DROP BELOW FULL COURSE',
  '05': 'AUTHORIZED DROP BELOW FULL COURSE TIME EXCEEDED',
  '08': 'EXPULSIONS',
  '09': 'SUSPENSION',
  '10': 'ABSENT FROM COUNTRY FOR FIVE MONTHS',
  '11': 'FAILURE TO ENROLL',
  '13': 'TRANSFER STUDENT NO SHOW',
  '16': 'OTHERWISE FAILING TO MAINTAIN STATUS',
  '17': 'VIOLATION OF CHANGE OF STATUS REQUIREMENTS',
  '18': 'CHANGE OF STATUS DENIED',
  '19': 'CHANGE OF STATUS WITHDRAWN',
  '20': 'CHANGE OF STATUS APPROVED',
  '22': 'NO SHOW - MANUAL TERMINATION',
  '23': 'AUTHORIZED EARLY WITHDRAWAL',
  '25': 'SCHOOL WITHDRAWN',
};

/** SEVIS Table 10 - Student Cancellation Reason Codes. */
export const TABLE_10_CANCEL: TSevisTable = {
  '01': 'Student not attending',
  '02': 'Visa Issued for different SEVIS ID',
  '03': 'Student registered under different SEVIS ID',
  '04': 'Student arrived under different SEVIS ID',
  '05': 'Record Created in error',
  '06': 'Offer Withdrawn',
};

/** SEVIS Table 12 - Student Reprint Codes. */
export const TABLE_12_STUDENT_REPRINT: TSevisTable = {
  '01': 'Travel (valid only for those with F-1, F-2, M-1, or M-2 visa class)',
  '02': 'Lost',
  '03': 'Stolen',
  '04': 'Damaged',
  '50': 'Updated',
};

/** SEVIS Table 2 - Dependent Cancellation Reason Codes (F-2). */
export const TABLE_2_DEPENDENT_CANCEL: TSevisTable = {
  '01': 'Record Created in error',
  '02': 'Dependent will not accompany student',
};

/** SEVIS Table 3 - Dependent Termination Codes (F-2). */
export const TABLE_3_DEPENDENT_TERMINATION: TSevisTable = {
  '02': 'DEATH',
  '03': 'CHILD OVER 21',
  '04': 'DIVORCE',
  '05': 'UNAUTHORIZED EMPLOYMENT',
  '06': 'PRINCIPAL STATUS TERMINATED',
  '09': 'OTHER',
  '10': 'PRINCIPAL STATUS COMPLETED',
};

/**
 * SEVIS Table 18 - Dependent End Program Reason Codes (J-2 End Status). The table also lists 03 CHILD
 * OVER 21, but the 6.27 schema's DependentCompletionType takes only 02, 04 and 09, so 03 is not sent.
 */
export const TABLE_18_EV_DEPENDENT_END: TSevisTable = {
  '02': 'DEATH',
  '04': 'DIVORCE',
  '09': 'OTHER',
};

/** SEVIS Table 19 - Exchange Visitor Dependent Termination Codes (J-2 Terminate: violations). */
export const TABLE_19_EV_DEPENDENT_TERMINATION: TSevisTable = {
  '01': 'CONVICTION OF A CRIME',
  '05': 'UNAUTHORIZED EMPLOYMENT',
  '09': 'OTHER',
};

/** SEVIS Table 23 - Exchange Visitor Reprint Codes (the table writes 5; the schema's code is 05). */
export const TABLE_23_EV_REPRINT: TSevisTable = {
  '05': 'Other (valid only for those with J-1 or J-2 visa class)',
  '12': 'Lost (valid only for those with J-1 or J-2 visa class)',
  '13': 'Damaged (valid only for those with J-1 or J-2 visa class)',
  '14': 'Stolen (valid only for those with J-1 or J-2 visa class)',
};

/** SEVIS Table 24 - Exchange Visitor Termination Reason Codes. */
export const TABLE_24_EV_TERMINATION: TSevisTable = {
  FALACT: 'FAILURE TO PURSUE EV PROGRAM ACTIVITIES',
  FALINS: 'FAILURE TO MAINTAIN HEALTH INSURANCE',
  CONVIC: 'CONVICTION OF A CRIME',
  DISCIP: 'DISCIPLINARY ACTION',
  ENGEMP: 'ENGAGING IN UNAUTHORIZED EMPLOYMENT',
  VIOSPN: 'VIOLATING SPONSOR RULES GOVERNING THE PROGRAM',
  VIOEXV: 'VIOLATING EXCHANGE VISITOR PROGRAM REGULATIONS',
  FALSTD: 'FAILURE TO MAINTAIN A FULL COURSE OF STUDY',
  INVSUS: 'INVOLUNTARY SUSPENSION',
  FALADD: 'FAILURE TO SUBMIT CHANGE OF CURRENT ADDRESS WITHIN 10 DAYS',
  OTHER: 'OTHER',
};

/** SEVIS Table 6 - Employment Time Codes. */
export const TABLE_6_EMPLOYMENT_TIME: TSevisTable = { '01': 'FULL TIME', '02': 'PART TIME' };

/** SEVIS Table 9 - OPT Employment Completion Type Codes. */
export const TABLE_9_OPT_COMPLETION: TSevisTable = { '01': 'PRE COMPLETION', '02': 'POST COMPLETION' };

/** SEVIS Table 35 - Dependent Type Codes. */
export const TABLE_35_DEPENDENT_TYPE: TSevisTable = { '01': 'SPOUSE', '02': 'CHILD' };

/** SEVIS Table 36 - Gender Codes: U is "UNKNOWN – not for an EV". */
export const TABLE_36_GENDER: TSevisTable = { M: 'MALE', F: 'FEMALE', U: 'UNKNOWN – not for an EV' };

/** SEVIS Table 37 - Name Suffix Codes. */
export const TABLE_37_SUFFIX: TSevisTable = {
  I: 'First',
  II: 'Second',
  III: 'Third',
  IV: 'Fourth',
  'Jr.': 'Junior',
  'Sr.': 'Senior',
};

/** The tables of the codes an event may carry as they are (sevisReasonCode), by schema type. */
export const TABLE_OF_TYPE: Readonly<Record<string, { table: TSevisTable; name: string }>> = {
  DropBlwfullType: { table: TABLE_4_DROP_BELOW, name: 'SEVIS Table 4' },
  StudentTerminationReasonType: { table: TABLE_13_TERMINATION_F1, name: 'SEVIS Table 13 (F-1)' },
  StudentCancelReasonType: { table: TABLE_10_CANCEL, name: 'SEVIS Table 10' },
  StudentReprintRequestReasonType: { table: TABLE_12_STUDENT_REPRINT, name: 'SEVIS Table 12' },
  DependentCancelReasonType: { table: TABLE_2_DEPENDENT_CANCEL, name: 'SEVIS Table 2' },
  DependentTerminationReasonType: { table: TABLE_3_DEPENDENT_TERMINATION, name: 'SEVIS Table 3' },
  DependentCompletionType: { table: TABLE_18_EV_DEPENDENT_END, name: 'SEVIS Table 18' },
  EVDepTerminationReasonType: { table: TABLE_19_EV_DEPENDENT_TERMINATION, name: 'SEVIS Table 19' },
  EVReprintRequestReasonType: { table: TABLE_23_EV_REPRINT, name: 'SEVIS Table 23' },
  EVTerminationReasonType: { table: TABLE_24_EV_TERMINATION, name: 'SEVIS Table 24' },
  EmploymentTimeType: { table: TABLE_6_EMPLOYMENT_TIME, name: 'SEVIS Table 6' },
  DependentCodeType: { table: TABLE_35_DEPENDENT_TYPE, name: 'SEVIS Table 35' },
};
