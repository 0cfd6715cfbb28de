import type { TTestApp } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import {
  buildDependent,
  buildPendingEvent,
  buildProfileCorrection,
  buildSiteOfActivity,
  buildStudent,
  buildTipp,
  buildTippPhase,
  buildTippSite,
} from './factories/index.js';

// students.read / students.manage: super users, officers and assistants of some campus site; the
// record itself is then checked by campus site (the rows use Main Campus records, which the demo
// officer and assistant (editStudent on Main) reach). students.self: the student, their own record.
const STAFF: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
const SELF: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 200 };

let n = 0;
/** Parts of a Main Campus record of institution A (the rows' records). */
const ofRecord = (t: TTestApp, profileId: string) => ({ id: profileId, institutionId: t.institutionA });
const newDependent = async (t: TTestApp, profileId: string) =>
  (
    await buildDependent(t, ofRecord(t, profileId), {
      firstName: 'Ravi',
      lastName: 'Dependent',
      relationshipCode: '01',
      gender: 'F',
      birthDate: '1998-02-03',
      birthCountryCode: 'IN',
      citizenshipCountryCode: 'IN',
    })
  ).id;
const newSiteOfActivity = async (t: TTestApp, profileId: string) => (await buildSiteOfActivity(t, ofRecord(t, profileId))).id;
const newCorrection = async (t: TTestApp, profileId: string) =>
  (
    await buildProfileCorrection(t, ofRecord(t, profileId), {
      changes: { middleName: { from: '', to: 'Kumar' } },
      reason: 'Typo in my name',
    })
  ).id;

async function record(m: TMatrixContext, o: { visaType?: 'F-1' | 'J-1' | undefined } = {}) {
  const s = await buildStudent(m.t, { site: 'MAIN', visaType: o.visaType, ...(o.visaType === 'J-1' ? { evCategoryCode: '1B' } : {}) });
  const [row] = await m.t.sql<{ updated_at: Date }>('select updated_at from student_profiles where id = $1', [s.id]);
  return { profileId: s.id, updatedAt: row!.updated_at.toISOString() };
}

/** A Main Campus trainee (SEVIS Table 15: 2A) with a T/IPP: a primary site whose one phase covers the program. */
async function trainee(m: TMatrixContext) {
  const s = await buildStudent(m.t, {
    site: 'MAIN',
    visaType: 'J-1',
    evCategoryCode: '2A',
    programStartDate: '2026-08-24',
    programEndDate: '2027-05-21',
  });
  await buildTipp(m.t, s);
  const site = await buildTippSite(m.t, s);
  const phase = await buildTippPhase(m.t, site, { startDate: '2026-08-24', endDate: '2027-05-21' });
  return { profileId: s.id, siteId: site.id, phaseId: phase.id };
}
const tippSiteBody = {
  name: 'Matrix Labs',
  address: { line1: '1 Main Street', postalCode: '02139' },
  employerEin: '123456789',
  fullTimeEmployees: 12,
  annualRevenue: '01',
  websiteUrl: 'https://matrix.example.org',
  workersComp: 'N',
  workersCompForEv: 'E',
  evHoursPerWeek: 40,
  stipend: 'N',
  supervisorLastName: 'Lane',
  supervisorFirstName: 'Ada',
  supervisorTitle: 'Lead',
  supervisorPhone: '6175550100',
  supervisorEmail: 'ada@example.org',
};
const tippPhaseBody = {
  name: 'Matrix phase',
  startDate: '2026-08-24',
  endDate: '2027-05-21',
  trainingField: 'Testing',
  supervisorLastName: 'Lane',
  supervisorFirstName: 'Ada',
  supervisorTitle: 'Lead',
  supervisorEmail: 'ada@example.org',
  supervisorPhone: '6175550100',
  evRole: 'Tester',
  goalsAndObjectives: 'Learn',
  supervisorQualifications: 'Qualified',
  culturalActivities: 'Museums',
  skillsLearned: 'Testing',
  teachingMethod: 'Pairing',
  competencyMeasurement: 'Reviews',
};

const dependentBody = {
  firstName: 'Anya',
  lastName: 'Dependent',
  relationshipCode: '02',
  gender: 'F',
  birthDate: '2020-05-06',
  // A child born in the United States is a U.S. citizen and never an F-2.
  birthCountryCode: 'IN',
  citizenshipCountryCode: 'IN',
};
/** Digits spelt as letters: SEVIS S1148 takes only the letters A to Z (and spaces) in names. */
const spelt = (digits: string) => digits.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** The students module's records routes (see authorization-matrix.ts). */
export const STUDENTS_RECORDS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/students/:profileId',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId } }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students',
    access: 'students.manage',
    request: (m) => {
      n += 1;
      const u = `${process.pid}${Date.now()}${n}`;
      return {
        body: {
          firstName: 'Matrix',
          lastName: `Student ${spelt(u)}`,
          email: `matrix${u}@example.edu`,
          birthDate: '2000-01-02',
          citizenshipCountryCode: 'BR',
          visaType: 'F-1',
          campusSiteId: m.sites.MAIN,
          programStartDate: '2026-08-20',
          programEndDate: '2028-05-15',
        },
      };
    },
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/j1-cohorts',
    access: 'students.manage',
    // checkOnly: the whole check (site reach, rows, existing records) without creating anything.
    request: (m) => ({
      body: {
        campusSiteId: m.sites.MAIN,
        evCategoryCode: '1F',
        evPositionCode: '213',
        subjectFieldCode: '45.0601',
        programStartDate: '2027-01-10',
        programEndDate: '2027-05-20',
        site: { name: 'Exchange Office', address: { line1: '1 University Ave', postalCode: '62701' } },
        receivedUsGovtFunds: true,
        participants: [
          {
            lastName: 'Matrix Cohort',
            firstName: 'Aiko',
            email: 'matrix.cohort@example.org',
            birthDate: '2004-04-12',
            gender: 'F',
            birthCity: 'Osaka',
            birthCountryCode: 'JP',
            citizenshipCountryCode: 'JP',
            permanentResidenceCountryCode: 'JP',
          },
        ],
        checkOnly: true,
      },
    }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/j1-cohorts/file',
    access: 'students.manage',
    request: () => {
      const { payload, headers } = multipart(
        {},
        {
          name: 'cohort.csv',
          data: Buffer.from(
            'last_name,first_name,email,birth_date,gender,birth_city,birth_country,citizenship_country,permanent_residence_country\r\n' +
              'Tanaka,Aiko,aiko@example.org,04/12/2004,F,Osaka,JP,JP,JP\r\n',
          ),
        },
      );
      return { body: payload, headers };
    },
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await record(m);
      return { params: { profileId: r.profileId }, body: { updatedAt: r.updatedAt, phone: '5551234567' } };
    },
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/stage',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId }, body: { stage: 'check_in' } }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/tags',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId }, body: { tags: ['Scholarship'] } }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/history',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId } }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/sevis-events',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId } }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/sevis-events/:eventId/complete',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await record(m);
      // An OPT recommendation the batch held back for lack of full or part time (SEVIS Table 6).
      const e = await buildPendingEvent(m.t, ofRecord(m.t, r.profileId), {
        eventType: 'OPTEmployment',
        action: 'Request',
        status: 'held',
        message: 'Full or part time OPT is missing in the SEVIS update.',
        payload: { optPhase: '02' },
      });
      return { params: { profileId: r.profileId, eventId: e.id }, body: { values: { fullOrPartTime: '01' } } };
    },
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/requests',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId } }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/documents',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId } }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/messages',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId } }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/dependents',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m)).profileId }, body: dependentBody }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/dependents/:dependentId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await record(m);
      return { params: { profileId: r.profileId, dependentId: await newDependent(m.t, r.profileId) }, body: dependentBody };
    },
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/dependents/:dependentId/terminate',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await record(m);
      return { params: { profileId: r.profileId, dependentId: await newDependent(m.t, r.profileId) }, body: { reasonCode: '04' } };
    },
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/sites-of-activity',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await record(m, { visaType: 'J-1' })).profileId }, body: { name: 'Field station' } }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/sites-of-activity/:siteId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await record(m, { visaType: 'J-1' });
      return { params: { profileId: r.profileId, siteId: await newSiteOfActivity(m.t, r.profileId) }, body: { name: 'Field station 2' } };
    },
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/sites-of-activity/:siteId/deactivate',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await record(m, { visaType: 'J-1' });
      return { params: { profileId: r.profileId, siteId: await newSiteOfActivity(m.t, r.profileId) } };
    },
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/tipp',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await trainee(m)).profileId } }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/tipp',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { profileId: (await trainee(m)).profileId },
      body: { email: 'x@example.edu', fieldOfStudy: 'Physics', typeOfDegree: 'BSc', degreeDate: '2024-06-01' },
    }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/tipp/sites',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await trainee(m)).profileId }, body: tippSiteBody }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/tipp/sites/:siteId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await trainee(m);
      return { params: { profileId: r.profileId, siteId: r.siteId }, body: { ...tippSiteBody, isPrimary: true } };
    },
    expect: STAFF,
  },
  {
    method: 'DELETE',
    path: '/api/students/:profileId/tipp/sites/:siteId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await trainee(m);
      const other = await buildTippSite(
        m.t,
        { id: r.profileId, institutionId: m.t.institutionA },
        { name: 'Second site', isPrimary: false },
      );
      return { params: { profileId: r.profileId, siteId: other.id } };
    },
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/tipp/sites/:siteId/phases',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await trainee(m);
      return { params: { profileId: r.profileId, siteId: r.siteId }, body: tippPhaseBody };
    },
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/tipp/phases/:phaseId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await trainee(m);
      return { params: { profileId: r.profileId, phaseId: r.phaseId }, body: tippPhaseBody };
    },
    expect: STAFF,
  },
  {
    method: 'DELETE',
    path: '/api/students/:profileId/tipp/phases/:phaseId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await trainee(m);
      return { params: { profileId: r.profileId, phaseId: r.phaseId } };
    },
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/tipp/sites/:siteId/signatures',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const r = await trainee(m);
      return { params: { profileId: r.profileId, siteId: r.siteId }, body: { evSignatureDate: '2026-01-05' } };
    },
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/tipp/print',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await trainee(m)).profileId }, body: {} }),
    expect: STAFF,
  },
  { method: 'GET', path: '/api/students/me', access: 'students.self', request: () => ({}), expect: SELF },
  { method: 'GET', path: '/api/students/me/documents', access: 'students.self', request: () => ({}), expect: SELF },
  {
    method: 'POST',
    path: '/api/students/me/corrections',
    access: 'students.self',
    request: () => {
      n += 1;
      return { body: { changes: { middleName: `M${spelt(String(n))}` }, reason: 'My middle name is missing' } };
    },
    expect: SELF,
  },
  {
    method: 'GET',
    path: '/api/student-corrections',
    access: 'students.read',
    request: () => ({ query: { status: 'pending' } }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/student-corrections/:correctionId',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { correctionId: await newCorrection(m.t, (await record(m)).profileId) } }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/student-corrections/:correctionId/approve',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { correctionId: await newCorrection(m.t, (await record(m)).profileId) }, body: {} }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/student-corrections/:correctionId/reject',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { correctionId: await newCorrection(m.t, (await record(m)).profileId) },
      body: { note: 'Please send a passport copy' },
    }),
    expect: STAFF,
  },
];
