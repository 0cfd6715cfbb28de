import { and, eq, sql } from 'drizzle-orm';
import { addDays, DEFAULT_TIME_ZONE, SCHOLAR_PROGRAM_TYPES, todayIn, type TScholarProgramKey } from '@meridian/domain';
import type { TTx } from '../platform/db/database.js';
import { auditEvents } from '../platform/audit/schema.js';
import { departments, users } from '../modules/people/index.js';
import { requests, requestTypes } from '../modules/requests/index.js';
import { scholarApplications, scholarStatusHistory } from '../modules/scholars/index.js';
import { scholars } from '../modules/scholars/index.js';

const DAY = 86_400_000;
/** The date n days from the demo's today (Springfield's, its institution's zone). */
const isoIn = (days: number) => addDays(todayIn(DEFAULT_TIME_ZONE), days);

interface TDemoCase {
  first: string;
  last: string;
  email: string;
  dept: 'PHYS' | 'CS' | 'MED';
  proposed: string;
  processed: string;
  position: string;
  phase: string;
  status: string;
  applicationState?: string;
  isLocked?: boolean;
  start: number;
  end: number;
  /** Phase/status steps after processing, oldest first: [phase, status, daysAgo, notes, reference]. */
  steps?: Array<[string, string, number, string, string?]>;
  premium?: Record<string, string | number | boolean | null>;
  employment?: Record<string, unknown>;
  officeData?: Record<string, unknown>;
  data?: Record<string, unknown> | undefined;
  userName?: string;
  /** Days ago the department created the case (default from the start date and position in the list). */
  created?: number;
}

/** Hiro Tanaka's H-1B form, partly filled: beneficiary, education and immigration history, petition flags still open. */
const HIRO_FORM = {
  firstName: 'Hiro',
  lastName: 'Tanaka',
  dateOfBirth: '1990-04-12',
  countryOfBirth: 'JP',
  countryOfCitizenship: 'JP',
  email: 'scholar@demo.example.edu',
  phone: '+81 3 5555 0142',
  foreignAddressStreet: '2-11-3 Meguro',
  foreignAddressCity: 'Tokyo',
  foreignAddressCountry: 'JP',
  highestEducation: '3',
  highestDegreeDate: '2019-03-25',
  fieldOfStudy: 'Condensed matter physics',
  immigrationHistory: [
    { subjectName: 'Hiro Tanaka', status: 'J-1', periodofStayFromDate: '2019-09-01', periodofStayToDate: '2021-08-31' },
    { subjectName: 'Hiro Tanaka', status: 'B-1', periodofStayFromDate: '2023-05-10', periodofStayToDate: '2023-05-24' },
    { subjectName: 'Hiro Tanaka', status: 'H-1B', periodofStayFromDate: '2024-01-08', periodofStayToDate: '2025-06-30' },
  ],
  isHavingFamily: false,
  documentType: 'passport',
  documentNumber: 'TK1234567',
  documentIssueDate: '2022-02-01',
  documentExpiryDate: '2032-02-01',
};

/** Who the application is about and the home address (every form starts with them). */
const person = (first: string, last: string, email: string, born: string, country: string, city: string, street: string) => ({
  firstName: first,
  lastName: last,
  dateOfBirth: born,
  countryOfBirth: country,
  countryOfCitizenship: country,
  email,
  phone: '+1 555 0100',
  foreignAddressStreet: street,
  foreignAddressCity: city,
  foreignAddressCountry: country,
});
const passport = (number: string) => ({
  documentType: 'passport',
  documentNumber: number,
  documentIssueDate: '2021-03-15',
  documentExpiryDate: '2031-03-14',
});
/** The petition questions of an H-1B form, answered. */
const H1B_PETITION = {
  h1bCapOut: true,
  i140Flag: false,
  cnmiFlag: false,
  offsiteWorkFlag: false,
  beneficiaryStatusFlag: true,
  isHavingFamily: false,
};
const j1Site = {
  siteOfActivityName: 'Demo University',
  siteOfActivityAddress1: '1 University Avenue',
  siteOfActivityCity: 'Springfield',
  siteOfActivityState: 'IL',
  siteOfActivityPostalCode: '62701',
};

/** The submitted forms: each passes the submit rules of its visa type (test/scholars-office-seed.test.ts proves it). */
const SUBMITTED_FORMS: Record<string, Record<string, unknown>> = {
  amara: {
    ...person('Amara', 'Okafor', 'amara.okafor@example.org', '1988-09-14', 'NG', 'Lagos', '14 Awolowo Road, Ikoyi'),
    category: 'RESEARCH SCHOLAR',
    subjectFieldCode: '26.0102',
    subjectFieldRemarks: 'Molecular biology of tropical infectious diseases.',
    ...j1Site,
    fundingProgramSponsor: '48000',
    fundingPersonal: '6000',
    priorJStatus: [{ category: 'STUDENT', fromDate: '2012-08-20', toDate: '2014-05-15' }],
    isHavingFamily: false,
    ...passport('A09876543'),
  },
  lukas: {
    ...person('Lukas', 'Becker', 'lukas.becker@example.org', '1979-02-03', 'DE', 'Berlin', 'Torstrasse 101'),
    o1Classification: 'O-1A',
    fieldOfAbility: 'Distributed systems and consensus protocols',
    consultationGroup: 'Association for Computing Machinery',
    evidenceCriteriaO1A: ['awards', 'judging', 'scholarly_articles', 'original_contributions'],
    itinerary: [
      {
        eventName: 'Visiting professorship, distributed systems group',
        location: 'Demo University',
        fromDate: isoIn(40),
        toDate: isoIn(40 + 3 * 365),
      },
    ],
    ...passport('C4F1234567'),
  },
  sofia: {
    ...person('Sofia', 'Rossi', 'sofia.rossi@example.org', '1998-11-27', 'IT', 'Milan', 'Via Torino 12'),
    sevisId: 'N0029876543',
    optType: 'stem',
    eadNumber: 'YSC2590123456',
    eadStartDate: isoIn(-320),
    eadEndDate: isoIn(45),
    employerName: 'Demo University',
    eVerifyNumber: '123456',
    jobTitle: 'Research Intern',
    hoursPerWeek: '40',
    startDate: isoIn(-320),
  },
  arjun: {
    currentReceiptNumber: 'EAC2310012345',
    reasonForExtension: 'The grant funding the position was renewed for three more years.',
    ...person('Arjun', 'Patel', 'arjun.patel@example.org', '1987-06-05', 'IN', 'Pune', '22 FC Road, Shivajinagar'),
    highestEducation: '3',
    highestDegreeDate: '2016-05-20',
    fieldOfStudy: 'Plasma physics',
    immigrationHistory: [{ subjectName: 'Arjun Patel', status: 'H-1B', periodofStayFromDate: isoIn(-1070), periodofStayToDate: isoIn(25) }],
    ...H1B_PETITION,
    currentEmployeeFlag: true,
    currentEmploymentStartDate: isoIn(-1070),
    actualWages: [{ name: 'Research Associate', wages: '$84,000 per year' }],
    ...passport('P7654321'),
  },
  jing: {
    ...person('Jing', 'Chen', 'jing.chen@example.org', '1991-01-19', 'CN', 'Shanghai', '88 Huaihai Road'),
    highestEducation: '8',
    highestDegreeDate: '2018-06-30',
    fieldOfStudy: 'Medicine (M.D.)',
    immigrationHistory: [{ subjectName: 'Jing Chen', status: 'J-1', periodofStayFromDate: '2019-07-01', periodofStayToDate: '2022-06-30' }],
    ...H1B_PETITION,
    h1bCapOut: false,
    currentEmployeeFlag: false,
    actualWages: [{ name: 'Clinical Research Fellow', wages: '$101,000 per year' }],
    ...passport('E12345678'),
  },
  olumide: {
    currentReceiptNumber: 'WAC2420098765',
    reasonForAmendment: 'The work moves to the new research building on the medical campus.',
    ...person('Olumide', 'Adeyemi', 'olumide.adeyemi@example.org', '1985-12-01', 'NG', 'Ibadan', '5 Ring Road'),
    highestEducation: '3',
    highestDegreeDate: '2015-11-10',
    fieldOfStudy: 'Biochemistry',
    immigrationHistory: [
      { subjectName: 'Olumide Adeyemi', status: 'H-1B', periodofStayFromDate: isoIn(-400), periodofStayToDate: isoIn(700) },
    ],
    ...H1B_PETITION,
    currentEmployeeFlag: true,
    currentEmploymentStartDate: isoIn(-400),
    actualWages: [{ name: 'Staff Scientist', wages: '$92,000 per year' }],
    ...passport('A01928374'),
  },
  yuki: {
    ...person('Yuki', 'Sato', 'yuki.sato@example.org', '1993-08-08', 'JP', 'Kyoto', '3-1 Yoshida-honmachi, Sakyo-ku'),
    category: 'SHORT-TERM SCHOLAR',
    subjectFieldCode: '40.0801',
    ...j1Site,
    fundingUsGovernment: '15000',
    isHavingFamily: false,
    ...passport('TR7654321'),
  },
};

const CASES: TDemoCase[] = [
  {
    first: 'Hiro',
    last: 'Tanaka',
    email: 'scholar@demo.example.edu',
    dept: 'PHYS',
    proposed: 'H-1B',
    processed: 'H-1B',
    position: 'Postdoctoral Researcher',
    phase: 'application',
    status: 'in_progress',
    applicationState: 'draft',
    start: 75,
    end: 75 + 3 * 365,
    userName: 'scholar',
    data: HIRO_FORM,
    steps: [['application', 'in_progress', 3, 'Scholar started the form.']],
  },
  {
    first: 'Maria',
    last: 'Gonzalez',
    email: 'maria.gonzalez@example.org',
    dept: 'PHYS',
    proposed: 'H-1B',
    processed: '',
    position: 'Research Scientist',
    phase: 'sponsorship_request',
    status: 'pending',
    start: 120,
    end: 120 + 3 * 365,
  },
  {
    first: 'Wei',
    last: 'Li',
    email: 'wei.li@example.org',
    dept: 'CS',
    proposed: "Don't Know",
    processed: 'Ineligible',
    position: 'Visiting Student',
    phase: 'closed',
    status: 'ineligible',
    start: 30,
    end: 200,
  },
  {
    first: 'Amara',
    last: 'Okafor',
    email: 'amara.okafor@example.org',
    dept: 'MED',
    proposed: 'J-1',
    processed: 'J-1',
    position: 'Research Scholar',
    phase: 'isss_review',
    status: 'in_progress',
    applicationState: 'submitted',
    isLocked: true,
    start: 60,
    end: 60 + 2 * 365,
    officeData: { j1Category: 'RESEARCH SCHOLAR', subjectFieldCode: '26.0102' },
    data: SUBMITTED_FORMS.amara,
    userName: 'amara.okafor',
    steps: [['isss_review', 'in_progress', 2, 'Checking funding letters.']],
  },
  {
    first: 'Lukas',
    last: 'Becker',
    email: 'lukas.becker@example.org',
    dept: 'CS',
    proposed: 'O-1',
    processed: 'O-1',
    position: 'Visiting Professor',
    phase: 'filed',
    status: 'pending',
    applicationState: 'submitted',
    isLocked: true,
    start: 40,
    end: 40 + 3 * 365,
    premium: { premiumProcessFlag: true, receiptNumber: 'IOE0912345678', requestedDate: isoIn(-6), fee: '2805', decisionDate: null },
    data: SUBMITTED_FORMS.lukas,
    userName: 'lukas.becker',
    steps: [
      ['isss_review', 'in_progress', 20, 'Letters of support received.'],
      ['petition_preparation', 'in_progress', 12, ''],
      ['filed', 'pending', 6, 'Filed with premium processing.', 'IOE0912345678'],
    ],
  },
  {
    first: 'Sofia',
    last: 'Rossi',
    email: 'sofia.rossi@example.org',
    dept: 'CS',
    proposed: 'F-1 OPT/STEM',
    processed: 'F-1 OPT/STEM',
    position: 'Software Research Intern',
    phase: 'active',
    status: 'approved',
    applicationState: 'submitted',
    isLocked: true,
    start: -320,
    end: 45,
    employment: {
      employerName: 'Demo University',
      jobTitle: 'Research Intern',
      hoursPerWeek: 40,
      wages: '52000',
      wageUnit: 'year',
      startDate: isoIn(-320),
      endDate: isoIn(45),
      opt: true,
      stem: true,
    },
    data: SUBMITTED_FORMS.sofia,
    userName: 'sofia.rossi',
    steps: [
      ['isss_review', 'completed', 330, ''],
      ['active', 'approved', 320, 'EAD received.'],
    ],
  },
  {
    first: 'Arjun',
    last: 'Patel',
    email: 'arjun.patel@example.org',
    dept: 'PHYS',
    proposed: 'H-1B',
    processed: 'H-1BExtension',
    position: 'Research Associate',
    phase: 'isss_review',
    status: 'in_progress',
    applicationState: 'submitted',
    isLocked: true,
    start: -1070,
    end: 25,
    officeData: {
      lcaNumber: 'I-200-26301-442211',
      socCode: '19-2012',
      socTitle: 'Physicists',
      wageLevel: 'II',
      prevailingWage: '78000',
      offeredWage: '84000',
      wageUnit: 'year',
    },
    data: SUBMITTED_FORMS.arjun,
    userName: 'arjun.patel',
    created: 14,
    steps: [['isss_review', 'in_progress', 1, 'Extension needed before the current end date.']],
  },
  {
    first: 'Jing',
    last: 'Chen',
    email: 'jing.chen@example.org',
    dept: 'MED',
    proposed: 'H-1B',
    processed: 'H-1B',
    position: 'Clinical Research Fellow',
    phase: 'approved',
    status: 'approved',
    applicationState: 'submitted',
    isLocked: true,
    start: -680,
    end: 50,
    officeData: {
      lcaNumber: 'I-200-25110-100234',
      socCode: '29-1229',
      wageLevel: 'III',
      prevailingWage: '96000',
      offeredWage: '101000',
      wageUnit: 'year',
      receiptNumber: 'EAC2510012345',
    },
    data: SUBMITTED_FORMS.jing,
    userName: 'jing.chen',
    steps: [
      ['isss_review', 'completed', 712, ''],
      ['petition_preparation', 'completed', 706, 'LCA certified.'],
      ['filed', 'pending', 700, '', 'EAC2510012345'],
      ['approved', 'approved', 690, 'I-797 approval notice received.', 'EAC2510012345'],
    ],
  },
  {
    first: 'Yuki',
    last: 'Sato',
    email: 'yuki.sato@example.org',
    dept: 'PHYS',
    proposed: 'J-1',
    processed: 'J-1',
    position: 'Short-term Scholar',
    phase: 'active',
    status: 'approved',
    applicationState: 'submitted',
    isLocked: true,
    start: -150,
    end: 20,
    officeData: { j1Category: 'SHORT-TERM SCHOLAR', subjectFieldCode: '40.0801', sevisId: 'N0031234567' },
    data: SUBMITTED_FORMS.yuki,
    userName: 'yuki.sato',
    steps: [
      ['isss_review', 'completed', 170, ''],
      ['active', 'approved', 150, 'Checked in.'],
    ],
  },
  {
    first: 'Olumide',
    last: 'Adeyemi',
    email: 'olumide.adeyemi@example.org',
    dept: 'MED',
    proposed: 'H-1B',
    processed: 'H-1BAmendment',
    position: 'Staff Scientist',
    phase: 'petition_preparation',
    status: 'on_hold',
    applicationState: 'submitted',
    isLocked: true,
    start: -400,
    end: 700,
    data: SUBMITTED_FORMS.olumide,
    userName: 'olumide.adeyemi',
    created: 30,
    steps: [
      ['isss_review', 'completed', 15, ''],
      ['petition_preparation', 'on_hold', 4, 'Waiting for the new worksite address.'],
    ],
  },
  {
    first: 'Elena',
    last: 'Petrova',
    email: 'elena.petrova@example.org',
    dept: 'CS',
    proposed: 'O-1',
    processed: 'O-1Amendment',
    position: 'Artist in Residence',
    phase: 'application',
    status: 'pending',
    applicationState: 'not_started',
    start: 90,
    end: 90 + 2 * 365,
  },
];

/**
 * The demo office's scholar cases (docs/product/scholars-office.md): Hiro Tanaka (the demo scholar) with an
 * H-1B case in its application phase, and ten more across the three departments, in different phases,
 * statuses and visa types (an unprocessed sponsorship request, an ineligible one, J-1, O-1, F-1 OPT/STEM, end
 * dates within 60 days), each with its engine requests and status history. Every scholar who submitted has a
 * portal account and a filled form that passes the submit rules; the others have not been invited.
 */
export async function seedScholars(tx: TTx, institutionId: string): Promise<void> {
  const depts = Object.fromEntries(
    (await tx.select().from(departments).where(eq(departments.institutionId, institutionId))).map((d) => [d.code, d.id]),
  );
  const byName = Object.fromEntries(
    (await tx.select().from(users).where(eq(users.institutionId, institutionId))).map((u) => [u.userName, u.id]),
  );
  const types = Object.fromEntries(
    (await tx.select().from(requestTypes).where(eq(requestTypes.institutionId, institutionId))).map((t) => [t.code, t]),
  );
  const [{ max }] = (await tx
    .select({ max: sql<number>`coalesce(max(${requests.number}), 1000)` })
    .from(requests)
    .where(eq(requests.institutionId, institutionId))) as [{ max: number }];
  let number = Number(max);
  const admin = byName.admin!;
  // Scholars who submitted signed in to the portal: they get an account (the demo password, like the other demo users).
  const [{ passwordHash }] = (await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, admin))) as [
    { passwordHash: string | null },
  ];

  const engine = async (code: string, requester: string, subject: string | null, dept: string, status: string, daysAgo: number) => {
    number += 1;
    const type = types[code]!;
    const at = new Date(Date.now() - daysAgo * DAY);
    const [r] = await tx
      .insert(requests)
      .values({
        institutionId,
        number,
        requestTypeId: type.id,
        requesterUserId: requester,
        subjectUserId: subject,
        departmentId: dept,
        status,
        title: type.name,
        submittedAt: status === 'draft' ? null : at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return r!.id;
  };

  for (const [i, k] of CASES.entries()) {
    const dept = depts[k.dept]!;
    const requester = k.dept === 'PHYS' ? byName.dept! : admin;
    const createdDaysAgo = k.created ?? Math.max(10, -k.start + 40, 25 + i);
    const submittedDaysAgo = createdDaysAgo - 5;
    if (k.userName && !byName[k.userName]) {
      const at = new Date(Date.now() - (createdDaysAgo - 3) * DAY);
      const [u] = await tx
        .insert(users)
        .values({
          institutionId,
          userName: k.userName,
          email: k.email,
          firstName: k.first,
          lastName: k.last,
          role: 'scholar',
          departmentId: dept,
          passwordHash,
          passwordChangedAt: at,
          lastLoginAt: new Date(Date.now() - submittedDaysAgo * DAY),
          createdAt: at,
        })
        .returning();
      byName[k.userName] = u!.id;
    }
    const userId = k.userName ? byName[k.userName]! : null;
    let scholarId: string;
    const [existing] = userId
      ? await tx
          .select()
          .from(scholars)
          .where(and(eq(scholars.institutionId, institutionId), eq(scholars.userId, userId)))
      : [];
    if (existing) {
      scholarId = existing.id;
      await tx
        .update(scholars)
        .set({ firstName: k.first, lastName: k.last, email: k.email, departmentId: dept })
        .where(eq(scholars.id, existing.id));
    } else {
      const [s] = await tx
        .insert(scholars)
        .values({ institutionId, userId, departmentId: dept, firstName: k.first, lastName: k.last, email: k.email })
        .returning();
      scholarId = s!.id;
    }
    const processed = k.processed !== '' && k.processed !== 'Ineligible';
    const sponsorshipState = k.processed === '' ? 'submitted' : k.processed === 'Ineligible' ? 'ineligible' : 'processed';
    const sponsorshipRequestId = await engine(
      'sponsorship_request',
      requester,
      userId,
      dept,
      sponsorshipState === 'submitted' ? 'submitted' : sponsorshipState === 'ineligible' ? 'rejected' : 'completed',
      createdDaysAgo,
    );
    if (sponsorshipState === 'ineligible') {
      await tx
        .update(requests)
        .set({ statusMessage: 'The visit is for study only: a J-1 student or F-1 route applies, not an employment sponsorship.' })
        .where(eq(requests.id, sponsorshipRequestId));
    }
    const appState = k.applicationState ?? 'not_started';
    const applicationRequestId = processed
      ? // The application's engine request belongs to the scholar and the office (see process-sponsorship.ts).
        await engine(
          SCHOLAR_PROGRAM_TYPES[k.processed as TScholarProgramKey],
          admin,
          userId,
          dept,
          appState === 'submitted' ? (k.phase === 'active' || k.phase === 'approved' ? 'completed' : 'in_review') : 'draft',
          createdDaysAgo - 3,
        )
      : null;
    const { premiumProcessFlag = false, ...premium } = k.premium ?? {};
    const created = new Date(Date.now() - createdDaysAgo * DAY);
    const [c] = await tx
      .insert(scholarApplications)
      .values({
        institutionId,
        scholarId,
        departmentId: dept,
        proposedStatus: k.proposed,
        proposedStartDate: isoIn(k.start),
        proposedEndDate: isoIn(k.end),
        position: k.position,
        hiringAuthorityName: k.dept === 'PHYS' ? 'Prof. Ada Lovelace' : k.dept === 'CS' ? 'Prof. Alan Turing' : 'Dr. Elizabeth Blackwell',
        hiringAuthorityEmail:
          k.dept === 'PHYS'
            ? 'ada.lovelace@demo.example.edu'
            : k.dept === 'CS'
              ? 'alan.turing@demo.example.edu'
              : 'e.blackwell@demo.example.edu',
        sponsorshipState,
        processedState: k.processed,
        processedStartDate: processed ? isoIn(k.start) : null,
        processedEndDate: processed ? isoIn(k.end) : null,
        applicationState: appState,
        submittedToIsssAt: appState === 'submitted' ? new Date(Date.now() - submittedDaysAgo * DAY) : null,
        phase: k.phase,
        status: k.status,
        statusChangeDate: isoIn(-(k.steps?.at(-1)?.[2] ?? createdDaysAgo - 3)),
        isLocked: k.isLocked ?? false,
        premiumProcessFlag: premiumProcessFlag === true,
        premiumProcessing: premium,
        employment: k.employment ?? {},
        data: k.data ?? {},
        officeData: k.officeData ?? {},
        sponsorshipRequestId,
        applicationRequestId,
        createdBy: requester,
        updatedBy: admin,
        createdAt: created,
        updatedAt: new Date(Date.now() - (k.steps?.at(-1)?.[2] ?? 1) * DAY),
      })
      .returning();
    await tx
      .update(scholars)
      .set({ processedState: processed ? k.processed : '', currentApplicationId: c!.id })
      .where(eq(scholars.id, scholarId));

    const history: Array<typeof scholarStatusHistory.$inferInsert> = [
      {
        institutionId,
        applicationId: c!.id,
        phase: 'sponsorship_request',
        status: 'pending',
        changeDate: isoIn(-createdDaysAgo),
        changeReason: 'Sponsorship request received from the department',
        visaCode: '',
        changedBy: requester,
        createdAt: created,
      },
    ];
    if (k.processed !== '') {
      const at = createdDaysAgo - 3;
      history.push({
        institutionId,
        applicationId: c!.id,
        phase: processed ? 'application' : 'closed',
        status: processed ? 'pending' : 'ineligible',
        changeDate: isoIn(-at),
        changeReason: processed ? `Processed as ${k.processed}` : 'The visit is for study only.',
        visaCode: k.processed,
        changedBy: admin,
        createdAt: new Date(Date.now() - at * DAY),
      });
      // Dated when it happened, so the History Log reads like the status history.
      await tx.insert(auditEvents).values({
        institutionId,
        actorUserId: admin,
        entityType: 'scholar_application',
        entityId: c!.id,
        action: 'scholar.processed',
        at: new Date(Date.now() - at * DAY),
        before: { processedState: '', phase: 'sponsorship_request' },
        after: processed
          ? { processedState: k.processed, phase: 'application', status: 'pending', applicationRequestId }
          : { processedState: 'Ineligible', phase: 'closed', status: 'ineligible' },
      });
    }
    let prev = { phase: processed ? 'application' : k.phase, status: 'pending' };
    if (appState === 'submitted') {
      // As application-submit.ts records it: the scholar's submission opens the ISSS review.
      const at = new Date(Date.now() - submittedDaysAgo * DAY);
      history.push({
        institutionId,
        applicationId: c!.id,
        phase: 'isss_review',
        status: 'pending',
        changeDate: isoIn(-submittedDaysAgo),
        notes: 'Application submitted to ISSS by the scholar.',
        changeReason: 'Application submitted',
        visaCode: k.processed,
        changedBy: userId!,
        createdAt: at,
      });
      await tx.insert(auditEvents).values({
        institutionId,
        actorUserId: userId,
        entityType: 'scholar_application',
        entityId: c!.id,
        action: 'scholar_application.submitted',
        at,
        before: { applicationState: 'draft', phase: 'application', status: 'in_progress', isLocked: false },
        after: { applicationState: 'submitted', phase: 'isss_review', status: 'pending', isLocked: true },
      });
      prev = { phase: 'isss_review', status: 'pending' };
    }
    for (const [phase, status, daysAgo, notes, ref] of k.steps ?? []) {
      await tx.insert(auditEvents).values({
        institutionId,
        actorUserId: admin,
        entityType: 'scholar_application',
        entityId: c!.id,
        action: 'scholar.status-changed',
        at: new Date(Date.now() - daysAgo * DAY),
        before: prev,
        after: { phase, status, changeDate: isoIn(-daysAgo), notes: notes || undefined, referenceNumber: ref },
      });
      prev = { phase, status };
    }
    for (const [phase, status, daysAgo, notes, ref] of k.steps ?? []) {
      history.push({
        institutionId,
        applicationId: c!.id,
        phase,
        status,
        notes,
        changeDate: isoIn(-daysAgo),
        referenceNumber: ref ?? '',
        referenceDate: ref ? isoIn(-daysAgo) : null,
        visaCode: k.processed,
        changedBy: admin,
        createdAt: new Date(Date.now() - daysAgo * DAY),
      });
    }
    await tx.insert(scholarStatusHistory).values(history);
  }
}
