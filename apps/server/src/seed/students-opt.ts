import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@meridian/domain';
import type { TTx } from '../platform/db/database.js';
import { stemReports, studentEmployments } from '../modules/students/index.js';
import { ensureStemReports } from '../modules/students/index.js';
import { studentProfiles } from '../modules/students/index.js';

type TPhase = '01' | '02' | '03';
interface TSeedJob {
  employer: string;
  ein: string;
  title: string;
  from: number;
  to?: number | null;
  partTime?: boolean;
}
interface TSeedAuth {
  phase: TPhase;
  from: number;
  to: number;
  jobs: TSeedJob[];
}
interface TSeedStudent {
  first: string;
  last: string;
  site: 'main' | 'med';
  country: string;
  level: string;
  major: string;
  programEnd: number;
  sessionStart?: number;
  isRegistered?: boolean;
  auths: TSeedAuth[];
}

/**
 * OPT Management demo data (dates relative to the day it is seeded): post-completion OPT with a gap
 * between employers, STEM students with reports due and overdue, students near the 90-day limit,
 * pre-completion OPT, and deadlines (OPT filing window, STEM window, registration) on both sites.
 */
const STUDENTS: TSeedStudent[] = [
  {
    first: 'Mei',
    last: 'Chen',
    site: 'main',
    country: 'CN',
    level: '04',
    major: '11.0701',
    programEnd: -200,
    auths: [
      {
        phase: '02',
        from: -150,
        to: 214,
        jobs: [
          { employer: 'Northwind Analytics', ein: '271234567', title: 'Data Analyst', from: -138, to: -61 },
          { employer: 'Contoso Health', ein: '364567891', title: 'Software Engineer', from: -40 },
        ],
      },
    ],
  },
  {
    first: 'Diego',
    last: 'Alvarez',
    site: 'med',
    country: 'MX',
    level: '05',
    major: '26.0101',
    programEnd: -500,
    auths: [
      {
        phase: '02',
        from: -470,
        to: -171,
        jobs: [{ employer: 'Fabrikam Bioworks', ein: '455678912', title: 'Research Associate', from: -460, to: -171 }],
      },
      {
        phase: '03',
        from: -170,
        to: 559,
        jobs: [{ employer: 'Fabrikam Bioworks', ein: '455678912', title: 'Research Scientist', from: -170 }],
      },
    ],
  },
  {
    first: 'Kwame',
    last: 'Mensah',
    site: 'main',
    country: 'GH',
    level: '04',
    major: '14.0901',
    programEnd: -760,
    auths: [
      {
        phase: '02',
        from: -745,
        to: -381,
        jobs: [{ employer: 'Adatum Systems', ein: '521234098', title: 'Firmware Engineer', from: -700, to: -381 }],
      },
      {
        phase: '03',
        from: -380,
        to: 349,
        jobs: [{ employer: 'Adatum Systems', ein: '521234098', title: 'Firmware Engineer', from: -380 }],
      },
    ],
  },
  {
    first: 'Aisha',
    last: 'Rahman',
    site: 'main',
    country: 'BD',
    level: '04',
    major: '52.0201',
    programEnd: -110,
    auths: [{ phase: '02', from: -84, to: 280, jobs: [] }],
  },
  {
    first: 'Lucas',
    last: 'Silva',
    site: 'med',
    country: 'BR',
    level: '04',
    major: '51.2201',
    programEnd: -100,
    auths: [
      {
        phase: '02',
        from: -75,
        to: 289,
        jobs: [{ employer: 'Tailspin Clinics', ein: '610987654', title: 'Health Data Analyst', from: -5 }],
      },
    ],
  },
  {
    first: 'Hana',
    last: 'Kim',
    site: 'med',
    country: 'KR',
    level: '04',
    major: '27.0101',
    programEnd: -350,
    auths: [
      {
        phase: '02',
        from: -320,
        to: 44,
        jobs: [{ employer: 'Woodgrove Bank', ein: '133456789', title: 'Quantitative Analyst', from: -318 }],
      },
    ],
  },
  {
    first: 'Sofia',
    last: 'Rossi',
    site: 'main',
    country: 'IT',
    level: '04',
    major: '50.0901',
    programEnd: 200,
    sessionStart: -40,
    auths: [
      {
        phase: '01',
        from: -30,
        to: 60,
        jobs: [{ employer: 'Litware Studios', ein: '942345678', title: 'Sound Design Intern', from: -28, to: 60, partTime: true }],
      },
    ],
  },
  { first: 'Yuki', last: 'Sato', site: 'med', country: 'JP', level: '03', major: '45.1001', programEnd: 25, sessionStart: -90, auths: [] },
  {
    first: 'Omar',
    last: 'Haddad',
    site: 'main',
    country: 'JO',
    level: '04',
    major: '14.0801',
    programEnd: 500,
    sessionStart: -35,
    isRegistered: false,
    auths: [],
  },
];

/** Seeds the OPT demo students of one institution (fast: a few inserts). */
export async function seedStudentsOpt(tx: TTx, institutionId: string, sites: { main: number; med: number }): Promise<void> {
  // The demo's today is Springfield's (its institution's zone).
  const today = todayIn(DEFAULT_TIME_ZONE);
  const d = (n: number) => addDays(today, n);
  let i = 0;
  const ids: string[] = [];
  for (const s of STUDENTS) {
    i++;
    const [p] = await tx
      .insert(studentProfiles)
      .values({
        institutionId,
        currentStage: s.programEnd < 0 ? 'postcompletion_graduated' : 'continuing',
        campusSiteId: sites[s.site],
        sevisId: `N00${String(31415900 + i).padStart(8, '0')}`,
        campusId: `OPT${String(1000 + i)}`,
        firstName: s.first,
        lastName: s.last,
        email: `${s.first}.${s.last}@students.demo.example.edu`.toLowerCase(),
        gender: i % 2 ? 'F' : 'M',
        birthDate: `199${i % 8}-0${(i % 9) + 1}-1${i % 9}`,
        birthCity: 'Capital City',
        birthCountryCode: s.country,
        citizenshipCountryCode: s.country,
        permanentResidenceCountryCode: s.country,
        visaType: 'F-1',
        sevisStatus: 'Active',
        sevisStatusDate: d(-800),
        educationLevel: s.level,
        major1Code: s.major,
        programStartDate: d(s.programEnd - 730),
        programEndDate: d(s.programEnd),
        documentIssueDate: d(s.programEnd - 760),
        documentIssueReason: 'Continued attendance',
        sessionStartDate: d(s.sessionStart ?? s.programEnd - 120),
        sessionEndDate: d((s.sessionStart ?? s.programEnd - 120) + 110),
        isLastSession: s.programEnd < 120,
        isRegistered: s.isRegistered ?? true,
        usAddress: { line1: `${100 + i * 7} College Avenue`, city: 'Springfield', state: 'IL', postalCode: '62701', countryCode: 'US' },
        foreignAddress: { line1: `${i} Harbour Road`, city: 'Capital City', countryCode: s.country },
        phone: `217555${String(1000 + i).padStart(4, '0')}`,
        portalAccess: 0,
      })
      .returning({ id: studentProfiles.id });
    ids.push(p!.id);
    for (const a of s.auths) {
      const auth = {
        institutionId,
        profileId: p!.id,
        kind: a.phase === '03' ? 'stem' : 'opt',
        optPhase: a.phase,
        status: 'approved',
        authorizedStartDate: d(a.from),
        authorizedEndDate: d(a.to),
      };
      // The authorisation itself (the EAD period), then its employer periods.
      await tx.insert(studentEmployments).values(auth);
      for (const j of a.jobs) {
        await tx.insert(studentEmployments).values({
          ...auth,
          employerName: j.employer,
          employerEin: j.ein,
          jobTitle: j.title,
          startDate: d(j.from),
          endDate: j.to == null ? null : d(j.to),
          fullOrPartTime: j.partTime ? '02' : '01',
          hoursPerWeek: j.partTime ? 20 : 40,
          employerAddress: { line1: '1 Enterprise Way', city: 'Springfield', state: 'IL', postalCode: '62702', countryCode: 'US' },
        });
      }
    }
  }
  // The seed runs as the owner (no row-level security): name this institution's students.
  await ensureStemReports(tx, institutionId, ids);
  // The earliest validation report (Kwame's, six months into STEM) came in on time.
  const [first] = await tx
    .select()
    .from(stemReports)
    .where(and(inArray(stemReports.profileId, ids), lt(stemReports.dueDate, today)))
    .orderBy(asc(stemReports.dueDate))
    .limit(1);
  if (first) {
    await tx
      .update(stemReports)
      .set({ receivedAt: new Date(`${addDays(first.dueDate, -3)}T12:00:00Z`), notes: 'Received by e-mail from the student' })
      .where(eq(stemReports.id, first.id));
  }
}
