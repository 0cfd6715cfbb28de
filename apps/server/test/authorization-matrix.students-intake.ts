import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { HOST_A } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import { buildStudent } from './factories/index.js';
import { followJob } from './http.js';

// students.manage: super users, officers and assistants with student sites (the demo assistant edits Main Campus).
const MANAGE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };

// students.read: the same staff; students.import: super users and officers only.
const READ = MANAGE;
const IMPORT: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

// An upload of the super user: an officer of one campus sees only their own uploads (404).
const OTHERS_UPLOAD: TExpect = { ...IMPORT, officer: 404 };

let seq = 0;
/** A one-row CSV for Main Campus (unique each call). */
function oneRowCsv(): string {
  seq += 1;
  const tag = `${process.pid}${Date.now().toString(36)}${seq}`;
  return (
    'first_name,last_name,email,birth_date,citizenship,visa_type,campus_site,program_start_date,program_end_date\r\n' +
    `Matrix,Row${seq},matrix.${tag}@example.org,01/02/2003,IN,F-1,MAIN,08/20/2026,05/15/2028\r\n`
  );
}

/** A fresh previewed upload by the super user (which every importer of all sites may see; officers of MAIN too when theirs). */
async function newImport(m: Parameters<TMatrixRow['request']>[0]): Promise<string> {
  const admin = await m.t.login('admin');
  const { payload, headers } = multipart({}, { name: 'matrix.csv', data: Buffer.from(oneRowCsv()) });
  const sent = { host: HOST_A, ...headers, authorization: `Bearer ${admin.accessToken}` };
  // The upload is checked by a job: its end answers the preview's summary.
  const res = await followJob(m.t, await m.t.app.inject({ method: 'POST', url: '/api/student-imports', payload, headers: sent }), sent);
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A newly admitted Main Campus student without a portal account: a fresh target for one invitation. */
const admitted = async (m: Parameters<TMatrixRow['request']>[0]) =>
  (await buildStudent(m.t, { site: 'MAIN', sevisStatus: 'Initial', currentStage: 'invited', user: null })).id;

/** The students module's intake routes (see authorization-matrix.ts). */
export const STUDENTS_INTAKE_MATRIX: TMatrixRow[] = [
  {
    method: 'POST',
    path: '/api/students/:profileId/invite',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: await admitted(m) } }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/students/invite',
    access: 'students.manage',
    request: async (m) => ({ body: { profileIds: [await admitted(m)] } }),
    expect: MANAGE,
  },
  {
    method: 'GET',
    path: '/api/students/newly-admitted',
    access: 'students.read',
    request: () => ({ query: { q: 'a', sort: 'invitedAt' } }),
    expect: READ,
  },

  {
    method: 'POST',
    path: '/api/student-imports',
    access: 'students.import',
    request: () => {
      const { payload, headers } = multipart({}, { name: 'matrix.csv', data: Buffer.from(oneRowCsv()) });
      return { body: payload, headers };
    },
    expect: IMPORT,
  },
  {
    method: 'POST',
    path: '/api/student-imports/columns',
    access: 'students.import',
    request: () => {
      const { payload, headers } = multipart({}, { name: 'legacy.csv', data: Buffer.from(oneRowCsv()) });
      return { body: payload, headers };
    },
    expect: IMPORT,
  },
  { method: 'GET', path: '/api/student-imports', access: 'students.import', request: () => ({}), expect: IMPORT },
  {
    method: 'GET',
    path: '/api/student-imports/:importId',
    access: 'students.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await newImport(m) } }),
    expect: OTHERS_UPLOAD,
  },
  {
    method: 'GET',
    path: '/api/student-imports/:importId/errors.csv',
    access: 'students.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await newImport(m) } }),
    expect: OTHERS_UPLOAD,
  },
  {
    method: 'POST',
    path: '/api/student-imports/:importId/commit',
    access: 'students.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await newImport(m) } }),
    expect: OTHERS_UPLOAD,
  },
  {
    method: 'POST',
    path: '/api/student-imports/:importId/discard',
    access: 'students.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await newImport(m) } }),
    expect: OTHERS_UPLOAD,
  },
];
